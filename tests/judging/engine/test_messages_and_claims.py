"""Every event has English and Japanese text; claim checkpoints and paths."""

from __future__ import annotations

import random

import pytest

from judging.engine import CardCatalogue, random_game, replay_record, value_at
from judging.engine.zutomayo.apply import run_record
from judging.engine.zutomayo.messages import TEMPLATES, VOCABULARY
from judging.engine.zutomayo.state import event_digest, event_text

from .test_golden import FILES, load

EVENT_KINDS = {
    "DECK_CHECKED", "SIDES_ASSIGNED", "MEDAL_PLACED", "HP_SET", "HAND_DRAWN", "REDRAWN",
    "SNAPSHOT_LOADED", "FIRST_CARD_PLACED", "REVEALED", "CARD_MOVED", "SET_ALLOWANCE", "CARDS_SET",
    "TIME_ADVANCED", "PRIORITY_DETERMINED", "PRIORITY_KEPT", "EFFECT_NOT_DESCRIBED",
    "EFFECT_FAILED", "EFFECT_RESOLVED", "EFFECT_NOT_DONE", "ATTACK_DETERMINED", "BATTLE_RESOLVED",
    "DAMAGE_APPLIED", "DRAW", "TURN_ENDED", "GAME_ENDED", "ATTACK_MODIFIED", "ATTACK_SET",
    "HEALED", "DAMAGE_REDUCTION_ADDED", "CARDS_MILLED", "SET_COUNT_CHANGED", "PROHIBITION_ADDED",
    "LOOP_RESOLVED", "MEDAL_MOVED",
}  # fmt: skip


def test_every_kind_has_both_languages() -> None:
    assert set(TEMPLATES) >= EVENT_KINDS
    for kind, (en, ja) in TEMPLATES.items():
        assert en, kind
        assert ja, kind
        assert en != ja, kind
    assert set(VOCABULARY["en"]) == set(VOCABULARY["ja"])


def test_every_golden_event_renders_in_both_languages(cards: CardCatalogue) -> None:
    seen: set[str] = set()
    for path in FILES:
        report = replay_record(load(path)["record"], cards=cards)
        for event in report.events:
            seen.add(event.kind)
            en, ja = event_text(event, "en"), event_text(event, "ja")
            assert "?" not in en.replace("(?)", ""), (event.kind, en)
            assert en != ja
            assert event.kind in TEMPLATES
            assert len(event_digest(event)) == 24
    assert seen >= EVENT_KINDS - {"ATTACK_SET", "LOOP_RESOLVED"}


def test_events_carry_before_after_and_rules(cards: CardCatalogue) -> None:
    report = replay_record(load(FILES[0])["record"], cards=cards)
    damage = next(e for e in report.events if e.kind == "DAMAGE_APPLIED")
    assert (damage.before, damage.after) == (100, 60)
    assert "5.1.4.2" in damage.rules
    assert all(e.rules for e in report.events)


@pytest.mark.parametrize(
    ("path", "value"),
    [("players[0].hp", 100), ("players[1].hp", 60), ("chronos.position", 2), ("medal", 2),
     ("chronos.time", "night"), ("priority", 0), ("battle.winner", 0), ("battle.damage", 40),
     ("battle.attack", (50, 10)), ("battle.attack[1]", 10), ("players[0].deck_count", 14),
     ("players[0].battle_zone", "T_1"), ("result.outcome", "unfinished")],
)  # fmt: skip
def test_claim_paths(path: str, value: object, cards: CardCatalogue) -> None:
    from judging.engine import parse_record

    record = parse_record(load(FILES[0])["record"], cards)
    game = run_record(record, capture=True)
    assert value_at(game.checkpoints[-1], path, game) == value


def test_claim_step_checkpoint(cards: CardCatalogue) -> None:
    record = load(FILES[0])["record"]
    record["claims"] = [
        {"party": "A", "at": "T1/5.1.3", "path": "players[1].hp", "value": 100},
        {"party": "A", "at": "T1/5.2.9", "path": "players[1].hp", "value": 60},
        {"party": "A", "at": "T1/5.2.4.1", "path": "chronos.position", "value": 2},
    ]
    report = replay_record(record, cards=cards)
    assert [c.status for c in report.claims] == ["CONSISTENT"] * 3


def test_depends_on_lists_both_alternatives(cards: CardCatalogue) -> None:
    path = next(p for p in FILES if p.stem.startswith("21_"))
    report = replay_record(load(path)["record"], cards=cards)
    verdict = report.claims[0]
    assert verdict.depends_on == ("ZA-01",)
    assert dict(verdict.alternatives) == {"ZA-01=SYM9": "CONTRADICTED", "ZA-01=HALF9": "CONSISTENT"}


def test_random_game_report_renders(cards: CardCatalogue) -> None:
    generated = random_game(random.Random(3), cards)
    report = replay_record(generated.record)
    text = report.to_text("ja")
    assert "ターン目" in text
    assert report.to_json()["result"] == report.result.to_json()


def test_profile_override_changes_the_mat_layout(cards: CardCatalogue) -> None:
    path = next(p for p in FILES if p.stem.startswith("21_"))
    record = load(path)["record"]
    default = replay_record(record, cards=cards)
    half9 = replay_record(record, cards=cards, profile={"ZA-01": "HALF9"})
    assert default.turns[-1].time == "day"
    assert half9.turns[-1].time == "night"
    assert half9.profile.get("ZA-01") == "HALF9"
