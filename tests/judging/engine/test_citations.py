"""Every event cites the clauses that decide it, checked against the ground-rules text.

Two kinds of checks:

* over every golden replay: each cited number exists in the imported ground rules, and no event
  type cites a clause from a chapter that has nothing to do with it (``ALLOWED_CHAPTERS``);
* case by case, reading the cited clauses' own words: a judge's snapshot is not "later turns"
  (5.3); a power-cost failure at 5.2.3 or 5.2.10 is not the effects step's 5.2.7.2; a deck-out is
  5.4.3 at the end-of-turn draw (not 8.1.3, which is for rule processing with *no* stated timing);
  a card moved from the hand to the abyss is not 3.6 (cards *leaving the battle or set zone*);
  an effect the record does not describe is not voided by a rule.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judging.engine import (
    CardCatalogue,
    Event,
    ReplayReport,
    RulesDocument,
    parse_ground_rules,
    replay_record,
)

from .test_effects import snapshot_record
from .test_golden import FILES, GOLDEN, load

ALLOWED_CHAPTERS: dict[str, frozenset[int]] = {
    kind: frozenset(chapters)
    for kind, chapters in {
        # setup (4) and the things it sets up: the field (3), HP (1), card identity (2)
        "DECK_CHECKED": {2, 4},
        "SIDES_ASSIGNED": {3, 4},
        "MEDAL_PLACED": {3, 4},
        "HP_SET": {1, 4},
        "HAND_DRAWN": {4},
        "REDRAWN": {1, 4, 10},
        "FIRST_CARD_PLACED": {1, 4, 10},
        "SNAPSHOT_LOADED": {3, 4},
        # the turn (5) and what it uses
        "REVEALED": {4, 5},
        "SET_ALLOWANCE": {1, 5},
        "CARDS_SET": {1, 5},
        "TIME_ADVANCED": {3, 5},
        "CARD_MOVED": {1, 2, 3, 4, 5, 6, 9},
        "BATTLE_RESOLVED": {5},
        "DRAW": {1, 5},
        "TURN_ENDED": {5},
        # effects (6) and the principles they follow (1), power (9), priority (10)
        "PRIORITY_DETERMINED": {5, 6, 10},
        "PRIORITY_KEPT": {6},
        "EFFECT_NOT_DESCRIBED": {5, 6},
        "EFFECT_RESOLVED": {1, 5, 6, 9},
        "EFFECT_AUTOMATIC_RESULT": {1, 6},
        "EFFECT_FAILED": {2, 3, 4, 5, 6, 9},
        "EFFECT_NOT_DONE": {1},
        "ATTACK_MODIFIED": {1, 7},
        "ATTACK_SET": {1, 7},
        "ATTACK_DETERMINED": {1, 2, 3, 4, 5, 7, 9},
        "DAMAGE_APPLIED": {1, 5, 7},
        "HEALED": {1, 3},
        "DAMAGE_REDUCTION_ADDED": {1, 5},
        "CARDS_MILLED": {1, 3},
        "SET_COUNT_CHANGED": {1, 5},
        "PROHIBITION_ADDED": {1},
        "LOOP_RESOLVED": {10},
        "MEDAL_MOVED": {1, 3},
        # the end of the game: winning (1), 5.4, rule processing and losing (8), loops (10)
        "GAME_ENDED": {1, 5, 8, 10},
    }.items()
}
"""The chapters of the ground rules each event type may cite."""


@pytest.fixture(scope="module")
def rules(ground_rules_text: str) -> RulesDocument:
    return parse_ground_rules(ground_rules_text)


def chapter(key: str) -> int:
    return int(key.split(".")[0])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_citations_exist_and_fit_the_event(
    path: Any, cards: CardCatalogue, rules: RulesDocument
) -> None:
    report = replay_record(load(path)["record"], cards=cards)
    for event in report.events:
        assert event.kind in ALLOWED_CHAPTERS, event.kind
        for key in event.rules:
            assert key in rules.keys, (event.kind, key)
            assert chapter(key) in ALLOWED_CHAPTERS[event.kind], (event.kind, key, event.step)
    for key in report.result.rules:
        assert key in rules.keys, key


def texts(event: Event, rules: RulesDocument) -> list[str]:
    return [rules.clause(key).text for key in event.rules]


def first(report: ReplayReport, kind: str, **params: object) -> Event:
    return next(
        e
        for e in report.events
        if e.kind == kind and all(e.param(k) == v for k, v in params.items())
    )


def test_a_snapshot_cites_what_it_is_checked_against_not_later_turns(
    cards: CardCatalogue, rules: RulesDocument
) -> None:
    report = replay_record(snapshot_record([]), cards=cards)
    loaded = first(report, "SNAPSHOT_LOADED")
    assert "5.3" not in loaded.rules
    assert not [t for t in texts(loaded, rules) if "Later turns" in t]
    assert {"4.1.1", "4.1.2", "3.2", "3.3", "3.7.1"} <= set(loaded.rules)


@pytest.mark.parametrize(("timing", "step", "rule"), [("start", "5.2.3", "5.2.3.1"),
                                                      ("end", "5.2.10", "5.2.10.1")])  # fmt: skip
def test_rule_9_1_3_a_power_cost_failure_outside_5_2_7_does_not_cite_5_2_7_2(
    cards: CardCatalogue, rules: RulesDocument, timing: str, step: str, rule: str
) -> None:
    """T_11 (an enchant with power cost 5) set with no power: its effect fails at its own step."""
    record = snapshot_record([{"player": 0, "card": "T_11", "op": "heal", "amount": 5,
                               "timing": timing}])  # fmt: skip
    record["start"]["players"][0]["hand"][0] = "T_11"
    record["turns"][0]["set"][0] = {"A": "T_8", "B": "T_11"}
    report = replay_record(record, cards=cards)
    failed = first(report, "EFFECT_FAILED", reason="power_cost")
    assert failed.step == step
    assert "5.2.7.2" not in failed.rules
    assert {rule, "9.1.3", "9.1.4"} <= set(failed.rules)
    assert "power cost" in rules.clause("9.1.3").text.lower()


def test_rule_5_2_7_2_a_power_cost_failure_at_5_2_7_cites_it(cards: CardCatalogue) -> None:
    record = snapshot_record([{"player": 0, "card": "T_11", "op": "heal", "amount": 5}])
    record["start"]["players"][0]["hand"][0] = "T_11"
    record["turns"][0]["set"][0] = {"A": "T_8", "B": "T_11"}
    failed = first(replay_record(record, cards=cards), "EFFECT_FAILED", reason="power_cost")
    assert {"5.2.7.2", "9.1.3", "9.1.4"} <= set(failed.rules)


def test_rule_5_4_3_a_deck_out_cites_5_4_3_with_its_timing(
    cards: CardCatalogue, rules: RulesDocument
) -> None:
    report = replay_record(load(GOLDEN / "16_deck_out_at_end_of_turn.json")["record"], cards=cards)
    ended = first(report, "GAME_ENDED")
    assert ended.step == "5.2.11"
    assert {"5.4.3", "5.2.11.2", "1.2.4"} <= set(ended.rules)
    assert "8.1.3" not in ended.rules
    assert "at the end of a turn" in rules.clause("5.4.3").text
    assert not [t for t in texts(ended, rules) if "no stated timing" in t]
    assert report.result.rules == ended.rules


def test_rule_5_4_3_1_both_decked_out_cites_its_timing(cards: CardCatalogue) -> None:
    report = replay_record(load(GOLDEN / "17_both_decked_out_draw.json")["record"], cards=cards)
    ended = first(report, "GAME_ENDED")
    assert {"5.4.3.1", "5.2.11.2"} <= set(ended.rules)
    assert "8.1.3" not in ended.rules


@pytest.mark.parametrize(("card", "expected"), [("T_1", {"1.3.1", "3.6.1"}),
                                                ("T_14", {"1.3.1", "3.6.2", "3.6.1"})])  # fmt: skip
def test_rule_3_6_1_a_card_from_the_hand_to_the_abyss_does_not_cite_3_6(
    cards: CardCatalogue, rules: RulesDocument, card: str, expected: set[str]
) -> None:
    """3.6 is about cards leaving the battle or set zone; T_1 (no SEND TO POWER) and T_14 (with)
    go from P0's hand to the abyss by an effect."""
    move = {"player": 0, "card": "T_9", "op": "move_card", "card_target": card,
            "from_zone": "hand", "to_zone": "abyss"}  # fmt: skip
    report = replay_record(snapshot_record([move]), cards=cards)
    moved = first(report, "CARD_MOVED", card=card)
    assert set(moved.rules) == expected
    assert not [t for t in texts(moved, rules) if "leave the battle zone or set zone" in t]


def test_rule_3_4_1_a_card_from_the_hand_to_the_power_charger_does_not_cite_3_4(
    cards: CardCatalogue,
) -> None:
    move = {"player": 0, "card": "T_9", "op": "move_card", "card_target": "T_14",
            "from_zone": "hand", "to_zone": "power_charger"}  # fmt: skip
    moved = first(replay_record(snapshot_record([move]), cards=cards), "CARD_MOVED", card="T_14")
    assert "3.4" not in moved.rules
    assert {"1.3.1", "3.4.1", "9.1.1"} <= set(moved.rules)
    assert (moved.before, moved.after) == ("hand", "power_charger")


def test_an_undescribed_effect_does_not_cite_a_rule_that_voids_effects(
    cards: CardCatalogue, rules: RulesDocument
) -> None:
    data = copy.deepcopy(load(GOLDEN / "54_undescribed_effect_is_no_effect.json")["record"])
    report = replay_record(data, cards=cards)
    notes = [e for e in report.events if e.kind == "EFFECT_NOT_DESCRIBED"]
    assert notes
    for note in notes:
        assert "6.1.2" in note.rules
        for text in texts(note, rules):
            assert "doesn't take effect" not in text
            assert " only " not in text
