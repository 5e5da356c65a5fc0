"""The area-enchant lifecycle and every timing and duration, run by the engine.

No real area enchant runs by itself on this branch alone: each also needs a condition or an
action of another executor family (``cond.day_to_night``, ``cond.opp_hp_at_most``, …). So the
lifecycle is tested on invented cards, given in each record's own ``cards`` with a Japanese text
and the encoding written from that text (``replay_record(..., encoding=...)``); their conditions
and actions are ones already executed (夜なら, 昼なら, HPがN以下なら, 相手のHPがNなら,
相手のアビスにカードがないなら; 攻撃力+N, HPをN回復). Expected values are worked out by hand
from the texts, the ground rules and the Q&A:

* 6.1.3.3 (Q10, Q12): an area enchant's effect takes effect each turn while it is in set zone C;
  its ending is carried out at the end of the turn (ターンの終了時に: 5.2.10, the state then, Q29)
  or the moment its condition holds (すぐに, or no timing written: 6.1.3.5), even before its
  effect was used (Q10);
* 6.1.3.4 (Q9): while its power cost is not met, neither its effect nor its ending;
* the destination its text names (1.3.1): the power charger with SEND TO POWER counts at once
  (Q20), without adds 0 (3.4.2, Q46); the abyss with SEND TO POWER adds nothing (3.6.2, Q71);
* 5.2.3 start of turn, 5.2.4 on clock, 5.2.5 on swap-in, 5.2.8 battle, 5.2.10 end of turn, and
  ※相手のエンチャント発動のち有効 after the opponent's enchants.

Every record starts from a judge's snapshot at turn 3, night side P0 (the priority player at night,
P1 by day: 10.2.1). Marks 0-4 are NIGHT, 9-13 DAY under the default mat (3.8.4); the records never
stop on 5-8 or 14-17 (ZA-01). The vanilla characters all attack 30 by night and day, cost 0:
``C_1``…``C_6`` clock 0, SEND TO POWER 1; ``N_1``, ``N_2`` clock 9 (one of them moves the medal
from midnight to 9, DAY, or from 9 back to 0, NIGHT); ``X_60`` attacks 60, clock 0, no SEND TO
POWER; ``P_2`` SEND TO POWER 2, used as power.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport, replay_record
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.cardeffects import execute
from judging.engine.zutomayo.cardeffects.run_base import ActionDef, via_primitive
from judging.engine.zutomayo.cardeffects.status import FORMAT, classify, parse_encoding
from judging.engine.zutomayo.cardeffects.vocab import (
    Act,
    CardEffect,
    Duration,
    Timing,
    clause_from_json,
)


def _vanilla(
    card_id: str, number: int, clock: int, attack: int = 30, stp: int | None = 1
) -> dict[str, Any]:
    return {"id": card_id, "pack": "V", "number": number, "type": "character",
            "element": "chaos", "clock": clock, "attack_night": attack, "attack_day": attack,
            "power_cost": 0, "send_to_power": stp, "has_effect": False}  # fmt: skip


VANILLA = [
    *(_vanilla(f"C_{n}", n, 0) for n in range(1, 7)),
    _vanilla("N_1", 11, 9),
    _vanilla("N_2", 12, 9),
    _vanilla("X_60", 13, 0, attack=60, stp=None),
    _vanilla("P_2", 14, 0, stp=2),
]

# Invented cards with effects: id → (type, clock, power cost, SEND TO POWER, effect_ja, clauses)
W = "dur.while_on_field"
INVENTED: dict[str, tuple[str, int, int, int | None, str, list[dict[str, Any]]]] = {
    "AR_END": ("area_enchant", 0, 0, None, "攻撃力+10。ターンの終了時に、昼ならアビスに置く", [
        {"actions": [{"code": "act.attack_plus", "amount": 10}], "duration": W},
        {"condition": {"code": "cond.day"}, "actions": [{"code": "area.to_abyss"}],
         "timing": "time.end_of_turn", "duration": W},
    ]),
    "AR_NOW": ("area_enchant", 0, 1, 1, "夜なら攻撃力+20。昼なら、すぐにパワーチャージャーに置く", [
        {"condition": {"code": "cond.night"},
         "actions": [{"code": "act.attack_plus", "amount": 20}], "duration": W},
        {"condition": {"code": "cond.day"}, "actions": [{"code": "area.to_power"}],
         "timing": "time.immediately", "duration": W},
    ]),
    "AR_HP": ("area_enchant", 0, 0, 2,
              "ターンの開始時に、HPを10回復。HPが50以下なら、すぐにアビスに置く", [
        {"actions": [{"code": "act.heal", "amount": 10}], "timing": "time.start_of_turn",
         "duration": W},
        {"condition": {"code": "cond.own_hp_at_most", "amount": 50},
         "actions": [{"code": "area.to_abyss"}], "timing": "time.immediately", "duration": W},
    ]),
    "AR_PC": ("area_enchant", 0, 0, None,
              "ターンの終了時に、HPを20回復。相手のアビスにカードがないなら、"
              "ターンの終了時にパワーチャージャーに置く", [
        {"actions": [{"code": "act.heal", "amount": 20}], "timing": "time.end_of_turn",
         "duration": W},
        {"condition": {"code": "cond.opp_abyss_empty"}, "actions": [{"code": "area.to_power"}],
         "timing": "time.end_of_turn", "duration": W},
    ]),
    "AR_COST": ("area_enchant", 0, 5, None, "攻撃力+30。昼なら、すぐにアビスに置く", [
        {"actions": [{"code": "act.attack_plus", "amount": 30}], "duration": W},
        {"condition": {"code": "cond.day"}, "actions": [{"code": "area.to_abyss"}],
         "timing": "time.immediately", "duration": W},
    ]),
    "AR_ECOST": ("area_enchant", 0, 3, None, "攻撃力+10。ターンの終了時に、夜ならアビスに置く", [
        {"actions": [{"code": "act.attack_plus", "amount": 10}], "duration": W},
        {"condition": {"code": "cond.night"}, "actions": [{"code": "area.to_abyss"}],
         "timing": "time.end_of_turn", "duration": W},
    ]),
    "AR_BATTLE": ("area_enchant", 0, 0, 1,
                  "攻撃力の決定時に、攻撃力+10。相手のHPが100なら、ターンの終了時にアビスに置く", [
        {"actions": [{"code": "act.attack_plus", "amount": 10}], "timing": "time.battle",
         "duration": W},
        {"condition": {"code": "cond.opp_hp_equals", "amount": 100},
         "actions": [{"code": "area.to_abyss"}], "timing": "time.end_of_turn", "duration": W},
    ]),
    "AR_CLOCK": ("area_enchant", 0, 0, 1,
                 "時間が進むときに、HPを10回復。HPが30以下なら、すぐにアビスに置く", [
        {"actions": [{"code": "act.heal", "amount": 10}], "timing": "time.on_clock",
         "duration": W},
        {"condition": {"code": "cond.own_hp_at_most", "amount": 30},
         "actions": [{"code": "area.to_abyss"}], "timing": "time.immediately", "duration": W},
    ]),
    "EN_SWAP": ("enchant", 0, 0, 1, "キャラクターの入れ替え時に、HPを10回復", [
        {"actions": [{"code": "act.heal", "amount": 10}], "timing": "time.on_swap_in"},
    ]),
    "EN_LATE": ("enchant", 0, 0, 1, "攻撃力+10 ※相手のエンチャント発動のち有効", [
        {"actions": [{"code": "act.attack_plus", "amount": 10}],
         "timing": "time.after_opp_enchants"},
    ]),
    "EN_PLUS": ("enchant", 0, 0, 1, "攻撃力+20", [
        {"actions": [{"code": "act.attack_plus", "amount": 20}]},
    ]),
    "EN_START": ("enchant", 0, 0, 1, "ターンの開始時に、HPを10回復", [
        {"actions": [{"code": "act.heal", "amount": 10}], "timing": "time.start_of_turn"},
    ]),
    "EN_END": ("enchant", 0, 0, 1, "ターンの終了時に、HPを10回復", [
        {"actions": [{"code": "act.heal", "amount": 10}], "timing": "time.end_of_turn"},
    ]),
}  # fmt: skip


def invented_cards() -> list[dict[str, Any]]:
    """The record's own cards: the vanilla characters and the invented cards with effects."""
    rows = list(VANILLA)
    for n, (card_id, (kind, clock, cost, stp, text, _)) in enumerate(INVENTED.items(), 21):
        rows.append({"id": card_id, "pack": "A", "number": n, "type": kind, "element": "chaos",
                     "clock": clock, "power_cost": cost, "send_to_power": stp,
                     "has_effect": True, "effect_ja": text})  # fmt: skip
    return rows


def encoding_json() -> dict[str, JSON]:
    """The invented cards' encoding, in the shape of ``cardeffects/encoding/<pack>.json``."""
    cards: dict[str, JSON] = {}
    for card_id, (_, _, _, _, text, clauses) in INVENTED.items():
        sha = hashlib.sha256(text.encode("utf-8")).hexdigest()
        cards[card_id] = {"sha256": sha, "clauses": clauses}  # type: ignore[dict-item]
    return {"format": FORMAT, "cards": cards}


ENCODING: Mapping[str, CardEffect] = parse_encoding(encoding_json())


def record(
    sets: list[tuple[list[str], list[str]]],
    *,
    battle: tuple[str | None, str | None] = ("C_1", "C_1"),
    zone_c: tuple[str | None, str | None] = (None, None),
    hp: tuple[int, int] = (100, 100),
    power: tuple[list[str], list[str]] = ([], []),
    abyss: tuple[list[str], list[str]] = ([], []),
    medal: int = 0,
    previous_winner: int | None = None,
    effects: dict[int, list[dict[str, Any]]] | None = None,
) -> dict[str, Any]:
    """Turns 3, 4, … from a snapshot; ``sets[i]`` are the cards P0 and P1 set on turn 3 + i (all
    of them start in hand)."""
    players = []
    for p in (0, 1):
        hand = [card for turn in sets for card in turn[p]]
        known = len(hand) + len(power[p]) + len(abyss[p]) + (battle[p] is not None)
        known += zone_c[p] is not None
        players.append({"hp": hp[p], "battle_zone": battle[p], "zone_c": zone_c[p],
                        "power_charger": power[p], "abyss": abyss[p], "hand": hand,
                        "deck_unknown": 20 - known})  # fmt: skip
    turns = []
    for i, turn in enumerate(sets):
        choice = [{"A": s[0], **({"B": s[1]} if len(s) > 1 else {})} for s in turn]
        turns.append({"set": choice, "effects": (effects or {}).get(i, [])})
    return {
        "format": "zutomayo-game/2",
        "night_side": 0,
        "cards": invented_cards(),
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": medal, "previous_winner": previous_winner,
                  "players": players},
        "turns": turns,
    }  # fmt: skip


def play(cards: CardCatalogue, data: dict[str, Any]) -> ReplayReport:
    report = replay_record(data, cards=cards, encoding=ENCODING)
    assert report.illegal_input is None, report.illegal_input
    assert not report.undescribed_effects, "every invented card runs by itself"
    return report


def moved(report: ReplayReport, card: str) -> list[Any]:
    return [e for e in report.events if e.kind == "CARD_MOVED" and e.param("card") == card]


def resolved(report: ReplayReport, card: str) -> list[Any]:
    return [e for e in report.events if e.kind == "EFFECT_RESOLVED" and e.param("card") == card]


def turn(report: ReplayReport, number: int) -> Any:
    return next(t for t in report.turns if t.turn == number)


# --- the encoding and what is executed -------------------------------------------------------


def test_every_invented_card_is_automated() -> None:
    rows = invented_cards()
    out = classify(rows, ENCODING)
    assert out["counts"] == {"automated": len(INVENTED), "partial": 0, "manual": 0}, out


def _clause(**fields: Any) -> Any:
    return clause_from_json({"actions": [{"code": "act.heal", "amount": 10}], **fields}, "c")


@pytest.mark.parametrize(
    ("fields", "area", "missing"),
    [
        ({}, False, ()),
        ({"timing": "time.start_of_turn"}, False, ()),
        ({"timing": "time.end_of_turn"}, False, ()),
        ({"timing": "time.on_clock"}, False, ()),
        ({"timing": "time.on_swap_in"}, False, ()),
        ({"timing": "time.after_opp_enchants"}, False, ()),
        ({"timing": "time.battle"}, False, ()),
        # すぐに is only an ending (its destination the only action): never another action
        ({"timing": "time.immediately"}, True, ("time.immediately",)),
        # an area enchant's clause takes effect again each turn while in set zone C (6.1.3.3)
        ({"duration": "dur.while_on_field"}, True, ()),
        # on another card the change must last by itself: HPを回復 does not
        ({"duration": "dur.while_on_field"}, False, ("dur.while_on_field",)),
        ({"duration": "dur.until_game_end"}, False, ("dur.until_game_end",)),
        ({"duration": "dur.until_battle_end"}, True, ("dur.until_battle_end",)),
    ],
)
def test_clause_missing_names_the_code(
    fields: dict[str, str], area: bool, missing: tuple[str, ...]
) -> None:
    clause = _clause(**fields)
    assert execute.clause_missing(clause, area_enchant=area) == missing
    assert execute.clause_executable(clause, area_enchant=area) is (not missing)


def test_a_lasting_duration_runs_with_an_action_that_lasts_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``ActionDef.lasts``: an action whose change is kept to the end of the game itself."""
    clause = _clause(duration="dur.until_game_end")
    assert execute.clause_missing(clause) == ("dur.until_game_end",)
    lasting = ActionDef(op="heal", run=via_primitive("heal").run,
                        lasts=frozenset({Duration.UNTIL_GAME_END.value}))  # fmt: skip
    monkeypatch.setitem(execute.ACTIONS, Act.HEAL, lasting)
    assert execute.clause_missing(clause) == ()


def test_every_timing_and_duration_is_executed() -> None:
    executed = execute.executed_codes()
    assert {t.value for t in Timing} <= executed
    assert {d.value for d in Duration} <= executed
    assert {"area.to_abyss", "area.to_power"} <= executed


def test_the_ending_steps() -> None:
    assert execute.TIMINGS[Timing.START_OF_TURN] == execute.START
    assert execute.TIMINGS[Timing.END_OF_TURN] == execute.END
    assert execute.TIMINGS[Timing.IMMEDIATELY] == execute.IMMEDIATE


# --- the lifecycle over several turns ---------------------------------------------------------


def test_continuing_each_turn_then_ending_at_end_of_turn(cards: CardCatalogue) -> None:
    """AR_END 攻撃力+10。ターンの終了時に、昼ならアビスに置く (no SEND TO POWER).

    T3: medal 0 + 0 = 0 NIGHT: +10 (40 vs 30, P1 90); at 5.2.10 not day: stays (6.2.1.1).
    T4: P1's N_1 moves the medal to 9, DAY: +10 again (6.1.3.3; P1 80); at 5.2.10 day: to the
    abyss (3.6, no SEND TO POWER). T5: gone, 30 vs 30, a draw."""
    data = record([(["C_2"], ["C_2"]), (["C_3"], ["N_1"]), (["C_4"], ["C_3"])],
                  zone_c=("AR_END", None))  # fmt: skip
    report = play(cards, data)
    t3, t4, t5 = turn(report, 3), turn(report, 4), turn(report, 5)
    assert (t3.battle.attack, [p.hp for p in t3.players]) == ((40, 30), [100, 90])
    assert t3.players[0].zone_c == "AR_END"
    assert (t4.medal, t4.time) == (9, "day")
    assert (t4.battle.attack, [p.hp for p in t4.players]) == ((40, 30), [100, 80])
    assert (t4.players[0].zone_c, t4.players[0].abyss) == (None, ("AR_END",))
    assert t5.battle.attack == (30, 30)
    [move] = moved(report, "AR_END")
    assert (move.turn, move.step, move.param("to_zone")) == (4, "5.2.10", "abyss")
    assert {"6.1.3.3", "1.3.1", "3.6", "3.6.1"} <= set(move.rules)
    failed = [e for e in report.events if e.kind == "EFFECT_FAILED" and e.turn == 3]
    assert [(e.step, e.param("reason"), e.param("condition")) for e in failed] == [
        ("5.2.10", "condition", "cond.day")
    ]


def test_q10_end_of_turn_ending_met_on_arrival_still_takes_effect_that_turn(
    cards: CardCatalogue,
) -> None:
    """Q10: 「ターン終了時に」なら、そのターンは効果を使用できる. AR_END set by day (medal 9):
    +10 at 5.2.7 (40 vs 30), then to the abyss at 5.2.10 (Q29: the state then)."""
    report = play(cards, record([(["AR_END"], ["C_2"])], medal=9))
    t3 = turn(report, 3)
    assert t3.battle.attack == (40, 30)
    assert (t3.players[0].zone_c, t3.players[0].abyss) == (None, ("AR_END",))
    assert [e.step for e in moved(report, "AR_END")] == ["5.2.6", "5.2.10"]


def test_q12_q20_immediate_ending_when_it_becomes_day(cards: CardCatalogue) -> None:
    """AR_NOW 夜なら攻撃力+20。昼なら、すぐにパワーチャージャーに置く (cost 1, SEND TO POWER 1).

    T3 night: +20 (50 vs 30). T4: the medal moves to 9 at 5.2.4: DAY, so at once (Q12) to the
    power charger, before its effect step: its SEND TO POWER counts at once (Q20): total power
    2 (P_2) + 1 (C_1, swapped out on T3) + 1 = 4, then C_2 swapped out at 5.2.5: 5. 30 vs 30."""
    data = record([(["C_2"], ["C_2"]), (["C_3"], ["N_1"])], zone_c=("AR_NOW", None),
                  power=(["P_2"], []))  # fmt: skip
    report = play(cards, data)
    t3, t4 = turn(report, 3), turn(report, 4)
    assert t3.battle.attack == (50, 30)
    assert t4.battle.attack == (30, 30)
    [move] = moved(report, "AR_NOW")
    assert (move.turn, move.step, move.param("to_zone")) == (4, "5.2.4", "power_charger")
    assert (move.before, move.after, move.param("qa")) == (3, 4, "Q20")
    assert {"6.1.3.3", "3.4", "9.1.1"} <= set(move.rules)
    assert t4.players[0].power_charger == ("P_2", "C_1", "AR_NOW", "C_2")
    assert t4.players[0].total_power == 5
    ending = [e for e in resolved(report, "AR_NOW") if e.param("timing") == "time.immediately"]
    assert [(e.turn, e.param("qa"), e.param("op")) for e in ending] == [
        (4, "Q12", "end_area_enchant")
    ]
    assert [e.turn for e in resolved(report, "AR_NOW") if e.param("op") == "attack_plus"] == [3]


def test_q10_immediate_ending_met_on_arrival_goes_before_its_effect(cards: CardCatalogue) -> None:
    """Q10: 「すぐに」なら効果を発動する前でも即時. AR_NOW set by day arrives in set zone C at
    5.2.6 and goes to the power charger at once: no +20 (30 vs 30)."""
    report = play(cards, record([(["AR_NOW"], ["C_2"])], medal=9, power=(["P_2"], [])))
    t3 = turn(report, 3)
    assert t3.battle.attack == (30, 30)
    assert [(e.step, e.param("to_zone")) for e in moved(report, "AR_NOW")] == [
        ("5.2.6", "zone_c"), ("5.2.6", "power_charger"),
    ]  # fmt: skip
    assert not [e for e in resolved(report, "AR_NOW") if e.param("op") == "attack_plus"]


def test_q9_power_cost_unmet_no_effect_and_no_ending_until_power_is_there(
    cards: CardCatalogue,
) -> None:
    """AR_COST 攻撃力+30。昼なら、すぐにアビスに置く, cost 5 (6.1.3.4, Q9).

    Medal 9, DAY, P0's power 4 (P_2, P_2): the ending is met but stays in set zone C (said once,
    Q9). At 5.2.5 C_1 is swapped out to the power charger: 5, the cost is met, and the ending
    is carried out at once (Q12): to the abyss, so no +30 at 5.2.7 (30 vs 30)."""
    report = play(cards, record([(["C_2"], ["C_2"])], zone_c=("AR_COST", None), medal=9,
                                power=(["P_2", "P_2"], [])))  # fmt: skip
    t3 = turn(report, 3)
    blocked = [e for e in report.events if e.kind == "EFFECT_FAILED" and e.param("qa") == "Q9"]
    assert [(e.step, e.param("reason"), e.param("power"), e.param("cost")) for e in blocked] == [
        ("5.2.1", "power_cost", 4, 5)
    ]
    assert "6.1.3.4" in blocked[0].rules
    [move] = moved(report, "AR_COST")
    assert (move.step, move.param("to_zone")) == ("5.2.5", "abyss")
    assert t3.battle.attack == (30, 30)
    assert (t3.players[0].zone_c, t3.players[0].abyss) == (None, ("AR_COST",))


def test_q9_power_cost_unmet_all_turn_it_stays(cards: CardCatalogue) -> None:
    """With power 2 the cost 5 is never met this turn: no +30 (9.1.3; EFFECT_FAILED at 5.2.7),
    no ending although it is DAY; it stays in set zone C."""
    report = play(cards, record([(["C_2"], ["C_2"])], zone_c=("AR_COST", None), medal=9,
                                power=(["P_2"], [])))  # fmt: skip
    t3 = turn(report, 3)
    assert t3.players[0].zone_c == "AR_COST"
    assert t3.battle.attack == (30, 30)
    failed = [e for e in report.events if e.kind == "EFFECT_FAILED"]
    assert [(e.step, e.param("op")) for e in failed] == [
        ("5.2.1", "end_area_enchant"), ("5.2.7", "attack_plus"),
    ]  # fmt: skip
    assert {"6.1.3.4", "9.1.3"} <= set(failed[1].rules)


def test_q9_end_of_turn_ending_with_the_power_cost_unmet(cards: CardCatalogue) -> None:
    """AR_ECOST 攻撃力+10。ターンの終了時に、夜ならアビスに置く, cost 3, P0 without power (X_60,
    no SEND TO POWER, goes to the abyss at the swap): by night neither the +10 (5.2.7.2) nor the
    ending at 5.2.10 (6.1.3.4, Q9): it stays in set zone C; 30 vs 30."""
    report = play(cards, record([(["C_2"], ["C_2"])], battle=("X_60", "C_1"),
                                zone_c=("AR_ECOST", None)))  # fmt: skip
    t3 = turn(report, 3)
    assert (t3.players[0].zone_c, t3.players[0].total_power, t3.battle.attack) == (
        "AR_ECOST", 0, (30, 30),
    )  # fmt: skip
    failed = [e for e in report.events if e.kind == "EFFECT_FAILED"]
    assert [(e.step, e.param("op"), e.param("reason")) for e in failed] == [
        ("5.2.7", "attack_plus", "power_cost"), ("5.2.10", "end_area_enchant", "power_cost"),
    ]  # fmt: skip
    assert {"5.2.10.1", "9.1.3", "6.1.3.4"} <= set(failed[1].rules)
    assert not moved(report, "AR_ECOST")


def test_start_of_turn_heal_then_q71_immediate_ending_after_the_battle(
    cards: CardCatalogue,
) -> None:
    """AR_HP ターンの開始時に、HPを10回復。HPが50以下なら、すぐにアビスに置く (SEND TO POWER 2).

    P0 at 60: +10 at 5.2.3 (70), before time moves forward (5.2.4); the battle 30 vs X_60's 60:
    P0 takes 30 (40 ≤ 50) and AR_HP goes to the abyss at once, at 5.2.9: its SEND TO POWER
    gives nothing there (3.6.2, Q71); P0's total power stays 1 (C_1)."""
    report = play(cards, record([(["C_2"], ["X_60"])], zone_c=("AR_HP", None), hp=(60, 100)))
    t3 = turn(report, 3)
    heal = next(e for e in report.events if e.kind == "HEALED")
    advanced = next(e for e in report.events if e.kind == "TIME_ADVANCED" and e.turn == 3)
    assert (heal.step, heal.before, heal.after) == ("5.2.3", 60, 70)
    assert heal.seq < advanced.seq
    assert [p.hp for p in t3.players] == [40, 100]
    [move] = moved(report, "AR_HP")
    assert (move.step, move.param("to_zone"), move.param("qa")) == ("5.2.9", "abyss", "Q71")
    assert "3.6.2" in move.rules
    assert (t3.players[0].abyss, t3.players[0].total_power) == (("AR_HP",), 1)


def test_q46_end_of_turn_heal_then_ending_to_the_power_charger_adds_0(
    cards: CardCatalogue,
) -> None:
    """AR_PC ターンの終了時に、HPを20回復。相手のアビスにカードがないなら、ターンの終了時に
    パワーチャージャーに置く (no SEND TO POWER). At 5.2.10 in printed order: 50 → 70, then P1's
    abyss is empty (its C_1 went to the power charger): to P0's power charger, adding 0 (Q46)."""
    report = play(cards, record([(["C_2"], ["C_2"])], zone_c=("AR_PC", None), hp=(50, 100)))
    t3 = turn(report, 3)
    assert [p.hp for p in t3.players] == [70, 100]
    [move] = moved(report, "AR_PC")
    assert (move.step, move.param("to_zone"), move.param("qa")) == ("5.2.10", "power_charger",
                                                                    "Q46")  # fmt: skip
    assert (move.before, move.after) == (1, 1)
    assert "3.4.2" in move.rules
    assert t3.players[0].power_charger == ("C_1", "AR_PC")


def test_end_of_turn_ending_not_met_it_stays_and_heals_again(cards: CardCatalogue) -> None:
    """The same card with a card in P1's abyss: it stays, and heals 20 at each turn's end
    (6.1.3.3): 40 → 60 → 80."""
    data = record([(["C_2"], ["C_2"]), (["C_3"], ["C_3"])], zone_c=("AR_PC", None),
                  hp=(40, 100), abyss=([], ["X_60"]))  # fmt: skip
    report = play(cards, data)
    assert [turn(report, n).players[0].hp for n in (3, 4)] == [60, 80]
    assert turn(report, 4).players[0].zone_c == "AR_PC"


def test_battle_timing_and_the_state_at_the_end_of_turn(cards: CardCatalogue) -> None:
    """AR_BATTLE 攻撃力の決定時に、攻撃力+10。相手のHPが100なら、ターンの終了時にアビスに置く.
    +10 at 5.2.8, after the effect step (P1's EN_PLUS +20 at 5.2.7): 40 vs 50, P0 takes 10.
    At 5.2.10 P1's HP is 100 (state then, Q29): to the abyss (SEND TO POWER 1: 3.6.2, Q71)."""
    report = play(cards, record([(["C_2"], ["EN_PLUS"])], zone_c=("AR_BATTLE", None)))
    t3 = turn(report, 3)
    plus = [e for e in resolved(report, "AR_BATTLE") if e.param("op") == "attack_plus"]
    assert [e.step for e in plus] == ["5.2.8"]
    assert t3.battle.attack == (40, 50)
    assert [p.hp for p in t3.players] == [90, 100]
    assert [(e.step, e.param("qa")) for e in moved(report, "AR_BATTLE")] == [("5.2.10", "Q71")]


def test_battle_timing_ending_not_met_when_the_opponent_has_lost_hp(cards: CardCatalogue) -> None:
    """40 vs 30: P1 is at 90 at 5.2.10, not 100: AR_BATTLE stays (it was 100 at 5.2.8)."""
    report = play(cards, record([(["C_2"], ["C_2"])], zone_c=("AR_BATTLE", None)))
    t3 = turn(report, 3)
    assert ([p.hp for p in t3.players], t3.players[0].zone_c) == ([100, 90], "AR_BATTLE")


def test_on_clock_before_time_moves_q3_old_area_enchant_then_the_swap(
    cards: CardCatalogue,
) -> None:
    """AR_CLOCK 時間が進むときに、HPを10回復 in set zone C: 80 → 90 at 5.2.4 before the medal
    moves. P0 sets AR_END: at 5.2.6 AR_CLOCK is swapped out by its SEND TO POWER (5.2.6.2: the
    power charger, not its ending), and AR_END takes effect at 5.2.7 (+10: 40 vs 30; Q3)."""
    report = play(cards, record([(["AR_END"], ["C_2"])], zone_c=("AR_CLOCK", None),
                                hp=(80, 100)))  # fmt: skip
    heal = next(e for e in report.events if e.kind == "HEALED")
    advanced = next(e for e in report.events if e.kind == "TIME_ADVANCED" and e.turn == 3)
    assert (heal.step, heal.after) == ("5.2.4", 90)
    assert heal.seq < advanced.seq
    [out] = moved(report, "AR_CLOCK")
    assert (out.step, out.param("to_zone")) == ("5.2.6", "power_charger")
    assert "6.1.3.3" not in out.rules
    assert turn(report, 3).battle.attack == (40, 30)


def test_on_clock_a_newly_set_area_enchant_does_not_take_effect_at_5_2_4(
    cards: CardCatalogue,
) -> None:
    """AR_CLOCK set this turn is in set zone A at 5.2.4 (6.1.3.3: only from set zone C): no heal
    this turn (as Q63 rules for 2nd_5)."""
    report = play(cards, record([(["AR_CLOCK"], ["C_2"])], hp=(80, 100)))
    assert not [e for e in report.events if e.kind == "HEALED"]
    assert turn(report, 3).players[0].zone_c == "AR_CLOCK"


def test_on_swap_in_enchant_resolves_at_the_character_swap(cards: CardCatalogue) -> None:
    """EN_SWAP キャラクターの入れ替え時に、HPを10回復 set with C_2 (P0 lost the last battle,
    5.2.1.2): 80 → 90 at 5.2.5, before C_2 is swapped in."""
    report = play(cards, record([(["C_2", "EN_SWAP"], ["C_2"])], hp=(80, 100),
                                previous_winner=1))  # fmt: skip
    heal = next(e for e in report.events if e.kind == "HEALED")
    swap = next(e for e in moved(report, "C_2") if e.player == 0)
    assert (heal.step, heal.after, swap.step) == ("5.2.5", 90, "5.2.5")
    assert heal.seq < swap.seq


@pytest.mark.parametrize(("card", "step"), [("EN_START", "5.2.3"), ("EN_END", "5.2.10")])
def test_enchant_start_and_end_of_turn(cards: CardCatalogue, card: str, step: str) -> None:
    """ターンの開始時に / ターンの終了時に、HPを10回復 on an enchant set this turn (6.1.3.2)."""
    report = play(cards, record([([card], ["C_2"])], hp=(80, 100)))
    heal = next(e for e in report.events if e.kind == "HEALED")
    assert (heal.step, heal.before, heal.after) == (step, 80, 90)


def test_after_opp_enchants_even_for_the_priority_player(cards: CardCatalogue) -> None:
    """EN_LATE 攻撃力+10 ※相手のエンチャント発動のち有効: P0 is the priority player (night,
    6.3.1), yet P1's EN_PLUS resolves first; 40 vs 50."""
    report = play(cards, record([(["EN_LATE"], ["EN_PLUS"])]))
    late = resolved(report, "EN_LATE")
    plus = resolved(report, "EN_PLUS")
    assert [e.step for e in late] == ["5.2.7"]
    assert plus[0].seq < late[0].seq
    assert "6.3.3" in late[0].rules
    assert turn(report, 3).battle.attack == (40, 50)


def test_both_endings_at_once_priority_player_first(cards: CardCatalogue) -> None:
    """Both have AR_NOW; N_1 makes it DAY at 5.2.4: both go at once, P1 (the day side, priority
    by day, 6.3.1) first."""
    data = record([(["C_2"], ["N_1"])], zone_c=("AR_NOW", "AR_NOW"),
                  power=(["P_2"], ["P_2"]))  # fmt: skip
    report = play(cards, data)
    endings = [e for e in moved(report, "AR_NOW") if e.param("to_zone") == "power_charger"]
    assert [(e.player, e.step) for e in endings] == [(1, "5.2.4"), (0, "5.2.4")]


def test_a_typed_entry_overrides_the_whole_card_for_the_turn(cards: CardCatalogue) -> None:
    """Req 5: the judge types 攻撃力+5 for AR_NOW. The entry drives (35 vs 30); the automatic
    effect is shown beside it, and its ending is not carried out by itself this turn although
    it becomes DAY (the judge rules on the card); it is the next turn."""
    typed = {0: [{"player": 0, "card": "AR_NOW", "op": "attack_plus", "amount": 5}]}
    data = record([(["C_2"], ["N_1"]), (["C_3"], ["C_2"])], zone_c=("AR_NOW", None),
                  power=(["P_2"], []), effects=typed)  # fmt: skip
    report = play(cards, data)
    t3 = turn(report, 3)
    assert (t3.battle.attack, t3.players[0].zone_c) == ((35, 30), "AR_NOW")
    assert [e.kind for e in report.events if e.kind == "EFFECT_AUTOMATIC_RESULT"]
    [move] = [e for e in moved(report, "AR_NOW") if e.param("to_zone") == "power_charger"]
    assert (move.turn, move.step) == (4, "5.2.1")


def test_no_automation_without_the_encoding(cards: CardCatalogue) -> None:
    """Without its encoding the invented card is one the record must describe (6.1.2)."""
    report = replay_record(record([(["C_2"], ["C_2"])], zone_c=("AR_END", None)), cards=cards)
    assert report.undescribed_effects == ("AR_END",)


# --- real area enchants: automated only once the other families' codes are merged -------------
# Each is written from the card's Japanese text and the Q&A; on a branch where the card is not
# automated yet (a condition or action of another family missing), the test is skipped with the
# codes still missing. Real vanilla characters (cards.json): 1st_67 darkness 50/30 no SEND TO
# POWER; 1st_72 flame 40/20 STP 1; 1st_74 electric 20/40 STP 1; 1st_79 wind 20/40 STP 1; all
# clock 1, cost 0. 2nd_38 (flame) and 2nd_65 (darkness) are STP 2.

POWER8 = ["2nd_38", "2nd_38", "2nd_65", "2nd_65"]

TESTED_CARDS: frozenset[str] = frozenset({"2nd_86", "4th_30", "2nd_64"})
"""The real cards run here from their Japanese text (the rest of this file is invented cards)."""


def _real(real_cards: CardCatalogue, card_id: str) -> None:
    from judging.engine.zutomayo.cardeffects.status import encoding

    card = real_cards.get(card_id)
    assert card is not None
    missing = list(execute.effect_missing(encoding()[card_id]))
    if missing:
        pytest.skip(f"{card_id} needs {missing} of another family")


def _real_record(
    sets: list[tuple[list[str], list[str]]],
    battle: tuple[str, str],
    zone_c: str,
    power: list[str],
    *,
    hp: tuple[int, int] = (100, 100),
    medal: int = 0,
    p1_power: list[str] | None = None,
) -> dict[str, Any]:
    data = record(sets, battle=battle, zone_c=(zone_c, None), power=(power, p1_power or []),
                  hp=hp, medal=medal)  # fmt: skip
    del data["cards"]
    return data


def test_real_2nd_86_q20(real_cards: CardCatalogue) -> None:
    """2nd_86 封 夜なら攻撃力+20。夜じゃなくなったらパワーチャージャーに置く (no timing written:
    at once, 6.1.3.5, Q12; SEND TO POWER 1, Q20). Medal 2: T3 1 + 1 → 4, NIGHT: +20 (1st_72
    40 + 20 = 60 vs 40, P1 80). T4 → 6, DAY (default mat SYM9, ZA-01): to the power charger at
    once; its power counts (Q20): 8 + 1 (1st_74, T3) + 1 = 10, + 1 (1st_72, T4) = 11; 40 vs 40."""
    _real(real_cards, "2nd_86")
    data = _real_record([(["1st_72"], ["1st_72"]), (["1st_74"], ["1st_79"])],
                        ("1st_74", "1st_74"), "2nd_86", POWER8, medal=2)  # fmt: skip
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None
    t3, t4 = turn(report, 3), turn(report, 4)
    assert (t3.battle.attack, [p.hp for p in t3.players]) == ((60, 40), [100, 80])
    assert (t4.battle.attack, t4.players[0].zone_c, t4.players[0].total_power) == (
        (40, 40), None, 11,
    )  # fmt: skip
    [move] = [e for e in moved(report, "2nd_86") if e.param("to_zone") == "power_charger"]
    assert (move.turn, move.step, move.param("qa")) == (4, "5.2.4", "Q20")


@pytest.mark.parametrize(("p1_battle", "attack", "hp", "ended"), [
    ("1st_67", (40, 40), [100, 100], True),  # P1's 1st_67 (no STP) goes to its abyss at 5.2.5
    ("1st_74", (80, 40), [100, 60], False),  # 1st_74 goes to the power charger: +40
])  # fmt: skip
def test_real_4th_30_q71(
    real_cards: CardCatalogue, p1_battle: str, attack: tuple[int, int], hp: list[int], ended: bool
) -> None:
    """4th_30 I'm CREAMY!!? 相手のアビスにカードがないなら、攻撃力+40。相手のアビスにカードが
    置かれたとき、すぐにこのカードをアビスに置く (cost 4, SEND TO POWER 1). P1 sets 1st_72; at
    the swap (5.2.5.2) P1's old character goes to its abyss if it has no SEND TO POWER: then at
    once (Q12) 4th_30 goes to P0's abyss, its power not counting (Q71), before 5.2.7: 1st_72 40 vs
    1st_72 40, a draw; else it stays and +40: 80 vs 40."""
    _real(real_cards, "4th_30")
    data = _real_record([(["1st_72"], ["1st_72"])], ("1st_67", p1_battle), "4th_30", POWER8)
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None
    t3 = turn(report, 3)
    assert (t3.battle.attack, [p.hp for p in t3.players]) == (attack, hp)
    assert (t3.players[0].zone_c is None) is ended
    if ended:
        [move] = [e for e in moved(report, "4th_30") if e.param("to_zone") == "abyss"]
        assert (move.step, move.param("qa")) == ("5.2.5", "Q71")
        assert t3.players[0].total_power == 8


def test_real_2nd_64_q29(real_cards: CardCatalogue) -> None:
    """2nd_64 うにぎりころりん パワーチャージャーの電気属性のカード１枚につき、攻撃力+20。相手の
    HPが30以下になったターンの終了時にアビスに置く (cost 2). Q29: P1 already at 30 and its HP
    not changing this turn, it still goes at the end of the turn. P0's power 1st_74 (electric) +
    2nd_38, then 1st_79 swapped in: one electric card, +20: 1st_79 20 + 20 = 40 vs 1st_67 50; P0
    takes 10, P1 stays at 30; at 5.2.10 to the abyss (no SEND TO POWER: 3.6)."""
    _real(real_cards, "2nd_64")
    data = _real_record([(["1st_79"], ["1st_67"])], ("1st_79", "1st_72"), "2nd_64",
                        ["1st_74", "2nd_38"], hp=(100, 30))  # fmt: skip
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None
    t3 = turn(report, 3)
    assert (t3.battle.attack, [p.hp for p in t3.players]) == ((40, 50), [90, 30])
    assert (t3.players[0].zone_c, t3.players[0].abyss) == (None, ("2nd_64",))
    assert [e.step for e in moved(report, "2nd_64")] == ["5.2.10"]
