"""Real area enchants automated once the executor families were merged: run tests.

Each card's continuing effect is run over two turns or more and its ending checked where the text
says: 「ターンの終了時に」 at 5.2.10 on the state then (Q29); 「すぐに」 or no timing at the
moment its condition holds (6.1.3.5, Q10, Q12), to the destination its text names (1.3.1; the
abyss, or the power charger where the text says so: SEND TO POWER counts there, Q20, and adds 0
without one, Q46; a card sent to the abyss by its effect gives no power, Q71).

Every record starts from a judge's snapshot at turn 3, medal on ``medal`` (0 unless a row says),
night side P0 (the priority player at night, 10.2.1), the area enchant already in P0's set zone
C. The medal moves by the clocks of the cards set (5.2.4.1); NIGHT = {0-4, 14-17}, DAY = {5-13}
(3.8.4, SYM9). Only the loser of a battle takes damage, the difference of the attacks (7.2).
Characters used (cards.json, no effect, power cost 0 unless said):

========  ========  =====  ===========  =========
card      element   clock  night / day  STP
========  ========  =====  ===========  =========
1st_67    darkness  1      50 / 30      none
1st_72    flame     1      40 / 20      1
1st_74    electric  1      20 / 40      1
1st_75    electric  1      30 / 50      none
1st_79    wind      1      20 / 40      1
1st_48    wind      1      20 / 60      none
2nd_78    wind      3      60 / 20      none
4th_85    wind      0      20 / 20      2
2nd_65    darkness  0      30 / 10      2
2nd_38    flame     0      20 / 20      2
1st_41    flame     1      70 / 70      none, cost 3
1st_12    darkness  1      100 / 60     none, cost 4
========  ========  =====  ===========  =========

POWER (2nd_38 ×2, 2nd_65 ×2) is total power 8 (9.1.1): every cost of these cards is met.
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport
from tests.judging.engine.cardeffects.test_run_area import moved, turn
from tests.judging.engine.test_card_effects_run import POWER, play


def game(
    sets: list[tuple[list[str], list[str]]],
    *,
    zone_c: str | None,
    battle: tuple[str, str] = ("1st_74", "1st_74"),
    power: tuple[list[str], list[str]] = (POWER, POWER),
    abyss: tuple[list[str], list[str]] = ([], []),
    hand: tuple[list[str], list[str]] = ([], []),
    deck: tuple[list[str], list[str]] = ([], []),
    hp: tuple[int, int] = (100, 100),
    medal: int = 0,
    previous_winner: int | None = None,
    p1_zone_c: str | None = None,
) -> dict[str, Any]:
    """Turns 3, 4, … from a snapshot: ``sets[i]`` are what P0 and P1 set on turn 3 + i (all in
    hand at the start, with ``hand``); ``deck`` known from the top, the rest of the 20 unknown."""
    players = []
    zones = (zone_c, p1_zone_c)
    for p in (0, 1):
        cards = [card for t in sets for card in t[p]] + hand[p]
        known = len(cards) + len(power[p]) + len(abyss[p]) + len(deck[p]) + 1
        known += zones[p] is not None
        players.append({"hp": hp[p], "battle_zone": battle[p], "zone_c": zones[p],
                        "power_charger": power[p], "abyss": abyss[p], "hand": cards,
                        "deck": deck[p], "deck_unknown": 20 - known})  # fmt: skip
    turns = [{"set": [{"A": s[0], **({"B": s[1]} if len(s) > 1 else {})} for s in t],
              "effects": []} for t in sets]  # fmt: skip
    return {
        "format": "zutomayo-game/2",
        "night_side": 0,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": medal, "previous_winner": previous_winner,
                  "players": players},
        "turns": turns,
    }  # fmt: skip


def summary(report: ReplayReport, n: int) -> tuple[Any, ...]:
    """Turn n: the attacks, both HPs, P0's set zone C."""
    t = turn(report, n)
    return (t.battle.attack, [p.hp for p in t.players], t.players[0].zone_c)


def ending(report: ReplayReport, card: str) -> tuple[int, str, str]:
    [move] = [e for e in moved(report, card) if e.param("from_zone") == "zone_c"]
    return (move.turn, move.step, move.param("to_zone"))


# --- 3rd_64 おそろのケータイ ---------------------------------------------------------------------


def test_3rd_64_both_add_their_own_hp_then_ends_when_opponent_at_40(
    real_cards: CardCatalogue,
) -> None:
    """3rd_64 お互いの自分のHPの分だけ攻撃力+。相手のHPが40以下になったターンの終了時にアビスに
    置く (cost 4, no STP). Q33: at the attack (5.2.8) each adds its own HP.

    T3 (medal 2, NIGHT) 1st_72 vs 1st_72, HP 100 / 80: 40+100 = 140 vs 40+80 = 120, P1 60; at
    5.2.10 60 > 40: stays. T4 (4): 140 vs 40+60 = 100, P1 20 ≤ 40: to the abyss at 5.2.10
    (Q29, 3.6: no STP). T5 (6, DAY): gone, 1st_74 40 vs 40."""
    sets = [(["1st_72"], ["1st_72"])] * 2 + [(["1st_74"], ["1st_74"])]
    report = play(real_cards, game(sets, zone_c="3rd_64", hp=(100, 80)))
    assert summary(report, 3) == ((140, 120), [100, 60], "3rd_64")
    assert summary(report, 4) == ((140, 100), [100, 20], None)
    assert summary(report, 5) == ((40, 40), [100, 20], None)
    assert ending(report, "3rd_64") == (4, "5.2.10", "abyss")
    assert turn(report, 4).players[0].abyss == ("3rd_64",)


# --- 3rd_85 断ち切る ----------------------------------------------------------------------------


def test_3rd_85_advances_the_clock_by_day_at_the_end_of_each_turn(
    real_cards: CardCatalogue,
) -> None:
    """3rd_85 ターンの終了時に、昼なら時計を２つ進める。30ダメージ以上を受けたなら、すぐにアビス
    に置く (cost 2). Medal 4: T3 +1+1 = 6 DAY, draw 20 vs 20, at 5.2.10 day: +2 → 8. T4 → 10
    DAY, 40 vs 40, → 12. T5 → 14 NIGHT, 40 vs 40: not day, stays 14 (6.2.1.1). No damage: stays."""
    sets = [(["1st_72"], ["1st_72"]), (["1st_74"], ["1st_74"]), (["1st_72"], ["1st_72"])]
    report = play(real_cards, game(sets, zone_c="3rd_85", medal=4))
    assert [turn(report, n).medal for n in (3, 4, 5)] == [8, 12, 14]
    assert [turn(report, n).battle.attack for n in (3, 4, 5)] == [(20, 20), (40, 40), (40, 40)]
    assert turn(report, 5).players[0].zone_c == "3rd_85"


@pytest.mark.parametrize(("p1_card", "hp", "zone_c", "medal"), [
    ("1st_75", 70, None, 11),  # 50 vs 20: 30 damage: at once to the abyss (5.2.9); no +2
    ("1st_74", 80, "3rd_85", 13),  # 40 vs 20: 20 damage < 30: stays, +2 at 5.2.10
])  # fmt: skip
def test_3rd_85_thirty_damage_ends_it_at_once(
    real_cards: CardCatalogue, p1_card: str, hp: int, zone_c: str | None, medal: int
) -> None:
    """Medal 9: P0 1st_72 (day 20) vs P1's card, medal 11, DAY."""
    report = play(real_cards, game([(["1st_72"], [p1_card])], zone_c="3rd_85", medal=9))
    t3 = turn(report, 3)
    assert (t3.players[0].hp, t3.players[0].zone_c, t3.medal) == (hp, zone_c, medal)
    if zone_c is None:
        assert ending(report, "3rd_85") == (3, "5.2.9", "abyss")


# --- 3rd_86 / 3rd_92 / 3rd_98: アビスのX属性のカード１枚につき、攻撃力+10 ---------------

PER_ELEMENT = [
    # card, two cards of its element for the abyss, a character of it without STP, its night attack
    ("3rd_86", ["2nd_66", "2nd_67"], "1st_67", 50),  # darkness
    ("3rd_92", ["1st_2", "1st_15"], "1st_41", 70),  # flame (1st_41 cost 3)
    ("3rd_98", ["1st_76", "1st_20"], "1st_75", 30),  # electric
]


@pytest.mark.parametrize(("card", "same", "char", "night"), PER_ELEMENT)
def test_per_element_in_the_abyss_then_ends_at_four_cards(
    real_cards: CardCatalogue, card: str, same: list[str], char: str, night: int
) -> None:
    """アビスのX属性のカード１枚につき、攻撃力+10。アビスのカードが４枚以上になったターンの終了時に
    アビスに置く (cost 3, no STP). P0's abyss: two of the element and 1st_48 (wind): 3 cards.

    T3 (medal 2): P0 sets ``char`` (1st_74 goes to the power charger: STP): +20, ``night`` + 20
    vs 1st_72 40; at 5.2.10 3 cards: stays. T4 (4): P0 1st_72, ``char`` to the abyss (no STP,
    5.2.5.2): 4 cards, 3 of the element: 40 + 30 = 70 vs 1st_67 50, P1 takes 20; at 5.2.10 4 ≥ 4:
    to the abyss."""
    sets = [([char], ["1st_72"]), (["1st_72"], ["1st_67"])]
    report = play(real_cards, game(sets, zone_c=card, abyss=([*same, "1st_48"], [])))
    first = night + 20 - 40
    assert summary(report, 3) == ((night + 20, 40), [100, 100 - first], card)
    assert summary(report, 4) == ((70, 50), [100, 80 - first], None)
    assert ending(report, card) == (4, "5.2.10", "abyss")
    assert turn(report, 4).players[0].abyss == (*same, "1st_48", char, card)


# --- 3rd_91 被験者 ------------------------------------------------------------------------------


def test_3rd_91_cost_three_character_and_opponent_putting_to_the_abyss(
    real_cards: CardCatalogue,
) -> None:
    """3rd_91 自分のキャラクターカードのパワーコストが３以上なら攻撃力+20。相手がアビスにカードを
    置いたターンの終了時にパワーチャージャーに置く (cost 1, STP 1).

    T3 (medal 2): P0's 1st_67 goes to P0's own abyss (not the opponent's), P1's 1st_74 to its
    power charger: P0's 1st_41 (cost 3): 70 + 20 = 90 vs 1st_67 50, P1 60; stays. T4 (4): P0's
    1st_72 (cost 0): no +20, 40 vs 1st_72 40; P1's 1st_67 went to P1's abyss (5.2.5.2): at
    5.2.10 to the power charger: total power 8 + 1 = 9 (Q20: its STP counts)."""
    sets = [(["1st_41"], ["1st_67"]), (["1st_72"], ["1st_72"])]
    report = play(real_cards, game(sets, zone_c="3rd_91", battle=("1st_67", "1st_74")))
    assert summary(report, 3) == ((90, 50), [100, 60], "3rd_91")
    assert summary(report, 4) == ((40, 40), [100, 60], None)
    assert ending(report, "3rd_91") == (4, "5.2.10", "power_charger")
    assert turn(report, 4).players[0].total_power == 9


# --- 3rd_97 厳戒態勢 ----------------------------------------------------------------------------


def test_3rd_97_reveals_each_turn_and_goes_at_cost_six(real_cards: CardCatalogue) -> None:
    """3rd_97 相手はターンの開始時にデッキの一番上を公開する。パワーコストが６以上のカードが山札から
    公開されたらパワーチャージャーに置く (cost 2, no STP). P1's deck: 1st_1 (cost 5), 1st_105
    (cost 6). T3 at 5.2.3: 1st_1 revealed, 5 < 6: stays; it goes back on top (Q45) and P1 draws
    it at 5.2.11. T4 at 5.2.3: 1st_105, 6 ≥ 6: at once to the power charger (Q45), adding 0
    (Q46): P0's total power 8 + 1 (1st_74, T3) + 1 (1st_72, T4) = 10."""
    sets = [(["1st_72"], ["1st_72"]), (["1st_74"], ["1st_74"])]
    report = play(real_cards, game(sets, zone_c="3rd_97", deck=([], ["1st_1", "1st_105"])))
    t3, t4 = turn(report, 3), turn(report, 4)
    assert t3.players[0].zone_c == "3rd_97"
    assert "1st_1" in t3.players[1].hand
    assert (t4.players[0].zone_c, t4.players[0].total_power) == (None, 10)
    assert "3rd_97" in t4.players[0].power_charger
    assert ending(report, "3rd_97") == (4, "5.2.3", "power_charger")
    shown = [(e.turn, e.step, e.param("cards")) for e in report.events
             if e.kind == "CARDS_REVEALED" and e.player == 1]  # fmt: skip
    assert [(n, s) for n, s, _ in shown] == [(3, "5.2.3"), (4, "5.2.3")]


# --- 4th_30 I'm CREAMY!!? ------------------------------------------------------------------------


def test_4th_30_plus_40_while_the_opponent_abyss_is_empty_then_q71(
    real_cards: CardCatalogue,
) -> None:
    """4th_30 相手のアビスにカードがないなら、攻撃力+40。相手のアビスにカードが置かれたとき、すぐに
    このカードをアビスに置く (cost 4, STP 1). P1's old characters have STP (power charger):
    T3 (2) 1st_72 + 40 = 80 vs 40, P1 60; T4 (4) 1st_74 20 + 40 = 60 vs 1st_67 50, P1 50. T5:
    P1's 1st_67 (no STP) goes to its abyss at 5.2.5: at once to P0's abyss, its STP not counting
    (Q71); medal 6 DAY: 1st_79 40 vs 1st_72 20, P1 30; total power 8 + 1 + 1 + 1 = 11."""
    sets = [(["1st_72"], ["1st_72"]), (["1st_74"], ["1st_67"]), (["1st_79"], ["1st_72"])]
    report = play(real_cards, game(sets, zone_c="4th_30"))
    assert summary(report, 3) == ((80, 40), [100, 60], "4th_30")
    assert summary(report, 4) == ((60, 50), [100, 50], "4th_30")
    assert summary(report, 5) == ((40, 20), [100, 30], None)
    assert ending(report, "4th_30") == (5, "5.2.5", "abyss")
    assert (turn(report, 5).players[0].total_power, turn(report, 5).players[0].abyss) == (
        11, ("4th_30",),
    )  # fmt: skip


def test_4th_30_opponent_abyss_not_empty_no_plus_and_no_card_placed(
    real_cards: CardCatalogue,
) -> None:
    """P1's abyss already holds 1st_48: no +40 (40 vs 40), and no card is placed there: it stays."""
    report = play(real_cards, game([(["1st_72"], ["1st_72"])], zone_c="4th_30",
                                   abyss=([], ["1st_48"])))  # fmt: skip
    assert summary(report, 3) == ((40, 40), [100, 100], "4th_30")


# --- 4th_32 継ぎ接ぎなメモ ----------------------------------------------------------------------


def test_4th_32_four_elements_in_hand_then_the_opponent_area_enchant(
    real_cards: CardCatalogue,
) -> None:
    """4th_32 手札を公開し、４属性以上あるなら、攻撃力+50。相手のエリアエンチャントが置かれて
    いるなら、すぐにアビスに置く (cost 4, no STP). P0's hand after setting (5.2.7):

    T3: 1st_72 (flame), 1st_79 (wind), 1st_9 (darkness), 1st_17 (electric): 4: 1st_74 20 + 50 =
    70 vs 40, P1 70; draws 1st_67. T4: 1st_79, 1st_9, 1st_17, 1st_67: 3 elements: 40 vs 1st_74
    20, P1 50. T5: P1 sets 3rd_86 (area enchant, clock 3): in its set zone C at 5.2.6, and at
    once 4th_32 to the abyss; medal 4 + 1 + 3 = 8 DAY: 1st_79 40 vs 1st_74 40."""
    sets = [(["1st_74"], ["1st_72"]), (["1st_72"], ["1st_74"]), (["1st_79"], ["3rd_86"])]
    data = game(sets, zone_c="4th_32", hand=(["1st_9", "1st_17"], []),
                deck=(["1st_67", "1st_76"], []))  # fmt: skip
    report = play(real_cards, data)
    assert summary(report, 3) == ((70, 40), [100, 70], "4th_32")
    assert summary(report, 4) == ((40, 20), [100, 50], "4th_32")
    assert summary(report, 5) == ((40, 40), [100, 50], None)
    assert ending(report, "4th_32") == (5, "5.2.6", "abyss")


# --- 4th_33 終わりからの始まり -------------------------------------------------------------------


def test_4th_33_wind_only_abyss_then_a_card_to_the_power_charger(
    real_cards: CardCatalogue,
) -> None:
    """4th_33 アビスにあるカードが風属性だけなら、攻撃力+20。パワーチャージャーにカードを置いた
    とき、すぐにこのカードをアビスに置く (cost 0, no STP). P0's old characters go to its abyss
    (no STP): T3 (medal 1) 2nd_78: abyss wind only: 1st_48 20 + 20 = 40 vs 2nd_65 30, P1 90.
    T4 (1): 1st_48 too: 4th_85 20 + 20 = 40 vs 2nd_65 30, P1 80 (P1's own 2nd_65 going to P1's
    power charger is not P0's). T5 (2): 4th_85 (STP 2) to P0's power charger at 5.2.5: at once
    4th_33 to the abyss: 1st_72 40 vs 2nd_38 20, P1 60; total power 8 + 2 = 10."""
    sets = [(["1st_48"], ["2nd_65"]), (["4th_85"], ["2nd_65"]), (["1st_72"], ["2nd_38"])]
    data = game(sets, zone_c="4th_33", battle=("2nd_78", "1st_67"), power=(POWER, []))
    report = play(real_cards, data)
    assert summary(report, 3) == ((40, 30), [100, 90], "4th_33")
    assert summary(report, 4) == ((40, 30), [100, 80], "4th_33")
    assert summary(report, 5) == ((40, 20), [100, 60], None)
    assert ending(report, "4th_33") == (5, "5.2.5", "abyss")
    assert turn(report, 5).players[0].total_power == 10


def test_4th_33_a_darkness_card_in_the_abyss_no_plus(real_cards: CardCatalogue) -> None:
    """P0's abyss holds 1st_67 (darkness) and then 2nd_78: not wind only: 1st_48 20 vs 2nd_65
    30, P0 90; nothing to P0's power charger: it stays."""
    report = play(real_cards, game([(["1st_48"], ["2nd_65"])], zone_c="4th_33",
                                   battle=("2nd_78", "1st_67"), abyss=(["1st_67"], []),
                                   power=(POWER, [])))  # fmt: skip
    assert summary(report, 3) == ((20, 30), [90, 100], "4th_33")


# --- 4th_65 JK BIOSCOPE -------------------------------------------------------------------------


def test_4th_65_power_cost_two_less_then_another_song_ends_it(
    real_cards: CardCatalogue,
) -> None:
    """4th_65 バトルゾーンのカードが（お勉強しといてよ）なら、そのキャラクターのパワーコストを★★
    減らす。バトルゾーンのキャラクターを（お勉強しといてよ）以外のキャラクターに入れ替えたら、
    すぐにアビスに置く (cost 3, no STP; Q47: the name carries （お勉強しといてよ）). P0's power
    2nd_38 + 1st_72 = 3; its character attacks only if its cost is met (9.1.3).

    T3 (medal 2): 3rd_10 (お勉強, cost 4 - 2 = 2 ≤ 3): 80 vs 1st_72 40, P1 60. T4: 3rd_10 to the
    power charger (STP 1): 4; 1st_1 (お勉強, cost 5 - 2 = 3 ≤ 4), medal 2 + 5 + 1 = 8 DAY: 50 vs
    1st_74 40, P1 50. T5: 1st_16 (not お勉強, cost 5) swapped in: at once 4th_65 to the abyss
    (5.2.5); 5 > 4: attack 0 (9.1.3) vs 1st_72 20 (medal 10), P0 80."""
    sets = [(["3rd_10"], ["1st_72"]), (["1st_1"], ["1st_74"]), (["1st_16"], ["1st_72"])]
    data = game(sets, zone_c="4th_65", battle=("1st_67", "1st_74"),
                power=(["2nd_38", "1st_72"], POWER))  # fmt: skip
    report = play(real_cards, data)
    assert summary(report, 3) == ((80, 40), [100, 60], "4th_65")
    assert summary(report, 4) == ((50, 40), [100, 50], "4th_65")
    assert summary(report, 5) == ((0, 20), [80, 50], None)
    assert ending(report, "4th_65") == (5, "5.2.5", "abyss")


# --- 4th_94 捜索中！ ----------------------------------------------------------------------------


def test_4th_94_q66_copy_not_met_each_turn_then_five_cards(real_cards: CardCatalogue) -> None:
    """4th_94 パワーチャージャーにある（シェードの埃は延長）のキャラクターを１枚選び、このカードの
    効果として使用する。パワーチャージャーにカードが５枚以上置かれているなら、すぐにアビスに置く
    (cost 3, no STP). P0's power charger: POWER minus one 2nd_65, plus 4th_75 (怪盗インク猫,
    このターンに（シェードの埃は延長）のキャラクターと入れ替えていたなら、相手のHP-20): 4 cards,
    total 7. Q66: P0 won the last battle and sets only 4th_94: 4th_75 is chosen (the only one,
    Q65: again each turn) but its condition is not met: no HP-20.

    T3 (medal 3): 1st_67 50 vs 1st_72 40, P1 90. T4 (5, DAY): P0's 1st_72; 1st_67 to the abyss:
    still 4 cards; copied again, not met; 20 vs 1st_74 40, P0 80. T5 (7): 1st_72 (STP) to the
    power charger at 5.2.5: 5 cards: at once to the abyss; 1st_74 40 vs 1st_72 20, P1 70."""
    own = ["2nd_38", "2nd_38", "2nd_65", "4th_75"]
    sets = [(["4th_94"], ["1st_72"]), (["1st_72"], ["1st_74"]), (["1st_74"], ["1st_72"])]
    data = game(sets, zone_c=None, battle=("1st_67", "1st_74"), power=(own, POWER),
                previous_winner=0)  # fmt: skip
    report = play(real_cards, data)
    assert summary(report, 3) == ((50, 40), [100, 90], "4th_94")
    assert summary(report, 4) == ((20, 40), [80, 90], "4th_94")
    assert summary(report, 5) == ((40, 20), [80, 70], None)
    assert ending(report, "4th_94") == (5, "5.2.5", "abyss")
    copied = [(e.turn, e.param("cards")) for e in report.events
              if e.kind == "EFFECT_COPIED" and e.param("card") == "4th_94"]  # fmt: skip
    assert copied == [(3, ("4th_75",)), (4, ("4th_75",))]
    failed = [(e.turn, e.param("copied"), e.param("condition"), e.param("qa"))
              for e in report.events if e.kind == "EFFECT_FAILED"]  # fmt: skip
    assert failed == [(n, "4th_75", "cond.swapped_in_song", "Q66") for n in (3, 4)]


# --- 4th_95 笑えないジョーク --------------------------------------------------------------------

FOUR = ["2nd_38", "2nd_65", "1st_74", "1st_79"]  # flame, darkness, electric, wind: total 6


def test_4th_95_four_elements_plus_50_then_ends_on_a_lost_battle(
    real_cards: CardCatalogue,
) -> None:
    """4th_95 パワーチャージャーに４属性以上あるなら、攻撃力+50。バトルに負けたとき、すぐにアビスに
    置く (cost 4, no STP). P0's power charger has the four elements.

    T3 (medal 2): 1st_72 40 + 50 = 90 vs 1st_67 50, P1 60. T4 (4): 1st_74 20 + 50 = 70 vs 1st_12
    100: P0 loses, takes 30 (70): at once to the abyss. T5 (6, DAY): gone: 1st_72 20 vs 1st_72
    20, a draw."""
    sets = [(["1st_72"], ["1st_67"]), (["1st_74"], ["1st_12"]), (["1st_72"], ["1st_72"])]
    report = play(real_cards, game(sets, zone_c="4th_95", battle=("1st_67", "1st_74"),
                                   power=(FOUR, POWER)))  # fmt: skip
    assert summary(report, 3) == ((90, 50), [100, 60], "4th_95")
    assert summary(report, 4) == ((70, 100), [70, 60], None)
    assert summary(report, 5) == ((20, 20), [70, 60], None)
    # the battle is lost when it is resolved (5.2.9, 5.1.4.1)
    assert ending(report, "4th_95") == (4, "5.2.9", "abyss")


@pytest.mark.parametrize(("p1_card", "hp", "zone_c"), [
    ("1st_67", [90, 100], None),  # 40 vs 50: lost: at once to the abyss
    ("1st_72", [100, 100], "4th_95"),  # 40 vs 40: a draw is not a loss: stays
])  # fmt: skip
def test_4th_95_two_elements_no_plus(
    real_cards: CardCatalogue, p1_card: str, hp: list[int], zone_c: str | None
) -> None:
    """POWER has only flame and darkness: no +50; P0's 1st_72 40."""
    report = play(real_cards, game([(["1st_72"], [p1_card])], zone_c="4th_95",
                                   battle=("1st_67", "1st_74")))  # fmt: skip
    t3 = turn(report, 3)
    assert ([p.hp for p in t3.players], t3.players[0].zone_c) == (hp, zone_c)


TESTED_CARDS: frozenset[str] = frozenset({
    "3rd_64", "3rd_85", "3rd_86", "3rd_91", "3rd_92", "3rd_97", "3rd_98",
    "4th_30", "4th_32", "4th_33", "4th_65", "4th_94", "4th_95",
})  # fmt: skip
