"""An effect the record enters for a card that cannot have it is illegal input, never applied.

* Effects are the ones written on characters, enchants and area enchants (6.1.2): a card with no
  effect written on it has none to enter.
* A card's effect takes effect from where the card is: a character swapped into the battle zone
  (6.1.3.1), an enchant set this turn (6.1.3.2), an area enchant in set zone C (6.1.3.3). A card
  that is not on the field or in the set zone when its timing comes (still in the hand, already
  in the abyss) has no effect to resolve.

Either way the replay stops with ILLEGAL_INPUT naming the card, the rule and the field. (A card
that is where it should be but does not take effect now, such as a character that was not swapped
in this turn, is a ruling, EFFECT_FAILED, not illegal input; so is the effect of a first card that
was not a character, which 4.2.7.2 addresses by name.)
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, replay_record

from .test_effects import snapshot_record


def illegal(cards: CardCatalogue, effects: list[dict[str, Any]]) -> tuple[str, str, str]:
    """Turn 3 of test_effects' snapshot: P0 sets T_8 (character, no effect) + T_9 (enchant);
    P1 sets T_3 (character, no effect). T_3 is each player's character from turn 2."""
    report = replay_record(snapshot_record(effects), cards=cards)
    assert report.illegal_input is not None, "the effect should be refused"
    refused = effects[-1]["card"]
    assert not any(
        e.kind == "EFFECT_RESOLVED" and e.param("card") == refused for e in report.events
    )
    return report.illegal_input.rule, report.illegal_input.path, report.illegal_input.message


def test_rule_6_1_2_a_card_with_no_effect_has_no_effect_to_enter(cards: CardCatalogue) -> None:
    """T_8 swaps in this turn, but nothing is written on it: Attack +30 for it is not applied."""
    rule, path, message = illegal(cards, [{"player": 0, "card": "T_8", "op": "attack_plus",
                                           "amount": 30}])  # fmt: skip
    assert (rule, path) == ("6.1.2", "turns[0].effects[0].card")
    assert "T_8" in message


def test_rule_6_1_2_also_for_the_second_entry(cards: CardCatalogue) -> None:
    effects = [{"player": 0, "card": "T_9", "op": "heal", "amount": 5},
               {"player": 1, "card": "T_3", "op": "deal_damage", "amount": 90,
                "target": "opponent"}]  # fmt: skip
    rule, path, message = illegal(cards, effects)
    assert (rule, path) == ("6.1.2", "turns[0].effects[1].card")
    assert "T_3" in message


@pytest.mark.parametrize(
    ("card", "rule"),
    [("T_6", "6.1.3.1"), ("T_10", "6.1.3.2"), ("T_12", "6.1.3.3")],
)
def test_rule_6_1_3_a_card_still_in_the_hand_has_no_effect_now(
    cards: CardCatalogue, card: str, rule: str
) -> None:
    """T_10 is in P0's hand, not set; T_6 and T_12 are not even there."""
    found = illegal(cards, [{"player": 0, "card": card, "op": "heal", "amount": 5}])
    assert found[:2] == (rule, "turns[0].effects[0].card")
    assert card in found[2]


def test_rule_6_1_3_1_a_character_moved_away_before_its_effect_has_no_effect(
    cards: CardCatalogue,
) -> None:
    """P0's T_6 swaps in; P1 (priority: clocks 1 + 2 take the medal to 3, NIGHT, and P1 is the
    night side)
    moves it to the abyss first. When P0's own effect comes, T_6 is no longer on the field."""
    record = snapshot_record([
        {"player": 1, "op": "move_card", "card_target": "T_6", "from_zone": "battle_zone",
         "to_zone": "abyss", "target": "opponent"},
        {"player": 0, "card": "T_6", "op": "attack_plus", "amount": 30},
    ])  # fmt: skip
    record["night_side"] = 1
    record["start"]["players"][0]["hand"][2] = "T_6"
    record["turns"][0]["set"][0] = {"A": "T_6"}
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None
    assert (report.illegal_input.rule, report.illegal_input.path) == (
        "6.1.3.1",
        "turns[0].effects[1].card",
    )
    assert "ATTACK_MODIFIED" not in [e.kind for e in report.events]


def test_a_character_not_swapped_in_this_turn_is_a_ruling_not_illegal(
    cards: CardCatalogue,
) -> None:
    """P1's T_6 has been in the battle zone since turn 2: on the field, but its effect takes effect
    only on the turn it was swapped in (6.1.3.1), so the replay rules it out and goes on."""
    record = snapshot_record([{"player": 1, "card": "T_6", "op": "heal", "amount": 5}])
    record["start"]["players"][1]["battle_zone"] = "T_6"
    record["turns"][0]["set"][1] = {"A": "T_13"}  # an area enchant: T_6 stays
    report = replay_record(record, cards=cards)
    assert report.illegal_input is None, report.illegal_input
    failed = next(e for e in report.events if e.kind == "EFFECT_FAILED")
    assert (failed.param("card"), failed.rules) == ("T_6", ("6.1.3.1",))
