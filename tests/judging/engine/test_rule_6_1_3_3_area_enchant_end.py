"""An area enchant whose end condition is met goes where the condition says (6.1.3.3; Q35, Q71).

Every real area enchant names where its end condition sends it ("...place this card in the
abyss", "...in the power charger"), and that is not always where SEND TO POWER would send it:

* Q71 (4th_30 I'm CREAMY!!?, which has SEND TO POWER): put in the abyss by its end condition, its
  SEND TO POWER can't be used as power (3.6.2: effects can put such cards in the abyss). Swapped
  out by another area enchant, it goes to the power charger and does count.
* Q35 and Q46 (3rd_97 厳戒態勢, which has none): swapped out it goes to the abyss; by its end
  condition it goes to the power charger (3.4.2), where it adds no power (Q46: its SEND TO POWER
  counts as 0).

So ``end_area_enchant`` names its destination (``to_zone``) and the card's SEND TO POWER counts
only when it goes to the power charger. T_12 is an invented area enchant with SEND TO POWER 1,
T_13 one without; both have power cost 0.
"""

from __future__ import annotations

from typing import Any

import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs
import pytest

from judging.engine import CardCatalogue, RecordError, ReplayReport, replay_record, schema


def record(zone_c: str, effects: list[dict[str, Any]], p0_set: str = "T_8") -> dict[str, Any]:
    """Turn 3 from a snapshot: P0 has ``zone_c`` in set zone C and T_5 (SEND TO POWER 2) in the
    power charger; both battle with T_3 (30, SEND TO POWER 1).

    By default P0 sets T_8 (a character without SEND TO POWER, clock 0): it swaps in at 5.2.5 and
    T_3 goes to P0's power charger, so P0's total power is 3 when the effects resolve (5.2.7).
    """
    p0 = {"hp": 100, "battle_zone": "T_3", "zone_c": zone_c, "power_charger": ["T_5"],
          "hand": ["T_8", "T_12", "T_3", "T_14", "T_1"], "deck_unknown": 12}  # fmt: skip
    p1 = {"hp": 100, "battle_zone": "T_3", "hand": ["T_8", "T_13", "T_3", "T_2", "T_14"],
          "deck_unknown": 14}  # fmt: skip
    return {
        "format": "zutomayo-game/1",
        "night_side": 0,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": 0, "previous_winner": None, "players": [p0, p1]},
        "turns": [{"set": [{"A": p0_set}, {"A": "T_8"}], "effects": effects}],
    }


def play(cards: CardCatalogue, data: dict[str, Any]) -> ReplayReport:
    report = replay_record(data, cards=cards)
    assert report.illegal_input is None, report.illegal_input
    return report


def end(card: str, to_zone: str) -> dict[str, Any]:
    return {"player": 0, "card": card, "op": "end_area_enchant", "to_zone": to_zone}


def test_q71_area_enchant_with_stp_sent_to_the_abyss_adds_no_power(cards: CardCatalogue) -> None:
    report = play(cards, record("T_12", [end("T_12", "abyss")]))
    p0 = report.turns[-1].players[0]
    assert p0.zone_c is None
    assert p0.abyss == ("T_12",)
    assert p0.power_charger == ("T_5", "T_3")
    assert p0.total_power == 3, "T_5's 2 and T_3's 1; T_12's 1 does not count"
    moved = next(e for e in report.events if e.kind == "CARD_MOVED" and e.param("card") == "T_12")
    assert "3.6.2" in moved.rules
    assert "3.4" not in moved.rules
    assert moved.param("qa") == "Q71"


def test_q35_q46_area_enchant_without_stp_sent_to_the_power_charger_adds_0(
    cards: CardCatalogue,
) -> None:
    report = play(cards, record("T_13", [end("T_13", "power_charger")]))
    p0 = report.turns[-1].players[0]
    assert p0.zone_c is None
    assert p0.power_charger == ("T_5", "T_3", "T_13")
    assert p0.abyss == ()
    assert p0.total_power == 3
    moved = next(e for e in report.events if e.kind == "CARD_MOVED" and e.param("card") == "T_13")
    assert "3.4.2" in moved.rules
    assert (moved.before, moved.after) == (3, 3), "total power 3 before and after (Q46)"
    assert moved.param("qa") == "Q46"


def test_rule_3_4_area_enchant_with_stp_sent_to_the_power_charger_adds_its_power(
    cards: CardCatalogue,
) -> None:
    report = play(cards, record("T_12", [end("T_12", "power_charger")]))
    moved = next(e for e in report.events if e.kind == "CARD_MOVED" and e.param("card") == "T_12")
    assert (moved.before, moved.after) == (3, 4)
    assert report.turns[-1].players[0].total_power == 4


def test_q71_swapped_out_it_goes_by_send_to_power(cards: CardCatalogue) -> None:
    """5.2.6.2: the swap is not the card's end condition; T_12 goes to the power charger."""
    report = play(cards, record("T_12", [], p0_set="T_12"))
    p0 = report.turns[-1].players[0]
    assert (p0.power_charger, p0.zone_c, p0.total_power) == (("T_5", "T_12"), "T_12", 3)


@pytest.mark.parametrize("to_zone", [None, "hand", "deck"])
def test_end_area_enchant_must_name_abyss_or_power_charger(
    cards: CardCatalogue, to_zone: str | None
) -> None:
    effect: dict[str, Any] = {"player": 0, "card": "T_12", "op": "end_area_enchant"}
    if to_zone is not None:
        effect["to_zone"] = to_zone
    with pytest.raises(RecordError) as info:
        replay_record(record("T_12", [effect]), cards=cards)
    assert info.value.path == "turns[0].effects[0].to_zone"


def test_the_schema_asks_for_the_destination() -> None:
    good = record("T_12", [end("T_12", "abyss")])
    jsonschema.validate(good, schema())
    bad = record("T_12", [{"player": 0, "card": "T_12", "op": "end_area_enchant"}])
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema())
