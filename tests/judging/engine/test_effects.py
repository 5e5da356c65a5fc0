"""Effect primitives one by one, each from a judge's mid-game snapshot."""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, RecordError, ReplayReport, replay_record


def snapshot_record(effects: list[dict[str, Any]], **extra: Any) -> dict[str, Any]:
    """Turn 3 from a snapshot: P1 won turn 2, so P0 may set 2; P0 sets T_8 + T_9, P1 sets T_3."""
    p0 = {"hp": 90, "battle_zone": "T_3", "hand": ["T_9", "T_10", "T_8", "T_14", "T_1"],
          "deck_unknown": 14}  # fmt: skip
    p1 = {"hp": 90, "battle_zone": "T_3", "hand": ["T_3", "T_13", "T_15", "T_1", "T_14"],
          "deck_unknown": 14}  # fmt: skip
    record: dict[str, Any] = {
        "format": "zutomayo-game/1",
        "night_side": 0,
        "players": [{"name": "A"}, {"name": "B"}],
        "start": {"turn": 3, "medal": 0, "previous_winner": 1, "players": [p0, p1]},
        "turns": [{"set": [{"A": "T_8", "B": "T_9"}, {"A": "T_3"}], "effects": effects}],
    }
    record.update(extra)
    return record


def run(cards: CardCatalogue, effects: list[dict[str, Any]], **extra: Any) -> ReplayReport:
    report = replay_record(snapshot_record(effects, **extra), cards=cards)
    assert report.illegal_input is None, report.illegal_input
    return report


def kinds(report: ReplayReport) -> list[str]:
    return [e.kind for e in report.events]


def fx(op: str, **kw: Any) -> dict[str, Any]:
    return {"player": 0, "card": "T_9", "op": op, **kw}


def test_rule_1_3_2_2_zero_times_is_not_done(cards: CardCatalogue) -> None:
    report = run(cards, [fx("attack_plus", amount=0)])
    failed = next(e for e in report.events if e.kind == "EFFECT_NOT_DONE")
    assert failed.rules == ("1.3.2.2",)


def test_rule_1_3_3_prohibited_heal_is_not_done(cards: CardCatalogue) -> None:
    report = run(cards, [fx("prohibit", action="heal"), fx("heal", amount=10)])
    assert "HEALED" not in kinds(report)
    assert report.turns[-1].players[0].hp == 90


def test_rule_1_3_3_prohibited_medal_move_is_not_done(cards: CardCatalogue) -> None:
    report = run(cards, [fx("prohibit", action="move_medal"), fx("move_medal", amount=5)])
    assert "MEDAL_MOVED" not in kinds(report)
    assert report.turns[-1].medal == 3, "clocks 0 + 1 + 2 only"


def test_rule_1_3_3_forbid_beats_allow(cards: CardCatalogue) -> None:
    report = run(
        cards,
        [fx("forbid_second_card", target="opponent"), fx("allow_second_card", target="opponent")],
    )
    changes = [e.after for e in report.events if e.kind == "SET_COUNT_CHANGED"]
    assert changes == ["forbid", "forbid"]


def test_set_attack_replaces_the_printed_attack(cards: CardCatalogue) -> None:
    report = run(cards, [fx("set_attack", amount=70), fx("attack_plus", amount=5)])
    battle = report.turns[-1].battle
    assert battle is not None
    assert battle.attack == (75, 30)


def test_rule_1_3_2_missing_card_move_is_not_done(cards: CardCatalogue) -> None:
    report = run(cards, [fx("move_card", card_target="T_4", from_zone="abyss", to_zone="hand")])
    assert "EFFECT_NOT_DONE" in kinds(report)


def test_rule_8_2_2_mill_of_exactly_the_deck_is_not_a_loss(cards: CardCatalogue) -> None:
    report = run(cards, [fx("mill", amount=14, target="opponent")])
    assert report.turns[-1].players[1].deck_count == 0
    assert report.result.reason == "deck_out", "the opponent then cannot draw at 5.2.11.2"
    assert report.result.winner == 0


def test_rule_8_2_1_effect_draw_of_exactly_the_deck_is_not_a_loss(cards: CardCatalogue) -> None:
    report = run(cards, [fx("draw", amount=14)])
    assert report.result.reason == "deck_out"
    assert report.result.winner == 1


def test_za09_loss_profile_prohibited_draw_loses(cards: CardCatalogue) -> None:
    report = run(
        cards, [fx("prohibit", action="draw"), fx("draw", amount=1)], profile={"ZA-09": "LOSS"}
    )
    assert report.result.reason == "effect_draw_failed"
    assert "ZA-09" in report.profile_keys_used


EXPENSIVE_AREA = {"id": "X_AE5", "pack": "X", "number": 1, "name": "Costly area",
                  "type": "area_enchant", "clock": 0, "power_cost": 5, "send_to_power": 1,
                  "has_effect": True}  # fmt: skip


def test_rule_6_1_3_4_unpaid_area_enchant_ignores_its_end_condition(cards: CardCatalogue) -> None:
    end = {"player": 0, "card": "X_AE5", "op": "end_area_enchant", "to_zone": "abyss"}
    record = snapshot_record([end])
    record["cards"] = [EXPENSIVE_AREA]
    record["start"]["players"][0]["zone_c"] = "X_AE5"
    record["start"]["players"][0]["deck_unknown"] = 13
    report = replay_record(record, cards=cards)
    failed = next(e for e in report.events if e.kind == "EFFECT_FAILED")
    assert "6.1.3.4" in failed.rules
    assert report.turns[-1].players[0].zone_c == "X_AE5"


def test_rule_9_1_4_each_card_is_checked_separately(cards: CardCatalogue) -> None:
    costly = {"player": 0, "card": "T_11", "op": "attack_plus", "amount": 50}
    record = snapshot_record([fx("attack_plus", amount=5), costly])
    record["start"]["players"][0]["hand"][1] = "T_11"
    record["turns"][0]["set"][0] = {"A": "T_9", "B": "T_11"}
    report = replay_record(record, cards=cards)
    assert [e.kind for e in report.events if e.kind.startswith("EFFECT_")] == [
        "EFFECT_RESOLVED",
        "EFFECT_FAILED",
    ]


def test_deal_damage_to_both_at_once_uses_za04(cards: CardCatalogue) -> None:
    report = run(cards, [fx("deal_damage", amount=90, target="both")])
    assert report.result.outcome == "escalate"


def test_heal_is_capped(cards: CardCatalogue) -> None:
    report = run(cards, [fx("heal", amount=50)])
    healed = next(e for e in report.events if e.kind == "HEALED")
    assert (healed.before, healed.after) == (90, 100)
    assert "3.7.1" in healed.rules


def test_manual_ruling_without_card_skips_power_check(cards: CardCatalogue) -> None:
    report = run(cards, [{"player": 1, "op": "deal_damage", "amount": 5, "target": "self"}])
    resolved = next(e for e in report.events if e.kind == "EFFECT_RESOLVED")
    assert resolved.rules == ("1.3.1",)


@pytest.mark.parametrize("where", ["set", "effect"])
def test_unknown_card_marker_only_in_snapshots(where: str, cards: CardCatalogue) -> None:
    record = snapshot_record([fx("heal", amount=5)])
    if where == "set":
        record["turns"][0]["set"][1] = {"A": "?"}
    else:
        record["turns"][0]["effects"][0]["card"] = "?"
    with pytest.raises(RecordError) as info:
        replay_record(record, cards=cards)
    assert info.value.path.startswith("turns[0].")


def test_catalogue_error_names_cli_option() -> None:
    with pytest.raises(RecordError) as info:
        CardCatalogue.from_dicts([{"id": "X", "type": "character"}], path="--cards")
    assert info.value.path == "--cards[0].attack_night"


def test_snapshot_must_account_for_20_cards(cards: CardCatalogue) -> None:
    record = snapshot_record([])
    record["start"]["players"][1]["deck_unknown"] = 3
    report = replay_record(record, cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.rule == "4.1.1"
