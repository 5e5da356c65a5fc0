"""Real area enchants automated once the executor families were merged, run over
several turns from their Japanese text (``effect_ja``, cards.json) and the Q&A.

Each scenario is a judge's snapshot at turn 3 with the area enchant already in P0's set zone C
(so its continuing effect takes effect from turn 3: 6.1.3.3; Q63), then two or three turns of
sets (``sets[i]`` = P0's and P1's cards of turn 3 + i, all in hand at the start). Worked out by
hand:

* 5.2.4.1: the medal moves by the clocks of the cards set from the hand this turn; marks 0-4
  are NIGHT, 9-13 DAY under both mat layouts (3.8.4, ZA-01); the scenarios never stop on 5-8
  or 14-17. The night side P0 is the priority player at night (10.2.1, 6.3.1).
* 5.2.5.2: the old character goes to the power charger with SEND TO POWER, else to the abyss.
* 5.2.9: the lower attack takes the difference as damage; 5.2.11.2: each draws what it set.
* The ending (6.1.3.3): すぐに or no timing written = the moment the condition holds, even
  before the effect (Q10, Q12); ターンの終了時に = at 5.2.10 on the state then (Q29). The
  destination is the one printed (1.3.1): the power charger counts its SEND TO POWER at once
  (Q20), the abyss adds nothing (3.6, Q71).

Vanilla characters (no effect; element, night / day attack, clock, power cost, SEND TO POWER):
1st_67 darkness 50/30 c1 ★0 none · 1st_72 flame 40/20 c1 ★0 1 · 1st_74 electric 20/40 c1 ★0
1 · 1st_79 wind 20/40 c1 ★0 1 · 1st_17 electric 10/50 c5 ★0 1 · 1st_11 darkness 100/20 c5 ★3
1 · 1st_12 darkness 100/60 c1 ★4 none · 1st_19 electric 20/100 c5 ★3 1 · 1st_34 darkness 70/30
c1 ★1 none · 1st_35 darkness 70/30 c2 ★2 1 · 1st_36 darkness 80/40 c1 ★2 none · 1st_39 flame
50/50 c2 ★2 1 · 1st_48 wind 20/60 c1 ★0 none · 1st_49 wind 70/10 c2 ★0 none · 1st_21 wind
90/10 c3 ★1 none · 2nd_4 wind 100/60 c0 ★4 none · 2nd_37 darkness 80/20 c0 ★1 none · 2nd_38
flame 20/20 c0 ★0 2 · 2nd_46 electric 60/80 c0 ★4 1 · 2nd_65 darkness 30/10 c0 ★0 2 · 1st_44
electric 30/70 c1 ★1 none. Power: 1st_69, 1st_70 (flame, ★2 each); at most 2 copies of a card
per player (4.1.2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport, replay_record
from tests.judging.engine.cardeffects.test_run_area import moved, record, turn
from tests.judging.engine.cardeffects.test_run_battle import _text

POWER8 = ["1st_69", "1st_69", "1st_70", "1st_70"]  # flame, SEND TO POWER ★2 each: total power 8
# (at most 2 copies of a card per player, 4.1.2)


@dataclass(frozen=True)
class Scenario:
    card: str
    text: str  # the phrase of effect_ja that decides
    sets: list[tuple[list[str], list[str]]]
    # per turn from turn 3: (P0's attack, P1's attack), [P0's HP, P1's HP] at the turn's end
    attacks: list[tuple[int, int]]
    hps: list[list[int]]
    # the ending: (turn, step, destination); every earlier turn the card is still in zone C
    ending: tuple[int, str, str]
    battle: tuple[str, str] = ("1st_74", "1st_74")
    power: tuple[list[str], list[str]] = (POWER8, POWER8)
    abyss: tuple[list[str], list[str]] = ([], [])
    hp: tuple[int, int] = (100, 100)
    medal: int = 0
    p1_zone_c: str | None = None
    p1_deck: list[str] = field(default_factory=list)  # top first
    medals: list[int] | None = None  # the medal after each turn's 5.2.4
    # ★+N (POWER_BONUS_ADDED at 5.2.7): (power charger's total, power with the bonus) per turn
    bonus: list[tuple[int, int]] | None = None
    why: str = ""


SCENARIOS = [
    Scenario(
        "2nd_98",
        "昼なら攻撃力+20。昼じゃなくなったらパワーチャージャーに置く",
        [(["1st_74"], ["1st_74"]), (["1st_79"], ["1st_79"]), (["1st_17"], ["2nd_38"])],
        attacks=[(60, 40), (60, 40), (10, 20)],
        hps=[[100, 80], [100, 60], [90, 60]],
        ending=(5, "5.2.4", "power_charger"),
        battle=("1st_79", "1st_79"),
        medal=9,
        medals=[11, 13, 0],
        why="T3 9+2=11 DAY: 1st_74 40+20 vs 40. T4 13 DAY: 1st_79 40+20 vs 40. T5 13+5+0=18=0 "
        "NIGHT at 5.2.4: not day any more, at once (no timing: Q12) to the power charger, "
        "before 5.2.7: 1st_17 by night 10 vs 2nd_38 20.",
    ),
    Scenario(
        "2nd_86",
        "夜なら攻撃力+20。夜じゃなくなったらパワーチャージャーに置く",
        [(["1st_72"], ["1st_72"]), (["1st_74"], ["1st_74"]), (["1st_17"], ["2nd_38"])],
        attacks=[(60, 40), (40, 20), (50, 20)],
        hps=[[100, 80], [100, 60], [100, 30]],
        ending=(5, "5.2.4", "power_charger"),
        medals=[2, 4, 9],
        why="T3 0+2 NIGHT: 1st_72 40+20 vs 40. T4 4 NIGHT: 1st_74 20+20 vs 20. T5 4+5+0=9 DAY at "
        "5.2.4: at once to the power charger (Q12, Q20): 1st_17 by day 50 vs 2nd_38 20.",
    ),
    Scenario(
        "2nd_104",
        "キャラクターカードが２コスト以下なら、攻撃力+20。キャラクターカードが４コスト"
        "以上ならパワーチャージャーに置く",
        [(["1st_72"], ["2nd_37"]), (["1st_39"], ["2nd_46"]), (["1st_12"], ["2nd_4"])],
        attacks=[(60, 80), (70, 60), (100, 100)],
        hps=[[80, 100], [80, 90], [80, 90]],
        ending=(5, "5.2.5", "power_charger"),
        medals=[1, 3, 4],
        why="T3 1st_72 ★0 ≤ 2: 40+20 vs 80. T4 1st_39 ★2 ≤ 2 (以下): 50+20 vs 60. T5 1st_12 ★4 "
        "swapped in at 5.2.5: ★4 以上, at once to the power charger (no timing: Q12), so no "
        "+20: 100 vs 100, a draw.",
    ),
    Scenario(
        "2nd_92",
        "キャラクターカードが２コスト以上なら、攻撃力+20。相手のキャラクターカードが"
        "４コスト以上ならパワーチャージャーに置く",
        [(["1st_39"], ["2nd_37"]), (["1st_72"], ["2nd_37"]), (["1st_36"], ["2nd_46"])],
        attacks=[(70, 80), (40, 80), (80, 60)],
        hps=[[90, 100], [50, 100], [50, 80]],
        ending=(5, "5.2.5", "power_charger"),
        medals=[2, 3, 4],
        why="T3 own 1st_39 ★2 以上: 50+20 vs 80. T4 own 1st_72 ★0: no +20, 40 vs 80, and the "
        "opponent's 2nd_37 ★1 < 4: it stays. T5 P1's 2nd_46 ★4 swapped in at 5.2.5: at once to "
        "the power charger (Q22: no +20 although own 1st_36 is ★2): 80 vs 60.",
    ),
    Scenario(
        "2nd_5",
        "相手のキャラクターカードの時計を無効にする。昼と夜が入れ替わったターンの終了時に"
        "アビスに置く",
        [(["1st_12"], ["1st_11"]), (["2nd_38"], ["1st_17"]), (["1st_17"], ["1st_19"])],
        attacks=[(100, 100), (20, 10), (50, 100)],
        hps=[[100, 100], [100, 90], [50, 90]],
        ending=(5, "5.2.10", "abyss"),
        medal=3,
        medals=[4, 4, 9],
        why="P1's clocks count 0 (Q63: in zone C before the turn): T3 3+1+0=4 NIGHT (not 9): "
        "1st_12 100 vs 1st_11 100; at 5.2.10 time did not change: it stays. T4 4+0+0=4: 20 vs "
        "10. T5 4+5 (P0's own 1st_17) +0 = 9 DAY: NIGHT→DAY this turn, at 5.2.10 to the abyss "
        "(no SEND TO POWER); 1st_17 by day 50 vs 1st_19 100.",
    ),
    Scenario(
        "2nd_58",
        "アビスの闇属性のカード１枚につき、★+１。キャラクターカードを自分のパワー"
        "チャージャーに置いたターンの終了時にアビスに置く",
        [(["1st_34"], ["2nd_46"]), (["1st_35"], ["2nd_46"]), (["1st_72"], ["2nd_37"])],
        attacks=[(70, 60), (70, 60), (40, 80)],
        hps=[[100, 90], [100, 80], [60, 80]],
        ending=(5, "5.2.10", "abyss"),
        battle=("1st_67", "1st_74"),
        power=(["2nd_38", "2nd_65"], POWER8),
        abyss=(["2nd_65"], []),
        medals=[1, 3, 4],
        bonus=[(4, 6), (4, 7), (5, 8)],
        why="Its ★3 is met by the power charger alone (★4, Q72). T3 the old 1st_67 (darkness, "
        "no STP) goes to the abyss: 2 darkness cards, ★4+2 (Q24). T4 the old 1st_34 (darkness, "
        "no STP) too: ★4+3; no character went to the power charger: it stays. T5 the old 1st_35 "
        "(STP 1) goes to the power charger: ★5+3, and at 5.2.10 to the abyss.",
    ),
    Scenario(
        "2nd_64",
        "パワーチャージャーの電気属性のカード１枚につき、攻撃力+20。相手のHPが30以下"
        "になったターンの終了時にアビスに置く",
        [(["1st_79"], ["1st_67"]), (["1st_72"], ["2nd_65"]), (["1st_44"], ["2nd_46"])],
        attacks=[(60, 50), (80, 30), (70, 60)],
        hps=[[100, 90], [100, 40], [100, 30]],
        ending=(5, "5.2.10", "abyss"),
        battle=("1st_74", "1st_72"),
        power=(["1st_74", "2nd_38"], POWER8),
        medals=[2, 3, 4],
        why="P0's power charger 1st_74 + 2nd_38 and the old 1st_74 swapped in at T3's 5.2.5 "
        "(Q30): 2 electric, +40 each turn (1st_79 and 1st_72 that follow are wind and flame; "
        "1st_44 in the battle zone does not count). P1 90, 40 (> 30: stays), then exactly 30 "
        "(以下): at T5's 5.2.10 to the abyss.",
    ),
    Scenario(
        "2nd_7",
        "自分の攻撃力は常に昼の攻撃力となる。相手がエリアエンチャントを出したターンの"
        "終了時にアビスに置く",
        [(["1st_79"], ["2nd_65"]), (["1st_74"], ["2nd_65"]), (["2nd_38"], ["2nd_86"])],
        attacks=[(40, 30), (40, 30), (20, 50)],
        hps=[[100, 90], [100, 80], [70, 80]],
        ending=(5, "5.2.10", "abyss"),
        power=(POWER8, ["2nd_38"]),
        medals=[1, 2, 4],
        why="By night P0 attacks with the day value: 1st_79 40, 1st_74 40 (not 20) vs 2nd_65 30. "
        "T5 P1 sets the area enchant 2nd_86 (出した; 2+0+2=4 NIGHT: its +20 on 2nd_65: 50) vs "
        "2nd_38 20: at 5.2.10 2nd_7 goes to the abyss (no SEND TO POWER).",
    ),
    Scenario(
        "3rd_104",
        "アビスの風属性のカード１枚につき、攻撃力+10。アビスのカードが４枚以上になった"
        "ターンの終了時にアビスに置く",
        [(["1st_72"], ["2nd_65"]), (["1st_21"], ["2nd_4"]), (["2nd_38"], ["2nd_65"])],
        attacks=[(60, 30), (110, 100), (50, 30)],
        hps=[[100, 70], [100, 60], [100, 40]],
        ending=(5, "5.2.10", "abyss"),
        battle=("1st_49", "1st_74"),
        abyss=(["1st_48", "1st_67"], []),
        medals=[1, 4, 4],
        why="P0's abyss 1st_48 (wind), 1st_67; T3 the old 1st_49 (wind, no STP) joins: 3 cards, "
        "2 wind, +20. T4 the old 1st_72 goes to the power charger: still 3 (< 4: stays), +20. "
        "T5 the old 1st_21 (wind, no STP) joins: 4 cards, 3 wind, +30; at 5.2.10 4 以上: to "
        "the abyss.",
    ),
    Scenario(
        "3rd_58",
        "ターンの終了時に、お互いのHPを10回復。30ダメージ以上を受けたなら、すぐにアビスに置く",
        [(["1st_72"], ["2nd_65"]), (["1st_74"], ["1st_72"]), (["2nd_38"], ["2nd_37"])],
        attacks=[(40, 30), (20, 40), (20, 80)],
        hps=[[80, 70], [70, 80], [10, 80]],
        ending=(5, "5.2.9", "abyss"),
        hp=(70, 70),
        power=(POWER8, ["2nd_38"]),
        medals=[1, 3, 3],
        why="T3 P1 70-10=60; at 5.2.10 both +10: 80, 70. T4 P0 80-20=60 (20 < 30: stays), then "
        "70, 80. T5 P0 takes 60 (30 以上): at once (すぐに, 5.2.9) to the abyss, so no heal "
        "at 5.2.10 (Q16): 10, 80.",
    ),
    Scenario(
        "3rd_61",
        "すべてのカードの時計を１にする。ターンの終了時に、相手のフィールドにエリア"
        "エンチャントがあるならパワーチャージャーに置く",
        [(["1st_17"], ["2nd_38"]), (["1st_11"], ["2nd_86"])],
        attacks=[(10, 20), (100, 40)],
        hps=[[90, 100], [90, 40]],
        ending=(4, "5.2.10", "power_charger"),
        power=(["2nd_38"], ["2nd_38"]),
        medals=[2, 4],
        why="Every card set counts clock 1 (at 5.2.3, before 5.2.4; Q31): T3 0+1+1=2 (not 5), "
        "1st_17 10 vs 2nd_38 20; no area enchant on P1's field: stays. T4 1st_11 (★3: 2 + 1 "
        "from 1st_74) and P1's 2nd_86 count 1 each: 4 (not 7), NIGHT: 2nd_38 20+20 from 2nd_86; "
        "at 5.2.10 P1 has an area enchant: to the power charger.",
    ),
    Scenario(
        "3rd_55",
        "相手のエリアエンチャントをデッキの底に戻し…相手がアビスにカードを置いたターンの"
        "終了時にパワーチャージャーに置く",
        [(["1st_72"], ["1st_72"]), (["1st_74"], ["1st_67"]), (["2nd_65"], ["2nd_38"])],
        attacks=[(40, 40), (20, 50), (30, 20)],
        hps=[[100, 100], [70, 100], [70, 90]],
        ending=(5, "5.2.10", "power_charger"),
        power=(["2nd_38"], ["2nd_38"]),
        p1_zone_c="2nd_86",
        medals=[2, 4, 4],
        why="T3 at 5.2.7 P0 resolves first (night, 6.3.1; Q32): P1's 2nd_86 goes to the bottom "
        "of P1's deck before its +20: 40 vs 40. P1's old characters 1st_74 and 1st_72 have SEND "
        "TO POWER (power charger): it stays. T5 P1's old 1st_67 (no STP) goes to P1's abyss at "
        "5.2.5: at 5.2.10 to P0's power charger.",
    ),
    Scenario(
        "3rd_103",
        "ターンの開始時に相手のデッキの一番上を公開する。相手のカードにSEND TO POWER★"
        "が無ければ自分の攻撃力+30。SEND TO POWER★があったなら、すぐにこのカードをパワー"
        "チャージャーに置く",
        [(["1st_72"], ["2nd_37"]), (["1st_74"], ["2nd_65"]), (["1st_72"], ["2nd_65"])],
        attacks=[(70, 80), (50, 30), (40, 30)],
        hps=[[90, 100], [90, 80], [90, 70]],
        ending=(5, "5.2.3", "power_charger"),
        power=(["2nd_38"], ["2nd_38"]),
        p1_deck=["1st_67", "1st_48", "1st_72"],
        medals=[1, 2, 3],
        why="P1's deck top at each 5.2.3 (the shown card stays on top, Q45, and P1 draws it at "
        "5.2.11.2): 1st_67 and 1st_48 have no SEND TO POWER: +30 (1st_72 70 vs 80; 1st_74 50 vs "
        "30). T5 1st_72 has SEND TO POWER 1: at once to the power charger at 5.2.3, no +30: "
        "1st_72 40 vs 2nd_65 30.",
    ),
]

TESTED_CARDS: frozenset[str] = frozenset(s.card for s in SCENARIOS)


def scenario_record(s: Scenario) -> dict[str, Any]:
    data = record(s.sets, battle=s.battle, zone_c=(s.card, s.p1_zone_c), hp=s.hp, power=s.power,
                  abyss=s.abyss, medal=s.medal)  # fmt: skip
    del data["cards"]  # the real pool (real_cards) and its encoding
    if s.p1_deck:
        p1 = data["start"]["players"][1]
        p1["deck"] = list(s.p1_deck)
        p1["deck_unknown"] -= len(s.p1_deck)
    return data


def play(real_cards: CardCatalogue, data: dict[str, Any]) -> ReplayReport:
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None, report.illegal_input
    assert not report.undescribed_effects
    return report


def test_texts_are_the_cards(real_cards: CardCatalogue) -> None:
    for s in SCENARIOS:
        for part in s.text.split("…"):
            assert part in _text(real_cards, s.card), s.card


@pytest.mark.parametrize("s", SCENARIOS, ids=[s.card for s in SCENARIOS])
def test_area_enchant_over_turns_and_its_ending(real_cards: CardCatalogue, s: Scenario) -> None:
    report = play(real_cards, scenario_record(s))
    end_turn, _, destination = s.ending
    for i, (attack, hp) in enumerate(zip(s.attacks, s.hps, strict=True)):
        t = turn(report, 3 + i)
        assert (t.battle.attack, [p.hp for p in t.players]) == (attack, hp), (s.card, 3 + i)
        if s.medals is not None:
            assert t.medal == s.medals[i], (s.card, 3 + i)
        zone_c = None if 3 + i >= end_turn else s.card
        assert t.players[0].zone_c == zone_c, (s.card, 3 + i)
        if s.bonus is not None:
            added = [(e.before, e.after) for e in report.events
                     if e.kind == "POWER_BONUS_ADDED" and e.turn == 3 + i]  # fmt: skip
            assert added == [s.bonus[i]], (s.card, 3 + i)
    [move] = [e for e in moved(report, s.card) if e.player == 0]
    assert (move.turn, move.step, move.param("to_zone")) == s.ending
    last = turn(report, end_turn).players[0]
    assert s.card in (last.power_charger if destination == "power_charger" else last.abyss)


def test_2nd_58_q72_its_own_cost_from_the_power_charger_alone(real_cards: CardCatalogue) -> None:
    """Q72: パワーチャージャーにはSEND TO POWER★１があり、アビスに２枚の闇属性のカード: 開店準備
    (★3) does not take effect (9.1.3, 6.1.3.4): no ★+ (no POWER_BONUS_ADDED), and its ending
    is not carried out either (Q9) although on T4 the old 1st_35 (STP 1) goes to the power
    charger (★2, still < 3): it stays in set zone C."""
    data = record([(["1st_35"], ["2nd_46"]), (["1st_72"], ["2nd_46"])], battle=("1st_67", "1st_74"),
                  zone_c=("2nd_58", None), power=(["1st_74"], POWER8),
                  abyss=(["2nd_65"], []))  # fmt: skip
    del data["cards"]
    report = play(real_cards, data)
    assert not [e for e in report.events if e.kind == "POWER_BONUS_ADDED"]
    failed = [e for e in report.events if e.kind == "EFFECT_FAILED" and e.param("card") == "2nd_58"]
    assert [(e.turn, e.step, e.param("reason")) for e in failed] == [
        (t, step, "power_cost") for t in (3, 4) for step in ("5.2.7", "5.2.10")
    ]
    assert [e.param("qa") for e in failed if e.step == "5.2.7"] == ["Q72", "Q72"]
    assert turn(report, 4).players[0].zone_c == "2nd_58"


def _one_off(
    real_cards: CardCatalogue, sets: list[tuple[list[str], list[str]]], **kwargs: Any
) -> ReplayReport:
    data = record(sets, battle=("1st_74", "1st_74"), **kwargs)
    del data["cards"]
    return play(real_cards, data)


def test_2nd_5_q63_set_this_turn_the_opponents_clock_still_counts(
    real_cards: CardCatalogue,
) -> None:
    """Q63: グレイヌの一服をセットしたターンは…時計を進めている: set on T3 it is in set zone A at
    5.2.4, so P1's 1st_11 counts its clock 5: 3 + 1 (2nd_5) + 5 = 9, DAY. NIGHT→DAY this turn:
    at 5.2.10 to the abyss (ターンの終了時に, Q10: it stays in set zone C until then)."""
    report = _one_off(real_cards, [(["2nd_5"], ["1st_11"])], medal=3, power=(POWER8, POWER8))
    t3 = turn(report, 3)
    assert (t3.medal, t3.time) == (9, "day")
    assert [(e.step, e.param("to_zone")) for e in moved(report, "2nd_5")] == [
        ("5.2.6", "zone_c"), ("5.2.10", "abyss"),
    ]  # fmt: skip
    assert t3.players[0].abyss == ("2nd_5",)


def test_3rd_61_q31_clocks_are_1_from_the_next_turn(real_cards: CardCatalogue) -> None:
    """Q31: 次のターンより発動します. T3 3rd_61 (clock 2) and P1's 1st_72 (1) count as printed:
    0 + 3 = 3. T4 P0's 1st_17 (clock 5) and P1's 2nd_38 (clock 0) both count 1: 3 + 2 = 5 (not
    8). P1 has no area enchant: 3rd_61 stays both turns."""
    sets = [(["3rd_61"], ["1st_72"]), (["1st_17"], ["2nd_38"])]
    report = _one_off(real_cards, sets, power=(POWER8, POWER8))
    assert [turn(report, n).medal for n in (3, 4)] == [3, 5]
    assert turn(report, 4).players[0].zone_c == "3rd_61"


def test_3rd_55_q28_the_opponent_cannot_set_an_area_enchant(real_cards: CardCatalogue) -> None:
    """Q28: 以後相手はエリアエンチャントをセットできない: ターン開始時に時計を参照した後、すぐに
    パワーチャージャー/アビスへ置きます. T3 3rd_55 takes effect (5.2.7). T4 P1 sets 3rd_104
    (clock 1, no SEND TO POWER): its clock counts (2 + 1 (1st_74) + 1 = 4), then at 5.2.6 it goes
    to P1's abyss (3.6), never to set zone C, so it never takes effect; P1's 1st_72 stays in the
    battle zone: 1st_74 20 vs 40, P0 80. (Whether that card counts as 相手がアビスにカードを置いた
    for 3rd_55's own ending is not ruled: not asserted.)"""
    sets = [(["1st_72"], ["1st_72"]), (["1st_74"], ["3rd_104"])]
    report = _one_off(real_cards, sets, zone_c=("3rd_55", None), power=(["2nd_38"], POWER8))
    t4 = turn(report, 4)
    assert (t4.medal, t4.battle.attack, [p.hp for p in t4.players]) == (4, (20, 40), [80, 100])
    assert [(e.turn, e.step, e.param("to_zone")) for e in moved(report, "3rd_104")] == [
        (4, "5.2.6", "abyss")
    ]
    assert t4.players[1].zone_c is None
    assert not [e for e in report.events if e.kind == "EFFECT_RESOLVED"
                and e.param("card") == "3rd_104"]  # fmt: skip
