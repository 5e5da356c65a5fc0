"""Robustness: arbitrary (mostly illegal) records never crash the engine.

A record is either unreadable (``RecordError`` naming a field) or replayed into a report, with any
rule violation reported as illegal input.
"""

from __future__ import annotations

import copy
import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from judging.engine import IllegalInputError, RecordError, parse_record, replay_record
from judging.engine.zutomayo.apply import Game
from judging.engine.zutomayo.record import OPS, TARGETS, TIMINGS, ZONES
from judging.engine.zutomayo.state import event_digest

from .conftest import invented_catalogue
from .test_golden import FILES, load

CARDS = invented_catalogue()
IDS = [card.id for card in CARDS.cards]
BASES = [load(path)["record"] for path in FILES]

card_ids = st.sampled_from([*IDS * 10, "NOPE", "?"])  # mostly known ids
effect = st.fixed_dictionaries(
    {"player": st.integers(0, 1), "op": st.sampled_from(sorted(OPS))},
    optional={
        "card": card_ids,
        "amount": st.integers(-20, 120),
        "timing": st.sampled_from(TIMINGS),
        "target": st.sampled_from(TARGETS),
        "position": st.integers(0, 17),
        "card_target": card_ids,
        "from_zone": st.sampled_from(ZONES),
        "to_zone": st.sampled_from(ZONES),
        "action": st.sampled_from(["draw", "heal", "move_medal", "second_card", "mill"]),
        "turns": st.integers(1, 3),
        "condition_met": st.booleans(),
        "stoppable": st.booleans(),
    },
)
turn = st.fixed_dictionaries(
    {
        "set": st.lists(
            st.fixed_dictionaries({"A": card_ids}, optional={"B": card_ids}),
            min_size=2,
            max_size=2,
        )
    },
    optional={"effects": st.lists(effect, max_size=4)},
)


@settings(max_examples=150, deadline=None)
@given(
    base=st.sampled_from(BASES),
    turns=st.lists(turn, max_size=6),
    keep=st.integers(0, 3),
    night_side=st.integers(0, 1),
)
def test_random_records_never_crash(
    base: dict[str, Any], turns: list[dict[str, Any]], keep: int, night_side: int
) -> None:
    record = copy.deepcopy(base)
    record["turns"] = record["turns"][:keep] + turns
    record["night_side"] = night_side
    try:
        report = replay_record(record, cards=CARDS)
    except RecordError as exc:
        unreadable = exc.path
        assert unreadable
        return
    json.dumps(report.to_json())
    report.to_text("ja")
    parsed = parse_record(record, CARDS)
    fresh = Game(parsed.cards, parsed.profile)
    fresh.cache_dumps = False
    try:
        if parsed.start is not None:
            fresh.start_from(parsed.start, parsed.night_side)
        else:
            fresh.setup(parsed)
        for played in parsed.turns:
            fresh.play_turn(played)
    except IllegalInputError:
        pass
    assert [event_digest(e) for e in fresh.events] == [event_digest(e) for e in report.events]
    if report.illegal_input is not None:
        assert report.result.reason == "illegal_input"
        assert report.result.rules == (report.illegal_input.rule,)
