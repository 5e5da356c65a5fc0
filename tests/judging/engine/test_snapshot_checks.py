"""A judge's snapshot (``start``) is checked for what the rules forbid before any turn is played.

* Only the character that battles is in the battle zone (3.2); set zone C holds area enchants
  (3.3); HP is at most 100 (3.7.1) and above 0 while the game goes on (5.4.1).
* A player's cards are their deck's 20 (4.1.1), with at most 2 of the same pack and number
  (4.1.2); when the record gives the deck list, no card is in more places than the list has copies.
* Illegal-input paths name the record's own turn index (``turns[0]`` is the snapshot's first turn).
* ``previous_winner`` decides the set counts (5.2.1.1-5.2.1.3): it must be given; null means the
  last battle was a draw.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs
import pytest

from judging.engine import CardCatalogue, RecordError, replay_record, schema

from .test_effects import snapshot_record

Mutate = Callable[[dict[str, Any]], None]


def p0(record: dict[str, Any]) -> dict[str, Any]:
    player: dict[str, Any] = record["start"]["players"][0]
    return player


def _enchant_in_battle_zone(r: dict[str, Any]) -> None:
    p0(r)["battle_zone"] = "T_16"


def _area_enchant_in_battle_zone(r: dict[str, Any]) -> None:
    p0(r)["battle_zone"] = "T_12"


def _character_in_zone_c(r: dict[str, Any]) -> None:
    p0(r).update(zone_c="T_14", deck_unknown=13)


def _enchant_in_zone_c(r: dict[str, Any]) -> None:
    p0(r).update(zone_c="T_16", deck_unknown=13)


def _hp_over_100(r: dict[str, Any]) -> None:
    p0(r)["hp"] = 101


def _hp_zero(r: dict[str, Any]) -> None:
    p0(r)["hp"] = 0


def _three_copies(r: dict[str, Any]) -> None:
    # T_3 in the battle zone and twice in the abyss: 3 cards with pack T, number 3.
    p0(r).update(abyss=["T_3", "T_3"], deck_unknown=12)


@pytest.mark.parametrize(
    ("mutate", "rule", "path"),
    [
        (_enchant_in_battle_zone, "3.2", "start.players[0].battle_zone"),
        (_area_enchant_in_battle_zone, "3.2", "start.players[0].battle_zone"),
        (_character_in_zone_c, "3.3", "start.players[0].zone_c"),
        (_enchant_in_zone_c, "3.3", "start.players[0].zone_c"),
        (_hp_over_100, "3.7.1", "start.players[0].hp"),
        (_hp_zero, "5.4.1", "start.players[0].hp"),
        (_three_copies, "4.1.2", "start.players[0].abyss[1]"),
    ],
)
def test_a_snapshot_the_rules_forbid_is_refused(
    cards: CardCatalogue, mutate: Mutate, rule: str, path: str
) -> None:
    record = snapshot_record([])
    mutate(record)
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None, "the snapshot should be refused"
    assert (report.illegal_input.rule, report.illegal_input.path) == (rule, path)
    assert report.illegal_input.step == "start"
    assert report.turns == ()


def test_rule_4_1_1_a_card_in_two_places_is_refused_when_the_deck_list_is_given(
    cards: CardCatalogue,
) -> None:
    """P0's deck list has one T_8; the snapshot puts T_8 in the abyss and in the hand."""
    record = snapshot_record([])
    deck = ["T_3", "T_9", "T_10", "T_8", "T_14", "T_1", "T_2", "T_4", "T_5", "T_6", "T_7",
            "T_11", "T_12", "T_13", "T_15", "T_16", "T_1", "T_2", "T_4", "T_5"]  # fmt: skip
    record["players"][0]["deck"] = deck
    good = replay_record(record, cards=cards)
    assert good.illegal_input is None, good.illegal_input
    p0(record).update(abyss=["T_8"], deck_unknown=13)
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None
    assert (report.illegal_input.rule, report.illegal_input.path) == (
        "4.1.1",
        "start.players[0].hand[2]",
    ), "the zones are read battle zone, zone C, power charger, abyss, hand, deck"


def test_rule_5_2_1_1_an_illegal_set_names_the_records_own_turn(cards: CardCatalogue) -> None:
    """The snapshot starts at turn 3, which is turns[0]: P1 won turn 2 and may set only 1."""
    record = snapshot_record([])
    record["turns"][0]["set"][1] = {"A": "T_3", "B": "T_1"}
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.rule == "5.2.1.1"
    assert report.illegal_input.path == "turns[0].set[1].B"
    assert report.illegal_input.turn == 3


def test_rule_5_2_1_3_an_illegal_second_turn_names_turns_1(cards: CardCatalogue) -> None:
    """Turn 3's battle is a draw (30 vs 30), so on turn 4 (turns[1]) P0 may set only 1."""
    record = snapshot_record([])
    record["turns"].append({"set": [{"A": "T_10", "B": "T_14"}, {"A": "T_1"}]})
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None
    assert (report.illegal_input.rule, report.illegal_input.turn) == ("5.2.1.3", 4)
    assert report.illegal_input.path == "turns[1].set[0].B"


def test_rule_5_2_1_previous_winner_is_required(cards: CardCatalogue) -> None:
    record = snapshot_record([])
    del record["start"]["previous_winner"]
    with pytest.raises(RecordError) as info:
        replay_record(record, cards=cards)
    assert info.value.path == "start.previous_winner"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, schema())


def test_rule_5_2_1_3_previous_winner_null_is_a_battle_draw(cards: CardCatalogue) -> None:
    record = snapshot_record([])
    record["start"]["previous_winner"] = None
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None, "after a battle draw P0 may set only 1 (5.2.1.3)"
    assert (report.illegal_input.rule, report.illegal_input.path) == (
        "5.2.1.3",
        "turns[0].set[0].B",
    )
