"""A count of 0 or less is not done, and a negative count is not the opposite action (1.3.2.2).

1.3.2.2: "If an action is asked to be done 0 or a negative number of times for some reason, it
isn't done. A negative number doesn't mean doing the opposite." So the ``amount`` of a counted
primitive (marks to move the medal, cards to draw or mill, damage, healing, attack given) is a
count: -3 does not move the medal back 3, it does not move it at all. "Time goes back" is its own
direction (``direction: back``, e.g. 1st_26's text), with a positive count.
"""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs
import pytest

from judging.engine import CardCatalogue, ReplayReport, replay_record, schema

from .test_effects import snapshot_record


def play(cards: CardCatalogue, effects: list[dict[str, Any]]) -> ReplayReport:
    """Turn 3 of test_effects' snapshot: P0 sets T_8 + T_9 (clocks 0 + 1), P1 sets T_3 (2)."""
    data = snapshot_record(effects)
    jsonschema.validate(data, schema())
    report = replay_record(data, cards=cards)
    assert report.illegal_input is None, report.illegal_input
    return report


def not_done(report: ReplayReport) -> list[tuple[str, tuple[str, ...], object]]:
    return [
        (str(e.param("op")), e.rules, e.param("reason"))
        for e in report.events
        if e.kind == "EFFECT_NOT_DONE"
    ]


def test_rule_1_3_2_2_move_medal_minus_3_does_not_move_the_medal(cards: CardCatalogue) -> None:
    """-3 marks is not "3 marks back": the medal stays; only the turn's clocks (0+1+2) move it."""
    report = play(cards, [{"player": 0, "card": "T_9", "op": "move_medal", "amount": -3}])
    assert "MEDAL_MOVED" not in [e.kind for e in report.events]
    assert not_done(report) == [("move_medal", ("1.3.2.2",), "negative_times")]
    assert report.turns[-1].medal == 3


def test_time_goes_back_is_a_direction_with_a_positive_count(cards: CardCatalogue) -> None:
    """direction "back" moves the medal anticlockwise: 0 back 2 is 16 (3.8.2), then +3 is 1."""
    effect = {"player": 0, "card": "T_9", "op": "move_medal", "amount": 2, "direction": "back",
              "timing": "start"}  # fmt: skip
    report = play(cards, [effect])
    moved = next(e for e in report.events if e.kind == "MEDAL_MOVED")
    assert (moved.before, moved.after) == (0, 16)
    assert report.turns[-1].medal == 1


def test_rule_1_3_2_2_move_medal_back_minus_2_is_not_done(cards: CardCatalogue) -> None:
    effect = {"player": 0, "card": "T_9", "op": "move_medal", "amount": -2, "direction": "back"}
    report = play(cards, [effect])
    assert not_done(report) == [("move_medal", ("1.3.2.2",), "negative_times")]
    assert report.turns[-1].medal == 3


@pytest.mark.parametrize(
    ("op", "target"),
    [("draw", "self"), ("mill", "opponent"), ("deal_damage", "opponent"), ("heal", "self"),
     ("attack_plus", "self"), ("attack_minus", "opponent"), ("reduce_damage", "self")],
)  # fmt: skip
def test_rule_1_3_2_2_negative_counts_are_not_done(
    cards: CardCatalogue, op: str, target: str
) -> None:
    """Drawing -2 is not putting 2 back, dealing -10 is not healing, and so on: nothing happens."""
    plain = play(cards, [])
    report = play(cards, [{"player": 0, "card": "T_9", "op": op, "amount": -2, "target": target}])
    assert not_done(report) == [(op, ("1.3.2.2",), "negative_times")]
    assert report.turns[-1].players == plain.turns[-1].players
    assert report.turns[-1].battle == plain.turns[-1].battle


def test_rule_1_3_2_2_zero_times_is_still_zero_times(cards: CardCatalogue) -> None:
    report = play(cards, [{"player": 0, "card": "T_9", "op": "draw", "amount": 0}])
    assert not_done(report) == [("draw", ("1.3.2.2",), "zero_times")]


def test_rule_1_3_2_2_a_prohibition_for_0_turns_is_not_done(cards: CardCatalogue) -> None:
    effects = [
        {"player": 0, "card": "T_9", "op": "prohibit", "action": "heal", "turns": 0},
        {"player": 0, "card": "T_9", "op": "heal", "amount": 5},
    ]
    report = play(cards, effects)
    assert not_done(report) == [("prohibit", ("1.3.2.2",), "zero_times")]
    assert report.turns[-1].players[0].hp == 95


def test_the_schema_reads_amounts_as_counts_and_names_the_direction() -> None:
    document: Any = schema()
    effect = document["$defs"]["effect"]
    assert effect["properties"]["direction"]["enum"] == ["forward", "back"]
    assert "1.3.2.2" in effect["properties"]["amount"]["description"]
    jsonschema.validate(snapshot_record([{"player": 0, "op": "draw", "amount": -1}]), schema())
    bad = snapshot_record([{"player": 0, "op": "move_medal", "amount": 1, "direction": "left"}])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema())
