"""A claim reads the value at the step it names, and a contradicted claim names the
step and the rules that decided the value.

* Attacks are decided at 5.2.8 (5.1.3 on turn 1, whose clauses 5.2.8 points to): a claim on
  ``battle.attack`` there reads the decided attack, before the damage step (5.2.9) uses it.
* The game ends where rule processing ends it: at once when HP reaches 0 (5.4.1, 8.1.2), at the
  end-of-turn draw for a deck-out (5.4.3, 5.2.11.2). A claim on ``result.*`` reads the result as
  it was at its checkpoint, and a contradicted one names that step, never the setup or a judge's
  snapshot.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judging.engine import CardCatalogue, ClaimVerdict, replay_record

from .test_golden import GOLDEN, load


def claims(cards: CardCatalogue, golden: str, *wanted: dict[str, Any]) -> list[ClaimVerdict]:
    data = copy.deepcopy(load(GOLDEN / golden)["record"])
    data["claims"] = [{"party": "Ann", **claim} for claim in wanted]
    return list(replay_record(data, cards=cards).claims)


Q54 = "78_q54_attack_changes_in_order_floor_each_step.json"
TURN_1 = "01_turn1_night_battle.json"  # NIGHT attacks 50 vs 10 on turn 1
DECK_OUT = "16_deck_out_at_end_of_turn.json"  # P0 can't draw at the end of turn 9: P1 wins
HP_ZERO = "15_hp_zero_ends_game.json"  # P1's HP reaches 0 at T5/5.2.9: P0 wins


@pytest.mark.parametrize(
    ("at", "path", "value"),
    [("T3/5.2.8", "battle.attack[1]", 80), ("T3/5.2.8", "battle.attack", [30, 80]),
     ("T3/5.2.9:before", "battle.attack[1]", 80), ("T3/5.2.9", "battle.attack[1]", 80)],
)  # fmt: skip
def test_rule_5_2_8_a_true_claim_on_the_decided_attack_is_consistent(
    cards: CardCatalogue, at: str, path: str, value: object
) -> None:
    """Q54's 80 is decided at 5.2.8; the claim there (or just before 5.2.9) is true."""
    verdict = claims(cards, Q54, {"at": at, "path": path, "value": value})[0]
    assert verdict.status == "CONSISTENT", verdict
    assert verdict.actual == value


def test_rule_5_2_8_a_false_claim_on_the_attack_names_5_2_8(cards: CardCatalogue) -> None:
    """70 is what summing the changes would give; the replay has 80, decided at 5.2.8 by 7.1."""
    verdict = claims(cards, Q54, {"at": "T3/5.2.8", "path": "battle.attack[1]", "value": 70})[0]
    assert (verdict.status, verdict.actual, verdict.step) == ("CONTRADICTED", 80, "T3/5.2.8")
    assert {"5.1.3.1", "7.1"} <= set(verdict.rules)


@pytest.mark.parametrize("at", ["T1/5.1.3", "T1/5.2.8"])
def test_rule_5_1_3_on_turn_1_the_attack_is_decided_at_5_1_3(cards: CardCatalogue, at: str) -> None:
    verdict = claims(cards, TURN_1, {"at": at, "path": "battle.attack", "value": [50, 10]})[0]
    assert verdict.status == "CONSISTENT", verdict


def test_the_battle_winner_is_not_decided_before_5_2_9(cards: CardCatalogue) -> None:
    verdict = claims(cards, Q54, {"at": "T3/5.2.8", "path": "battle.winner", "value": 1})[0]
    assert (verdict.status, verdict.actual) == ("CONTRADICTED", None)


def test_rule_5_4_3_a_false_result_claim_names_the_end_of_turn_draw(cards: CardCatalogue) -> None:
    verdict = claims(cards, DECK_OUT, {"at": "T9", "path": "result.winner", "value": 0})[0]
    assert (verdict.status, verdict.actual) == ("CONTRADICTED", 1)
    assert verdict.step == "T9/5.2.11"
    assert {"5.4.3", "5.2.11.2"} <= set(verdict.rules)
    assert "start" not in verdict.explanation


def test_rule_5_4_1_a_false_result_claim_names_the_battle_that_ended_the_game(
    cards: CardCatalogue,
) -> None:
    verdict = claims(cards, HP_ZERO, {"at": "T5", "path": "result.outcome", "value": "draw"})[0]
    assert (verdict.status, verdict.actual, verdict.step) == ("CONTRADICTED", "win", "T5/5.2.9")
    assert {"5.4.1", "8.1.2"} <= set(verdict.rules)


def test_a_result_claim_reads_the_result_at_its_checkpoint(cards: CardCatalogue) -> None:
    """At T9/5.2.9 the game has not ended yet: it ends at the draw of 5.2.11."""
    verdicts = claims(
        cards,
        DECK_OUT,
        {"at": "T9/5.2.9", "path": "result.outcome", "value": "unfinished"},
        {"at": "T9/5.2.11", "path": "result.outcome", "value": "win"},
    )
    assert [v.status for v in verdicts] == ["CONSISTENT", "CONSISTENT"]


def test_a_claim_that_the_game_had_ended_names_the_end_check_not_the_setup(
    cards: CardCatalogue,
) -> None:
    verdict = claims(cards, TURN_1, {"at": "T1", "path": "result.outcome", "value": "win"})[0]
    assert (verdict.status, verdict.actual) == ("CONTRADICTED", "unfinished")
    assert verdict.step == "T1/5.1.5"
    assert {"5.4.1", "5.4.3", "8.1.2"} <= set(verdict.rules)
