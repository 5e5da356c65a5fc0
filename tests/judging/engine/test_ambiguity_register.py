"""The ambiguity register stays true to the official answers.

* ZA-03, the attack of a player with no character after turn 1, is settled by Q43: "そのターン、自身
  の攻撃力は０となります" (that turn, their attack is 0). It is no longer an open point: the
  engine says so and no event depends on it.
* The ground rules (8.2.2, v1.0.1) and the official Q&A Q70 (2026-03-11) disagree on a mill that
  the deck cannot complete: 8.2.2 makes the deck's owner lose at once; Q70 has as many cards as
  possible placed, the owner losing only if they then can't draw at the end of the turn. That is a
  flagged ambiguity (ZA-19), default 8.2.2 (the later document), never settled silently.
"""

from __future__ import annotations

import copy

from judging.engine import AMBIGUITIES, SETTLED, CardCatalogue, replay_record

from .test_golden import GOLDEN, load

MILL_SHORT = "38_mill_short_deck_owner_loses.json"  # P0 mills 5 of P1's 3 cards at T3/5.2.7
EMPTY_BATTLE_ZONE = "55_empty_battle_zone_attack_zero.json"


def test_q43_settles_za_03_with_attack_0(cards: CardCatalogue) -> None:
    settled = {s.id: s for s in SETTLED}
    assert (settled["ZA-03"].answer, settled["ZA-03"].source) == ("0", "Q43")
    assert "ZA-03" not in {a.id for a in AMBIGUITIES}
    report = replay_record(load(GOLDEN / EMPTY_BATTLE_ZONE)["record"], cards=cards)
    empty = [e for e in report.events if e.kind == "ATTACK_DETERMINED" and e.param("card") is None]
    assert [e.turn for e in empty] == [1, 2]
    assert all(e.after == 0 for e in empty)
    assert not [e for e in empty if "ZA-03" in e.profile_keys]
    assert empty[1].param("qa") == "Q43"


def test_za_19_a_short_mill_is_a_flagged_ambiguity_defaulting_to_8_2_2(
    cards: CardCatalogue,
) -> None:
    za19 = next(a for a in AMBIGUITIES if a.id == "ZA-19")
    assert (za19.default, set(za19.alternatives)) == ("LOSS", {"LOSS", "NO_LOSS"})
    report = replay_record(load(GOLDEN / MILL_SHORT)["record"], cards=cards)
    assert report.result.reason == "effect_mill_failed"
    assert "ZA-19" in report.profile_keys_used
    ended = next(e for e in report.events if e.kind == "GAME_ENDED")
    assert ended.profile_keys == ("ZA-19",)
    assert "8.2.2" in ended.rules
    assert "(ZA-19: An effect cannot place" in report.to_text("en")


def test_q70_under_no_loss_the_owner_loses_only_at_the_end_of_turn_draw(
    cards: CardCatalogue,
) -> None:
    report = replay_record(
        load(GOLDEN / MILL_SHORT)["record"], cards=cards, profile={"ZA-19": "NO_LOSS"}
    )
    assert (report.result.reason, report.result.winner) == ("deck_out", 0)
    not_done = next(e for e in report.events if e.kind == "EFFECT_NOT_DONE")
    assert not_done.profile_keys == ("ZA-19",)
    assert not_done.param("qa") == "Q70"
    assert report.turns[-1].players[1].deck_count == 0


def test_a_claim_that_turns_on_the_short_mill_depends_on_za_19(cards: CardCatalogue) -> None:
    data = copy.deepcopy(load(GOLDEN / MILL_SHORT)["record"])
    data["claims"] = [
        {"party": "Bo", "at": "T3/5.2.9", "path": "result.outcome", "value": "unfinished"}
    ]
    verdict = replay_record(data, cards=cards).claims[0]
    assert verdict.status == "DEPENDS_ON"
    assert verdict.depends_on == ("ZA-19",)
    assert dict(verdict.alternatives) == {
        "ZA-19=LOSS": "CONTRADICTED",
        "ZA-19=NO_LOSS": "CONSISTENT",
    }
