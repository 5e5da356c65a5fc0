"""The ``run_play`` conditions (characters, songs, changes of the time of day, HP, what happened
this turn or last turn), run by themselves on real cards, from their Japanese text.

The records are the judge's snapshots of ``test_card_effects_run`` (turn 3, both players at 100
HP unless a row says otherwise, total power 8, nobody typing an effect). The medal after 5.2.4 is
the start mark plus the clocks of the cards set this turn (5.2.4.1); under the default mat (SYM9,
3.8.4) marks 0-4 and 14-17 are NIGHT, 5-13 DAY. Expected attacks are the printed attack for that
time plus the text's +N (7.1); each row says how it was worked out. Card stats are from
SHARED_DIR/data/zutomayo/cards.json (night / day attack, power cost ★, clock):

=========  ==============================================  ========  =========  ===  =====  ===
card       name (its song in brackets)                     element   n / d      ★    clock  STP
=========  ==============================================  ========  =========  ===  =====  ===
1st_9      にらちゃん（お勉強しといてよ）                   darkness  50 / 10    0    1      1
1st_12     にらちゃん［アニメーター］（猫リセット）          darkness  100 / 60   4    1      -
1st_17     にらちゃん（ハゼ馳せる果てるまで）               electric  10 / 50    0    5      1
1st_24     にらちゃん（正しくなれない）                     wind      20 / 100   2    2      -
1st_43     配達員（猫リセット）                             electric  30 / 50    1    3      1
1st_51     にらちゃん（勘ぐれい）                           wind      10 / 70    1    1      1
1st_67     ちりとり男（勘冴えて悔しいわ）                   darkness  50 / 30    0    1      -
1st_68     宇宙人ストリングス（あいつら全員同窓会）         darkness  60 / 20    0    2      -
1st_69     にらちゃん（秒針を噛む）                         flame     10 / 30    0    1      2
1st_72     低血（低血ボルト）                               flame     40 / 20    0    1      1
1st_74     ふらんけん（Dear. Mr「F」）                      electric  20 / 40    0    1      1
1st_79     グレイ？（正しくなれない）                       wind      20 / 40    0    1      1
1st_105    うにぐりくん（勘冴えて悔しいわ）                 flame     110 / 110  6    2      -
1st_16     にらちゃん（秒針を噛む）                         flame     80 / 80    5    1      1
1st_2      にらちゃん（正義）                               flame     130 / 130  7    6      -
3rd_69     うにぐりくん（秒針を噛む）                       flame     40 / 0     0    3      2
4th_3      にらちゃん（シェードの埃は延長）                 flame     90 / 90    6    2      2
4th_67     宇宙人ストリングス（TAIDADA）                    darkness  50 / 30    0    1      -
=========  ==============================================  ========  =========  ===  =====  ===
"""

from __future__ import annotations

import importlib
from typing import Any

import pytest

from judging.engine import CardCatalogue
from judging.engine.zutomayo.apply import Game, run_record
from judging.engine.zutomayo.cardeffects.execute import CONDITIONS
from judging.engine.zutomayo.cardeffects.run_base import Resolution
from judging.engine.zutomayo.cardeffects.vocab import Cond, Condition
from judging.engine.zutomayo.record import parse_record
from judging.engine.zutomayo.state import event_json
from tests.judging.engine.test_card_effects_run import (
    POWER,
    attacks,
    auto_events,
    hps,
    play,
    snapshot,
)

# --- one row per card: the snapshot, the phrase that decides, the result by hand --------------

ROWS: list[tuple[str, str, dict[str, Any], tuple[int, int], bool]] = [
    # (card, why (the text's phrase and the arithmetic), snapshot arguments, attacks, met)
    # 相手のキャラクターカードのパワーコストが★２以上なら攻撃力+N (P0 keeps 1st_67)
    ("1st_58", "★2以上: 1st_24 is ★2; clocks 0+2 → 2 night: 50+20 vs 20",
     {"sets": (["1st_58"], ["1st_24"])}, (70, 20), True),
    ("1st_58", "1st_51 is ★1: clocks 0+1 → 1 night: 50 vs 10",
     {"sets": (["1st_58"], ["1st_51"])}, (50, 10), False),
    ("1st_64", "★2以上: clocks 2+2 → 4 night: 50+30 vs 20",
     {"sets": (["1st_64"], ["1st_24"])}, (80, 20), True),
    ("1st_64", "★1: clocks 2+1 → 3 night: 50 vs 10",
     {"sets": (["1st_64"], ["1st_51"])}, (50, 10), False),
    ("2nd_29", "パワーコスト６以上: 1st_105 is ★6; clocks 4+2 → 6 day: 30+50 vs 110",
     {"sets": (["2nd_29"], ["1st_105"])}, (80, 110), True),
    ("2nd_29", "1st_16 is ★5: clocks 4+1 → 5 day: 30 vs 80",
     {"sets": (["2nd_29"], ["1st_16"])}, (30, 80), False),
    # 相手のキャラクターカードのパワーコストが★０か★１なら攻撃力+N
    ("1st_98", "★０か★１: 1st_51 is ★1; clocks 4+1 → 5 day: 30+30 vs 70",
     {"sets": (["1st_98"], ["1st_51"])}, (60, 70), True),
    ("1st_98", "1st_24 is ★2: clocks 4+2 → 6 day: 30 vs 100",
     {"sets": (["1st_98"], ["1st_24"])}, (30, 100), False),
    ("1st_101", "★1: clocks 0+1 → 1 night: 50+20 vs 10",
     {"sets": (["1st_101"], ["1st_51"])}, (70, 10), True),
    ("1st_101", "★2: clocks 0+2 → 2 night: 50 vs 20",
     {"sets": (["1st_101"], ["1st_24"])}, (50, 20), False),
    # 自分のキャラクターカードと相手のキャラクターカードが同じパワーコストなら、攻撃力+40
    ("2nd_28", "both ★0 (1st_67, 1st_79): clocks 3+1 → 4 night: 50+40 vs 20",
     {"sets": (["2nd_28"], ["1st_79"])}, (90, 20), True),
    ("2nd_28", "★0 against ★1 (1st_51): 4 night: 50 vs 10",
     {"sets": (["2nd_28"], ["1st_51"])}, (50, 10), False),
    # 昼から夜に変わると攻撃力+N: from mark 13 (DAY) the clocks +1 and 1st_17's 5 end on 1 (NIGHT)
    ("1st_61", "昼から夜に変わると: 13 → 1 (19 - 18), night: 50+30 vs 10",
     {"sets": (["1st_61"], ["1st_17"]), "medal": 13}, (80, 10), True),
    ("1st_61", "from 0 to 6: NIGHT → DAY only: day: 30 vs 50",
     {"sets": (["1st_61"], ["1st_17"])}, (30, 50), False),
    ("1st_90", "13 + 2 + 5 = 20 → 2 night: 50+20 vs 10",
     {"sets": (["1st_90"], ["1st_17"]), "medal": 13}, (70, 10), True),
    ("1st_90", "0 → 7 day: 30 vs 50", {"sets": (["1st_90"], ["1st_17"])}, (30, 50), False),
    ("1st_96", "13 → 1 night: 50+10 vs 10",
     {"sets": (["1st_96"], ["1st_17"]), "medal": 13}, (60, 10), True),
    ("1st_96", "0 → 6 day: 30 vs 50", {"sets": (["1st_96"], ["1st_17"])}, (30, 50), False),
    # 夜から昼に変わると攻撃力+N: from mark 3 (NIGHT) +1 +5 → 9 (noon, DAY under both mats)
    ("1st_84", "夜から昼に変わると: 3 → 9 day: 30+30 vs 50",
     {"sets": (["1st_84"], ["1st_17"]), "medal": 3}, (60, 50), True),
    ("1st_84", "9 → 15: DAY → NIGHT, not NIGHT → DAY: night: 50 vs 10",
     {"sets": (["1st_84"], ["1st_17"]), "medal": 9}, (50, 10), False),
    ("1st_97", "3 → 9 day: 30+20 vs 50",
     {"sets": (["1st_97"], ["1st_17"]), "medal": 3}, (50, 50), True),
    ("1st_97", "9 → 15 night: 50 vs 10",
     {"sets": (["1st_97"], ["1st_17"]), "medal": 9}, (50, 10), False),
    # 前のターンで使用したキャラクターカードの属性がXなら攻撃力+20: the snapshot's battle zone is
    # the character of the turn before (Q23); the new one is swapped in (6.1.3.1). P1 sets 1st_67.
    ("2nd_10", "前のターン…炎: 1st_72; clocks 0+1 → 1 night: 40+20 vs 50",
     {"sets": (["2nd_10"], ["1st_67"]), "battle": ("1st_72", "1st_67")}, (60, 50), True),
    ("2nd_10", "darkness (1st_67) last turn: 40 vs 50",
     {"sets": (["2nd_10"], ["1st_67"])}, (40, 50), False),
    ("2nd_18", "…風: 1st_79; 1 night: 30+20 vs 50",
     {"sets": (["2nd_18"], ["1st_67"]), "battle": ("1st_79", "1st_67")}, (50, 50), True),
    ("2nd_18", "darkness: 30 vs 50", {"sets": (["2nd_18"], ["1st_67"])}, (30, 50), False),
    ("2nd_22", "…電気: 1st_74; clocks 1+1 → 2 night: 50+20 vs 50",
     {"sets": (["2nd_22"], ["1st_67"]), "battle": ("1st_74", "1st_67")}, (70, 50), True),
    ("2nd_22", "darkness: 50 vs 50", {"sets": (["2nd_22"], ["1st_67"])}, (50, 50), False),
    ("2nd_42", "…闇 (1st_67): 1 night: 20+20 vs 50",
     {"sets": (["2nd_42"], ["1st_67"])}, (40, 50), True),
    ("2nd_42", "flame (1st_72): 20 vs 50",
     {"sets": (["2nd_42"], ["1st_67"]), "battle": ("1st_72", "1st_67")}, (20, 50), False),
    # …電気かつ、相手のキャラクターカードが炎か闇なら攻撃力+40: clocks 3+1 → 4 night
    ("2nd_23", "electric last turn, the opponent's 1st_67 darkness: 60+40 vs 50",
     {"sets": (["2nd_23"], ["1st_67"]), "battle": ("1st_74", "1st_67")}, (100, 50), True),
    ("2nd_23", "electric, but the opponent's 1st_79 is wind: 60 vs 20",
     {"sets": (["2nd_23"], ["1st_79"]), "battle": ("1st_74", "1st_67")}, (60, 20), False),
    ("2nd_23", "the opponent darkness, but flame (1st_72) last turn: 60 vs 50",
     {"sets": (["2nd_23"], ["1st_67"]), "battle": ("1st_72", "1st_67")}, (60, 50), False),
    # …風で、今が昼なら攻撃力+40 (2nd_47, 60/60): from 8, clocks 1+1 → 10 day
    ("2nd_47", "wind (1st_79) last turn, day: 60+40 vs 30",
     {"sets": (["2nd_47"], ["1st_67"]), "battle": ("1st_79", "1st_67"), "medal": 8},
     (100, 30), True),
    ("2nd_47", "wind, but night (0 → 2): 60 vs 50",
     {"sets": (["2nd_47"], ["1st_67"]), "battle": ("1st_79", "1st_67")}, (60, 50), False),
    # …炎で、今が夜なら攻撃力+30 (2nd_68, 50/40, clock 2)
    ("2nd_68", "flame (1st_72) last turn, 0 → 3 night: 50+30 vs 50",
     {"sets": (["2nd_68"], ["1st_67"]), "battle": ("1st_72", "1st_67")}, (80, 50), True),
    ("2nd_68", "flame, but 8 → 11 day: 40 vs 30",
     {"sets": (["2nd_68"], ["1st_67"]), "battle": ("1st_72", "1st_67"), "medal": 8},
     (40, 30), False),
    # 夜なら/昼なら、同時に出した自分のキャラクターカードの攻撃力+30: P0 lost last battle and sets
    # two cards (5.2.1.2), the character 1st_72 with the enchant; alone, 1st_72 stays from before
    ("2nd_26", "夜なら、同時に出した: 0+1+2+1 → 4 night: 40+30 vs 50",
     {"sets": (["1st_72", "2nd_26"], ["1st_67"]), "battle": ("1st_72", "1st_67"),
      "previous_winner": 1}, (70, 50), True),
    ("2nd_26", "no character set with it (3 night): 40 vs 50",
     {"sets": (["2nd_26"], ["1st_67"]), "battle": ("1st_72", "1st_67")}, (40, 50), False),
    ("2nd_59", "昼なら、同時に出した: 8+1+2+1 → 12 day: 20+30 vs 30",
     {"sets": (["1st_72", "2nd_59"], ["1st_67"]), "battle": ("1st_72", "1st_67"),
      "previous_winner": 1, "medal": 8}, (50, 30), True),
    ("2nd_59", "alone (8 → 11 day): 20 vs 30",
     {"sets": (["2nd_59"], ["1st_67"]), "battle": ("1st_72", "1st_67"), "medal": 8},
     (20, 30), False),
    # 相手のキャラクターの攻撃力が０なら、攻撃力+N; Q60: a character whose cost is not met (P1's
    # 1st_12, ★4, with power 2) attacks 0 (5.1.3.2)
    ("4th_34", "1st_12 cannot attack (Q60); clocks 2+1 → 3 night: 20+30 vs 0",
     {"sets": (["4th_34"], ["1st_12"]), "power": (POWER, ["2nd_38"])}, (50, 0), True),
    ("4th_34", "the opponent's 1st_67 attacks 50: 20 vs 50",
     {"sets": (["4th_34"], ["1st_67"])}, (20, 50), False),
    ("4th_39", "Q60; clocks 0+1 → 1 night: 10+40 vs 0",
     {"sets": (["4th_39"], ["1st_12"]), "power": (POWER, ["2nd_38"])}, (50, 0), True),
    ("4th_39", "10 vs 50", {"sets": (["4th_39"], ["1st_67"])}, (10, 50), False),
    ("4th_84", "Q60; 1 night: 20+50 vs 0",
     {"sets": (["4th_84"], ["1st_12"]), "power": (POWER, ["2nd_38"])}, (70, 0), True),
    ("4th_84", "20 vs 50", {"sets": (["4th_84"], ["1st_67"])}, (20, 50), False),
    ("4th_101", "3rd_69's DAY attack is 0: 8+1+3 → 12 day: 30+20 vs 0",
     {"sets": (["4th_101"], ["3rd_69"]), "medal": 8}, (50, 0), True),
    ("4th_101", "Q60 (cost not met): 0+1+1 → 2 night: 50+20 vs 0",
     {"sets": (["4th_101"], ["1st_12"]), "power": (POWER, ["2nd_38"])}, (70, 0), True),
    ("4th_101", "3rd_69 attacks 40 at night (0 → 4): 50 vs 40",
     {"sets": (["4th_101"], ["3rd_69"])}, (50, 40), False),
    # 相手のキャラクターのSEND TO POWERが★★なら、攻撃力+N
    ("4th_60", "1st_69 has ★★: clocks 3+1 → 4 night: 50+20 vs 10",
     {"sets": (["4th_60"], ["1st_69"])}, (70, 10), True),
    ("4th_60", "1st_72 has ★ only: 50 vs 40", {"sets": (["4th_60"], ["1st_72"])}, (50, 40), False),
    ("4th_66", "★★: clocks 1+1 → 2 night: 40+30 vs 10",
     {"sets": (["4th_66"], ["1st_69"])}, (70, 10), True),
    ("4th_66", "1st_67 has none: 40 vs 50", {"sets": (["4th_66"], ["1st_67"])}, (40, 50), False),
    # このターンに（お勉強しといてよ）のキャラクターと入れ替えていたなら (Q47: the name carries it)
    ("4th_23", "replaces 1st_9 にらちゃん（お勉強しといてよ）: 2 night: 30+100 vs 50",
     {"sets": (["4th_23"], ["1st_67"]), "battle": ("1st_9", "1st_67")}, (130, 50), True),
    ("4th_23", "replaces 1st_67 ちりとり男（勘冴えて悔しいわ）: 30 vs 50",
     {"sets": (["4th_23"], ["1st_67"])}, (30, 50), False),
    ("4th_87", "replaces 1st_9: 30+50 vs 50",
     {"sets": (["4th_87"], ["1st_67"]), "battle": ("1st_9", "1st_67")}, (80, 50), True),
    ("4th_87", "replaces 1st_67: 30 vs 50", {"sets": (["4th_87"], ["1st_67"])}, (30, 50), False),
    # 相手のキャラクターカードの属性が… are run_base's; the HP rows follow (attacks unchanged)
]  # fmt: skip

HP_ROWS: list[tuple[str, str, dict[str, Any], list[int], bool]] = [
    # (card, why, snapshot arguments, HP after the turn, met)
    # このターンに（シェードの埃は延長）のキャラクターと入れ替えていたなら、HP+20: 4th_73 (30/30,
    # clock 3) replaces 4th_3 にらちゃん（シェードの埃は延長）; 3+1 → 4 night: 30 vs 50, P0 takes 20
    ("4th_73", "50 + 20 = 70, then 20 damage: 50",
     {"sets": (["4th_73"], ["1st_67"]), "battle": ("4th_3", "1st_67"), "hp": (50, 100)},
     [50, 100], True),
    ("4th_73", "replaces 1st_67: no heal, 50 - 20 = 30",
     {"sets": (["4th_73"], ["1st_67"]), "hp": (50, 100)}, [30, 100], False),
    # バトルゾーンのカードが（TAIDADA）のキャラクターなら、HP+20: 4th_67 vs 1st_67 (50 each, tie)
    ("4th_55", "4th_67 宇宙人ストリングス（TAIDADA）: 50 + 20 = 70",
     {"sets": (["4th_55"], ["1st_67"]), "battle": ("4th_67", "1st_67"), "hp": (50, 100)},
     [70, 100], True),
    ("4th_55", "1st_67 is not of TAIDADA: 50",
     {"sets": (["4th_55"], ["1st_67"]), "hp": (50, 100)}, [50, 100], False),
    # バトルゾーンのカードが（猫リセット）のキャラクターなら、自分がダメージを受けたとき、
    # Nダメージを軽減する: P0 keeps 1st_43 配達員（猫リセット） (30 at night),
    # P1 sets 1st_12 (100 at night)
    ("4th_96", "difference 70, reduced by 50: 100 - 20 = 80",
     {"sets": (["4th_96"], ["1st_12"]), "battle": ("1st_43", "1st_67")}, [80, 100], True),
    ("4th_96", "1st_67 (50): difference 50, not reduced: 50",
     {"sets": (["4th_96"], ["1st_12"])}, [50, 100], False),
    ("4th_98", "difference 70, reduced by 100: no damage, the battle still lost (Q37)",
     {"sets": (["4th_98"], ["1st_12"]), "battle": ("1st_43", "1st_67")}, [100, 100], True),
    ("4th_98", "1st_67: 50 damage", {"sets": (["4th_98"], ["1st_12"])}, [50, 100], False),
]  # fmt: skip


def _record(args: dict[str, Any]) -> dict[str, Any]:
    args = dict(args)
    sets = args.pop("sets")
    return snapshot(sets, **args)


def _check_ruling(report: Any, card: str, met: bool) -> None:
    """The card's own clause took effect (EFFECT_RESOLVED) or failed on its condition (6.2.1.1)."""
    resolved = [e for e in auto_events(report, "EFFECT_RESOLVED") if e.param("card") == card]
    failed = [e for e in auto_events(report, "EFFECT_FAILED") if e.param("card") == card]
    assert bool(resolved) == met, (resolved, failed)
    assert bool(failed) != met, (resolved, failed)
    if failed:
        assert failed[0].param("reason") == "condition"
        assert "6.2.1.1" in failed[0].rules


@pytest.mark.parametrize(("card", "why", "args", "expected", "met"), ROWS,
                         ids=[f"{r[0]}-{'met' if r[4] else 'not'}-{i}"
                              for i, r in enumerate(ROWS)])  # fmt: skip
def test_condition_decides_the_attack(
    real_cards: CardCatalogue,
    card: str,
    why: str,
    args: dict[str, Any],
    expected: tuple[int, int],
    met: bool,
) -> None:
    report = play(real_cards, _record(args))
    assert attacks(report) == expected, why
    _check_ruling(report, card, met)


@pytest.mark.parametrize(("card", "why", "args", "expected", "met"), HP_ROWS,
                         ids=[f"{r[0]}-{'met' if r[4] else 'not'}-{i}"
                              for i, r in enumerate(HP_ROWS)])  # fmt: skip
def test_condition_decides_the_hp(
    real_cards: CardCatalogue,
    card: str,
    why: str,
    args: dict[str, Any],
    expected: list[int],
    met: bool,
) -> None:
    report = play(real_cards, _record(args))
    assert hps(report) == expected, why
    _check_ruling(report, card, met)


# --- the Q&A answers the rulings cite ---------------------------------------------------------


def _qa_of(report: Any, card: str) -> list[Any]:
    return [
        event_json(e)["qa"] for e in report.events if e.param("card") == card and e.param("auto")
    ]


def test_q23_character_used_last_turn_even_if_it_could_not_attack(
    real_cards: CardCatalogue,
) -> None:
    """Q23 (2nd_42): last turn's darkness character 1st_12 (★4) could not attack with power 2;
    it was still "used": 2nd_42 (★1) gets +20. 0 + 1 → 1 night: 20 + 20 vs 50."""
    data = snapshot((["2nd_42"], ["1st_67"]), battle=("1st_12", "1st_67"),
                    power=(["2nd_38"], POWER))  # fmt: skip
    report = play(real_cards, data)
    assert attacks(report) == (40, 50)
    assert _qa_of(report, "2nd_42") == [["Q23"]]


def test_q60_no_attack_counts_as_0_cited(real_cards: CardCatalogue) -> None:
    report = play(
        real_cards, _record(ROWS[next(i for i, r in enumerate(ROWS) if r[0] == "4th_84")][2])
    )
    assert _qa_of(report, "4th_84") == [["Q60"]]


def test_q47_song_is_in_the_name_cited(real_cards: CardCatalogue) -> None:
    data = snapshot((["4th_23"], ["1st_67"]), battle=("1st_9", "1st_67"))
    assert _qa_of(play(real_cards, data), "4th_23") == [["Q47"]]


def test_q37_reduced_to_0_still_lost_4th_98(real_cards: CardCatalogue) -> None:
    """4th_98 reduces 70 to 0: P1 still wins the battle (Q37, 5.1.4.3)."""
    data = snapshot((["4th_98"], ["1st_12"]), battle=("1st_43", "1st_67"))
    report = play(real_cards, data)
    battle = report.turns[-1].battle
    assert battle is not None
    assert (battle.winner, battle.damage) == (1, 0)


def test_q18_fps_night_day_night_in_one_move(real_cards: CardCatalogue) -> None:
    """Q18 (1st_96 FPS): the medal goes NIGHT → DAY → NIGHT at 5.2.4: it did change from day to
    night. P0 lost the last battle and sets FPS (clock 1) with 1st_2 (clock 6, ★7 of power 8);
    P1 sets 1st_2 (clock 6): 4 + 13 = 17, night (SYM9), passing 5-13 (DAY). 1st_2 is 130 at
    night: 130 + 10 vs 130."""
    data = snapshot((["1st_2", "1st_96"], ["1st_2"]), medal=4, previous_winner=1)
    report = play(real_cards, data)
    assert report.turns[-1].medal == 17
    assert attacks(report) == (140, 130)
    assert _qa_of(report, "1st_96") == [["Q18"]]


def test_q36_set_with_this_cited(real_cards: CardCatalogue) -> None:
    row = next(r for r in ROWS if r[0] == "2nd_26" and r[4])
    assert _qa_of(play(real_cards, _record(row[2])), "2nd_26") == [["Q36"]]


# --- the other codes, on invented situations (conditions checked on the game as it ends) -------


def _game(real_cards: CardCatalogue, data: dict[str, Any]) -> Game:
    game = run_record(parse_record(data, real_cards))
    assert game.illegal is None, game.illegal
    return game


def _holds(game: Game, p: int, code: Cond, card: str = "1st_30", amount: int = 0) -> bool:
    resolution = Resolution(player=p, card_id=card, timing="end")
    return CONDITIONS[code](game, p, Condition(code=code, amount=amount), resolution)


def test_own_hp_below_opponent(real_cards: CardCatalogue) -> None:
    """HPが相手のHPより少ないなら (3rd_5, 3rd_7): strictly fewer; equal is not fewer. 1st_67
    against 1st_67 is a tie (no damage)."""
    game = _game(real_cards, snapshot((["1st_67"], ["1st_67"]), hp=(40, 50)))
    assert _holds(game, 0, Cond.OWN_HP_BELOW_OPP)
    assert not _holds(game, 1, Cond.OWN_HP_BELOW_OPP)
    even = _game(real_cards, snapshot((["1st_67"], ["1st_67"]), hp=(50, 50)))
    assert not _holds(even, 0, Cond.OWN_HP_BELOW_OPP)
    assert not _holds(even, 1, Cond.OWN_HP_BELOW_OPP)


def test_opponent_hp_at_most_both_ends_q29(real_cards: CardCatalogue) -> None:
    """相手のHPが30以下になったターンの終了時 (2nd_64): 30 meets it even with no change this turn
    (Q29); 31 does not."""
    game = _game(real_cards, snapshot((["1st_67"], ["1st_67"]), hp=(100, 30)))
    resolution = Resolution(player=0, card_id="2nd_64", timing="end")
    condition = Condition(code=Cond.OPP_HP_AT_MOST, amount=30)
    assert CONDITIONS[Cond.OPP_HP_AT_MOST](game, 0, condition, resolution)
    assert resolution.qa == "Q29"
    game = _game(real_cards, snapshot((["1st_67"], ["1st_67"]), hp=(100, 31)))
    assert not _holds(game, 0, Cond.OPP_HP_AT_MOST, amount=30)


def test_damaged_at_least_and_lost_battle(real_cards: CardCatalogue) -> None:
    """30ダメージ以上を受けたなら (3rd_58, 3rd_85; Q16) and バトルに負けたとき (4th_95): P0 sets
    1st_74 (20 at night), P1 1st_67 (50): P0 loses by 30 and takes 30 (5.1.4.2)."""
    game = _game(real_cards, snapshot((["1st_74"], ["1st_67"])))
    assert game.players[0].hp == 70
    assert _holds(game, 0, Cond.OWN_DAMAGED_AT_LEAST, amount=30)
    assert not _holds(game, 0, Cond.OWN_DAMAGED_AT_LEAST, amount=31)
    assert not _holds(game, 1, Cond.OWN_DAMAGED_AT_LEAST, amount=1)
    assert _holds(game, 0, Cond.LOST_BATTLE)
    assert not _holds(game, 1, Cond.LOST_BATTLE)
    tie = _game(real_cards, snapshot((["1st_67"], ["1st_67"])))
    assert not _holds(tie, 0, Cond.LOST_BATTLE)
    assert not _holds(tie, 1, Cond.LOST_BATTLE)


def test_damage_is_what_is_left_after_a_reduction_q37(real_cards: CardCatalogue) -> None:
    """1st_28 (お勉強会) reduces 40: 1st_74 (20) against 1st_49 (70, clock 2): 50 - 40 = 10
    damage taken: not 30 or more; the battle is lost all the same (Q37)."""
    game = _game(real_cards, snapshot((["1st_28"], ["1st_49"]), battle=("1st_74", "1st_67")))
    assert game.players[0].hp == 90
    assert not _holds(game, 0, Cond.OWN_DAMAGED_AT_LEAST, amount=30)
    assert _holds(game, 0, Cond.OWN_DAMAGED_AT_LEAST, amount=10)
    assert _holds(game, 0, Cond.LOST_BATTLE)


def test_opponent_area_enchant_set_and_in_play(real_cards: CardCatalogue) -> None:
    """相手がエリアエンチャントを出したターン (2nd_7) and 相手のエリアエンチャントが置かれているなら
    (3rd_61, 4th_32): P1 sets the area enchant 2nd_86 (★1), which comes into set zone C (5.2.6)."""
    game = _game(real_cards, snapshot((["1st_67"], ["2nd_86"])))
    assert game.players[1].zone_c == "2nd_86"
    assert _holds(game, 0, Cond.OPP_SET_AREA_ENCHANT)
    assert _holds(game, 0, Cond.OPP_AREA_ENCHANT_IN_PLAY)
    assert not _holds(game, 1, Cond.OPP_SET_AREA_ENCHANT)
    assert not _holds(game, 1, Cond.OPP_AREA_ENCHANT_IN_PLAY)


def test_swapped_to_other_song_4th_65(real_cards: CardCatalogue) -> None:
    """バトルゾーンのキャラクターを（お勉強しといてよ）以外のキャラクターに入れ替えたら (4th_65,
    JK BIOSCOPE, song お勉強しといてよ): 1st_67 swapped in → met;
    1st_9 にらちゃん（お勉強しといてよ） → not; no swap this turn → not."""
    other = _game(real_cards, snapshot((["1st_67"], ["1st_67"])))
    assert _holds(other, 0, Cond.SWAPPED_TO_OTHER_SONG, card="4th_65")
    same = _game(real_cards, snapshot((["1st_9"], ["1st_67"])))
    assert not _holds(same, 0, Cond.SWAPPED_TO_OTHER_SONG, card="4th_65")
    none = _game(real_cards, snapshot((["1st_30"], ["1st_67"])))
    assert not _holds(none, 0, Cond.SWAPPED_TO_OTHER_SONG, card="4th_65")


def test_own_character_cost_both_ends(real_cards: CardCatalogue) -> None:
    """キャラクターカードが２コスト以下なら / ４コスト以上なら (2nd_104, 2nd_92, 3rd_91)."""
    two = _game(real_cards, snapshot((["1st_24"], ["1st_67"])))  # ★2
    assert _holds(two, 0, Cond.OWN_CHAR_COST_AT_MOST, amount=2)
    assert not _holds(two, 0, Cond.OWN_CHAR_COST_AT_MOST, amount=1)
    assert _holds(two, 0, Cond.OWN_CHAR_COST_AT_LEAST, amount=2)
    assert not _holds(two, 0, Cond.OWN_CHAR_COST_AT_LEAST, amount=3)
    empty = _game(real_cards, snapshot((["1st_30"], ["1st_67"]), battle=(None, "1st_67")))
    assert not _holds(empty, 0, Cond.OWN_CHAR_COST_AT_MOST, amount=2), "no character (Q43)"


def test_cards_put_in_the_abyss_and_power_charger(real_cards: CardCatalogue) -> None:
    """相手がアビスにカードを置いたターン (3rd_55, 3rd_91; Q28), キャラクターカードを自分の
    パワーチャージャーに置いたターン (2nd_58): P1's new 1st_68 replaces 1st_67, which has no SEND
    TO POWER and goes to P1's abyss (3.6, 5.2.5); P0's new 1st_67 replaces 1st_72 (★1), which
    goes to P0's power charger (3.4)."""
    game = _game(real_cards, snapshot((["1st_67"], ["1st_68"]), battle=("1st_72", "1st_67")))
    assert game.players[1].abyss == ["1st_67"]
    assert _holds(game, 0, Cond.OPP_PUT_TO_ABYSS_THIS_TURN)
    assert _holds(game, 0, Cond.OPP_ABYSS_CARD_PLACED)
    assert not _holds(game, 1, Cond.OPP_PUT_TO_ABYSS_THIS_TURN)
    assert _holds(game, 0, Cond.OWN_CHAR_TO_POWER)
    assert _holds(game, 0, Cond.OWN_POWER_CARD_PLACED)
    assert not _holds(game, 1, Cond.OWN_CHAR_TO_POWER)
    assert not _holds(game, 1, Cond.OWN_POWER_CARD_PLACED)


def test_a_card_put_in_the_opponents_abyss_by_my_effect_is_not_theirs(
    real_cards: CardCatalogue,
) -> None:
    """The judge types P0's effect "mill 1 from the opponent's deck": the card is placed in P1's
    abyss (相手のアビスにカードが置かれた) but P1 did not put it there (相手がアビスにカードを置いた
    is not met). Both characters stay (P0 sets 1st_30, P1 sets 1st_30's twin 1st_89)."""
    typed = [{"player": 0, "card": "1st_30", "op": "mill", "amount": 1, "target": "opponent"}]
    game = _game(real_cards, snapshot((["1st_30"], ["1st_89"]), effects=typed))
    assert len(game.players[1].abyss) == 1
    assert _holds(game, 0, Cond.OPP_ABYSS_CARD_PLACED)
    assert not _holds(game, 0, Cond.OPP_PUT_TO_ABYSS_THIS_TURN)


def test_placed_before_the_area_enchant_came_into_play_is_not_seen(
    real_cards: CardCatalogue,
) -> None:
    """相手のアビスにカードが置かれたとき (4th_30): P1's 1st_67 goes to P1's abyss at 5.2.5,
    before P0's 4th_30 comes into set zone C at 5.2.6: 4th_30 was not there to see it (6.1.3.3).
    Asked for a card not in set zone C, this turn counts from its start."""
    game = _game(real_cards, snapshot((["4th_30"], ["1st_68"])))
    assert game.players[0].zone_c == "4th_30"
    assert game.players[1].abyss == ["1st_67"]
    assert not _holds(game, 0, Cond.OPP_ABYSS_CARD_PLACED, card="4th_30")
    assert _holds(game, 0, Cond.OPP_ABYSS_CARD_PLACED, card="1st_30")


def test_day_night_changed_either_way(real_cards: CardCatalogue) -> None:
    """昼と夜が入れ替わった (2nd_5): 3 + 5 + 1 → 9: NIGHT → DAY; 9 + 2 → 11: no change."""
    game = _game(real_cards, snapshot((["1st_17"], ["1st_67"]), medal=3))
    assert game.medal == 9
    assert _holds(game, 0, Cond.DAY_NIGHT_CHANGED)
    assert _holds(game, 0, Cond.NIGHT_TO_DAY)
    assert not _holds(game, 0, Cond.DAY_TO_NIGHT)
    game = _game(real_cards, snapshot((["1st_67"], ["1st_67"]), medal=9))
    assert game.medal == 11
    assert not _holds(game, 1, Cond.DAY_NIGHT_CHANGED)


def test_a_change_counts_once_it_happened_q17(real_cards: CardCatalogue) -> None:
    """Q17: once the time went from DAY to NIGHT this turn, moving the medal back to DAY (an
    effect) does not undo it; the move back is itself a change from NIGHT to DAY. An effect that
    sets the clock (a jump) changes the time from the time before to the time after."""
    game = _game(real_cards, snapshot((["1st_67"], ["1st_67"]), medal=9))  # 9 → 11: DAY
    assert game.time_shift() == (False, False)
    game.medal = 0  # set to midnight by an effect: DAY → NIGHT
    assert game.time_shift() == (True, False)
    game.medal = 11  # back: NIGHT → DAY; the DAY → NIGHT of before still counts
    assert game.time_shift() == (True, True)
    resolution = Resolution(player=0, card_id="1st_96", timing="main")
    assert CONDITIONS[Cond.DAY_TO_NIGHT](game, 0, Condition(code=Cond.DAY_TO_NIGHT), resolution)
    assert resolution.qa == "Q17"


def test_previous_character_is_the_one_in_the_battle_zone_as_the_turn_began(
    real_cards: CardCatalogue,
) -> None:
    """前のターンで使用した: over two turns, turn 4 sees turn 3's character (1st_72, flame)."""
    data = snapshot((["1st_72"], ["1st_67"]))
    data["turns"].append({"set": [{"A": "2nd_10"}, {"A": "1st_68"}], "effects": []})
    data["start"]["players"][0]["hand"].append("2nd_10")
    data["start"]["players"][0]["deck_unknown"] -= 1
    data["start"]["players"][1]["hand"].append("1st_68")
    data["start"]["players"][1]["deck_unknown"] -= 1
    report = play(real_cards, data)
    # turn 3: 0 + 1 + 1 → 2 night, 40 vs 50; turn 4: 2 + 0 + 2 → 4 night: 2nd_10 40 + 20 vs 60
    assert report.turns[-1].battle is not None
    assert report.turns[-1].battle.attack == (60, 60)
    _check_ruling(report, "2nd_10", True)


TESTED_CARDS: frozenset[str] = frozenset({r[0] for r in ROWS} | {r[0] for r in HP_ROWS})
"""Every card a test here runs from its Japanese text (``test_card_effects_encoding`` checks that
each ``automated`` card is tested)."""


def test_every_card_needing_only_these_codes_is_here() -> None:
    """The rows cover every card that these codes made automated (32 of them)."""
    module = importlib.import_module("tests.judging.engine.test_card_effects_run")
    assert not TESTED_CARDS & module.TESTED_CARDS
    assert len(TESTED_CARDS) == 32
