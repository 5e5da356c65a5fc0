"""Run tests for 4th-pack cards that run by themselves only since the executor families were
merged: each needs codes of two families. Every expected value is worked out by hand from the
card's Japanese text (``effect_ja``; 4th_61 and 4th_88 have errata whose corrected text is the
same), the ground rules and the official Q&A, never read off the engine.

Every record is a judge's snapshot at turn 3 (``test_run_deck.snapshot``): medal on 0 (midnight)
unless a row says otherwise, both at 100 HP, P0 the night side, so P0 is the priority player at
night and P1 by day (10.2.1, 6.3.1). The medal after 5.2.4 is the start mark plus the clocks of
the cards set this turn (5.2.4.1); marks 0-4 and 14-17 are NIGHT, 5-13 DAY (3.8.4). At 5.2.5 a
character set this turn replaces the one in the battle zone, which goes to the power charger if
it has SEND TO POWER, else to the abyss (5.2.5.2). Effects resolve at 5.2.7; a card left in a set
zone goes away at 5.2.11.1 and each player draws as many cards as they set (5.2.11.2). Attack is
the printed value of the time plus the changes in resolution order, never below 0 (7.1, Q54), and
0 when the character's power cost is not met (7.1.2); the loser loses the difference (5.1.4).

Cards used (SHARED_DIR/data/zutomayo/cards.json; "-" no SEND TO POWER):

======  ==================================  ========  =====  ==========  ====  ===
card    name_ja                             element   clock  night/day   cost  STP
======  ==================================  ========  =====  ==========  ====  ===
1st_67  ちりとり男（勘冴えて悔しいわ）        darkness  1      50 / 30     0     -
1st_72  低血（低血ボルト）                  flame     1      40 / 20     0     1
1st_74  ふらんけん（Dear. Mr「F」）          electric  1      20 / 40     0     1
1st_79  グレイ？（正しくなれない）           wind      1      20 / 40     0     1
1st_9   にらちゃん（お勉強しといてよ）        darkness  1      50 / 10     0     1
1st_1   にらちゃん（お勉強しといてよ）        darkness  5      130 / 50    5     -
1st_17  にらちゃん（ハゼ馳せる果てるまで）     electric  5      10 / 50     0     1
2nd_38  にらちゃん（ハゼ馳せる果てるまで）     flame     0      20 / 20     0     2
2nd_65  うにぐりくん（勘ぐれい）             darkness  0      30 / 10     0     2
3rd_10  にらちゃん（お勉強しといてよ）        darkness  1      80 / 60     4     1
3rd_42  にらちゃん（正義） (1)                  flame     1      60 / 60     4     1
4th_3   にらちゃん（シェードの埃は延長）      flame     2      90 / 90     6     2
4th_73  シェードシェパード隊（シェードの埃は延長）  flame  3   30 / 30     1     2
4th_86  にらちゃん（お勉強しといてよ）        wind      2      30 / 50     1     1
1st_43  配達員（猫リセット）                 electric  3      30 / 50     1     1
2nd_16  にらチャイナ（お勉強しといてよ）      flame     2      110 / 150   7     -
1st_28  お勉強会 (enchant, 2)                 flame     0      -           3     1
1st_30  爆弾みたいな球体 (enchant, 3)          electric  1      -           3     -
3rd_28  爆ぜる (enchant, 4)                   flame     3      -           6     -
2nd_86  封 (area enchant)                  darkness  2      -           1     1
======  ==================================  ========  =====  ==========  ====  ===

(1) 相手のHPが100なら攻撃力+50; (2) 自分がダメージを受けたとき40ダメージを軽減する;
(3) 自分の攻撃力+30; (4) パワーチャージャーのカードが炎属性だけだったなら攻撃力+80.

The power charger is 2nd_38 ×2 and 2nd_65 ×2 (★2 each): total power 8 (9.1.1) unless a row
says otherwise. A card is of a song when its name carries "（song）" (Q47, 2.1.3.4); the song
in a text is the card's own (``song_ja``).

ZA-19 (``Game.short_mill_loses``): 8.2.2 says the owner of a deck that cannot give the cards an
effect puts in the abyss loses at once (LOSS, the default); Q70 says as many as there are go and
the owner loses only if they cannot draw at the end of the turn (NO_LOSS). 4th_27 and 4th_57 are
run under both readings, with states where the two give different winners.
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport
from tests.judging.engine.cardeffects.test_run_deck import POWER
from tests.judging.engine.cardeffects.test_run_deck import snapshot as deck_snapshot
from tests.judging.engine.test_card_effects_run import attacks, auto_events, hps, play

# --- helpers ------------------------------------------------------------------------------------


def record(
    sets: tuple[list[str], list[str]],
    *,
    medal: int = 0,
    picks: list[Any] | None = None,
    **kwargs: Any,
) -> dict[str, Any]:
    """``test_run_deck.snapshot`` (hands: the set cards plus ``hand``; ``deck`` top first above
    the unknown rest) at ``medal``, as ``zutomayo-game/3`` with ``choices.picks`` if given."""
    data = deck_snapshot(sets, **kwargs)
    data["format"] = "zutomayo-game/3"
    data["start"]["medal"] = medal
    if picks is not None:
        data["turns"][0]["choices"] = {"picks": picks}
    return data


def events(report: ReplayReport, kind: str, player: int | None = None) -> list[Any]:
    return [
        e
        for e in report.events
        if e.kind == kind and e.turn == 3 and (player is None or e.player == player)
    ]


def end(report: ReplayReport, p: int) -> Any:
    """Player ``p``'s state at the end of turn 3 (after 5.2.11) or when the game ended."""
    return report.turns[-1].players[p]


def not_done(report: ReplayReport, card: str) -> list[Any]:
    return [e for e in events(report, "EFFECT_NOT_DONE") if e.param("card") == card]


def failed(report: ReplayReport, card: str) -> list[Any]:
    return [e for e in auto_events(report, "EFFECT_FAILED") if e.param("card") == card]


def result(report: ReplayReport) -> tuple[int | None, str]:
    assert report.result is not None
    return report.result.winner, report.result.reason


def unfinished(report: ReplayReport) -> bool:
    return report.result.outcome == "unfinished"  # the replay always has a result


def hand(report: ReplayReport, p: int) -> list[str]:
    return sorted(end(report, p).hand)


# --- アビスのカードをN枚選び…デッキの底に置く。そうしない場合、ゲームに敗北する ---
# 4th_6, 4th_27, 4th_28, 4th_88, 4th_105: characters (clock 0, cost ★0, chaos) set by P0; each
# replaces P0's 1st_67 at 5.2.5 and 1st_67 (no SEND TO POWER) goes on top of P0's abyss first
# (5.2.5.2, 3.6.1): the abyss at 5.2.7 is the snapshot's plus 1st_67 on top. P1 sets 1st_72.

ABYSS = ["1st_72", "1st_74", "1st_79", "1st_9", "1st_17", "1st_72", "1st_74"]  # bottom first

OTHERWISE_LOSE = [
    # card, N printed, cards in P0's abyss at the snapshot (+ 1st_67 at 5.2.5)
    ("4th_6", 4, 3),  # ４枚選び: 3 + 1 = 4, done
    ("4th_6", 4, 2),  # 2 + 1 = 3 < 4: cannot be done, P0 loses
    ("4th_28", 6, 5),  # ６枚選び: 6
    ("4th_28", 6, 4),  # 5 < 6
    ("4th_105", 8, 7),  # ８枚選び: 8
    ("4th_105", 8, 6),  # 7 < 8
    ("4th_88", 1, 0),  # １枚選び: 1st_67 alone is enough
]


@pytest.mark.parametrize(("card", "n", "held"), OTHERWISE_LOSE)
def test_abyss_to_deck_bottom_or_lose(
    real_cards: CardCatalogue, card: str, n: int, held: int
) -> None:
    """N or more cards in the abyss at 5.2.7: N go to the bottom of P0's deck (defaulted: the top
    N, 1st_67 first; 裏向きにして混ぜ: the order stands for the shuffle, so only which cards is
    checked) and the game goes on; fewer: そうしない場合、ゲームに敗北する, P0 loses at once
    (8.2.3), nothing after it is done (8.1.2): no battle."""
    abyss = ABYSS[:held]
    there = [*abyss, "1st_67"]  # bottom first at 5.2.7
    report = play(real_cards, record(([card], ["1st_72"]), abyss=(abyss, [])))
    if len(there) < n:
        assert result(report) == (1, "otherwise_lose")
        assert report.result is not None
        assert "8.2.3" in report.result.rules
        assert report.result.turn == 3
        assert not events(report, "BATTLE_RESOLVED")
        return
    assert unfinished(report) or result(report)[1] != "otherwise_lose"
    moved = [e for e in events(report, "CARD_MOVED", 0) if e.param("from_zone") == "abyss"]
    assert [e.param("to_zone") for e in moved] == ["deck_bottom"] * n
    assert sorted(e.param("card") for e in moved) == sorted(there[len(there) - n :])
    deck = end(report, 0).deck  # top first: the last n are the bottom
    assert sorted(deck[len(deck) - n :]) == sorted(there[len(there) - n :])
    if card != "4th_105":  # 4th_105 then fills the abyss with the power charger (below)
        assert end(report, 0).abyss == tuple(there[: len(there) - n])


# 4th_6 …相手のパワーチャージャーのキャラクターを１枚選び、バトルゾーンのキャラクターと入れ替える。
# この効果で出したキャラクターの効果は発動しない (100 / 100). Medal 0 + 0 + 1 (1st_72) = 1,
# NIGHT. P1's 1st_67 goes to P1's abyss at 5.2.5, 1st_72 is P1's character when 4th_6
# resolves. P1's power charger (bottom first) 2nd_38, 2nd_38, 2nd_65, 3rd_42: ★2+2+2+1 = 7.
# 1st_72 goes there whatever its SEND TO POWER (Q67): 7 + 1 = 8; the chosen one leaves (9.1.1).
P1_POWER = ["2nd_38", "2nd_38", "2nd_65", "3rd_42"]

SWAP_IN = [
    # answer (None: defaulted, the top card), P1's character then, its attack at night, P1's power
    # charger after (bottom first), P1's total power, P1's HP after the battle (4th_6: 100)
    (None, "3rd_42", 60, ("2nd_38", "2nd_38", "2nd_65", "1st_72"), 7, 60),  # 8 - 1; ★4 ≤ 7
    (["2nd_38"], "2nd_38", 20, ("2nd_38", "2nd_65", "3rd_42", "1st_72"), 6, 20),  # 8 - 2
    (["2nd_65"], "2nd_65", 30, ("2nd_38", "2nd_38", "3rd_42", "1st_72"), 6, 30),
]


@pytest.mark.parametrize(("answer", "character", "attack", "charger", "total", "hp"), SWAP_IN)
def test_4th_6_swaps_in_a_character_of_the_opponents_power_charger(
    real_cards: CardCatalogue, answer: list[str] | None, character: str, attack: int,
    charger: tuple[str, ...], total: int, hp: int,
) -> None:  # fmt: skip
    """P1's 1st_72 goes to P1's power charger (Q67), the chosen character to P1's battle zone and
    attacks at 5.2.8. It takes no effect (この効果で出したキャラクターの効果は発動しない): 3rd_42's
    相手のHPが100なら攻撃力+50 would make it 110 > 100; it attacks 60, P1 losing 40."""
    picks = None if answer is None else [{"4th_6": [None, answer]}, None]
    data = record((["4th_6"], ["1st_72"]), abyss=(ABYSS[:3], []), power=(POWER, P1_POWER),
                  picks=picks)  # fmt: skip
    report = play(real_cards, data)
    assert attacks(report) == (100, attack)
    assert hps(report) == [100, hp]
    p1 = end(report, 1)
    assert (p1.battle_zone, p1.power_charger, p1.total_power) == (character, charger, total)
    took = [e for e in report.events if e.param("card") == character and e.param("auto")]
    assert not [e for e in took if e.kind in ("EFFECT_RESOLVED", "EFFECT_FAILED")]
    point = next(c for c in report.choices if c.path == "turns[0].choices.picks[0].4th_6[1]")
    assert point.options == ("3rd_42", "2nd_65", "2nd_38", "2nd_38")  # top first
    assert point.defaulted == (answer is None)
    (q67,) = [e for e in events(report, "CARD_MOVED", 1) if e.param("card") == "1st_72"
              and e.param("to_zone") == "power_charger"]  # fmt: skip
    assert q67.param("qa") == "Q67"


def test_4th_6_no_character_in_the_opponents_power_charger_q69(real_cards: CardCatalogue) -> None:
    """Q69: P1's power charger holds 2nd_86 (area enchant) and 1st_28 (enchant) only (★1 each):
    no swap; P1's 1st_72 stays and attacks 40: P1 loses 100 - 40 = 60."""
    data = record((["4th_6"], ["1st_72"]), abyss=(ABYSS[:3], []),
                  power=(POWER, ["2nd_86", "1st_28"]))  # fmt: skip
    report = play(real_cards, data)
    assert end(report, 1).battle_zone == "1st_72"
    assert attacks(report) == (100, 40)
    assert hps(report) == [100, 40]
    (q69,) = not_done(report, "4th_6")
    assert q69.param("qa") == "Q69"


# 4th_105 …お互いのパワーチャージャーのカードをすべてアビスに置く (0 / 250). P1 sets 3rd_10 (★4,
# clock 1): its 1st_67 goes to P1's abyss at 5.2.5.


@pytest.mark.parametrize(
    ("medal", "time", "attack", "hp"),
    [
        # 0 + 0 + 1 = 1, NIGHT: 4th_105 attacks 0; 3rd_10 (★4) with total power 0 cannot attack:
        # 0 (7.1.2, Q73). A tie: nobody loses HP (5.1.4.4)
        (0, "night", (0, 0), [100, 100]),
        # 5 + 1 = 6, DAY: 250 against 0; P1 loses 250, HP 0 (1.2.3)
        (5, "day", (250, 0), [100, 0]),
    ],
)
def test_4th_105_both_power_chargers_to_the_abyss(
    real_cards: CardCatalogue, medal: int, time: str, attack: tuple[int, int], hp: list[int]
) -> None:
    """After the 8 cards (7 + 1st_67) went to the deck bottom, each power charger goes to its
    owner's abyss in its order (P0's abyss was just emptied): both totals 0 (9.1.1; no power in
    the abyss, 3.6.2)."""
    data = record((["4th_105"], ["3rd_10"]), abyss=(ABYSS, []), medal=medal)
    report = play(real_cards, data)
    assert report.turns[-1].time == time
    assert attacks(report) == attack
    assert hps(report) == hp
    p0, p1 = end(report, 0), end(report, 1)
    assert (p0.power_charger, p0.total_power, p0.abyss) == ((), 0, tuple(POWER))
    assert (p1.power_charger, p1.total_power, p1.abyss) == ((), 0, ("1st_67", *POWER))


# 4th_27 アビスのカードを１枚以上選び、裏向きにして混ぜ、デッキの底に置く。そうしない場合、ゲームに
# 敗北する。相手のデッキの上から、それと同じ枚数をアビスに置く (50 / 50). P0's abyss 1st_72, 1st_74,
# then 1st_67 (top first: 1st_67, 1st_74, 1st_72). P1 sets 1st_72: medal 1, NIGHT; P1's 1st_67
# goes to P1's abyss at 5.2.5. P1's deck top first: P1_DECK, then unknown cards.
P1_DECK = ["1st_79", "1st_72", "1st_74", "1st_9"]

SAME_NUMBER = [
    # answer (None: defaulted, １枚以上: one card, the top one 1st_67), cards P1 mills, the
    # card P1 draws at 5.2.11.2 (the next one)
    (None, 1, "1st_72"),
    (["1st_67", "1st_74", "1st_72"], 3, "1st_9"),
    (["1st_72", "1st_74"], 2, "1st_74"),
]


@pytest.mark.parametrize(("answer", "milled", "drawn"), SAME_NUMBER)
def test_4th_27_the_opponent_mills_as_many(
    real_cards: CardCatalogue, answer: list[str] | None, milled: int, drawn: str
) -> None:
    """それと同じ枚数: as many as P0 put at its deck bottom, P1's top card first, each on top of
    P1's abyss (3.6.1). 4th_27 (50) against 1st_72 (40): P1 loses 10."""
    picks = None if answer is None else [{"4th_27": [answer]}, None]
    data = record((["4th_27"], ["1st_72"]), abyss=(["1st_72", "1st_74"], []),
                  deck=([], P1_DECK), picks=picks)  # fmt: skip
    report = play(real_cards, data)
    assert end(report, 1).abyss == ("1st_67", *P1_DECK[:milled])
    assert drawn in end(report, 1).hand
    put = answer or ["1st_67"]
    deck = end(report, 0).deck
    assert sorted(deck[len(deck) - len(put) :]) == sorted(put)
    assert hps(report) == [100, 90]
    (mill,) = events(report, "CARDS_MILLED")
    assert (mill.player, mill.param("requested"), mill.param("moved")) == (1, milled, milled)


def test_4th_27_an_empty_abyss_loses(real_cards: CardCatalogue) -> None:
    """P0's 1st_72 (SEND TO POWER ★1) goes to the power charger at 5.2.5, so P0's abyss is empty
    at 5.2.7: not one card can be chosen; P0 loses at once (8.2.3) and P1 mills nothing."""
    data = record((["4th_27"], ["1st_72"]), battle=("1st_72", "1st_67"), deck=([], P1_DECK))
    report = play(real_cards, data)
    assert result(report) == (1, "otherwise_lose")
    assert not events(report, "CARDS_MILLED")


ZA19 = [
    # card, reading, P0's HP, the winner, the reason, a rule it cites
    # 8.2.2: P1's deck cannot give 2 cards: P1 loses at 5.2.7
    ("4th_27", "LOSS", 30, 0, "effect_mill_failed", "8.2.2"),
    ("4th_57", "LOSS", 30, 0, "effect_mill_failed", "8.2.2"),
    # Q70: the one card goes and the game goes on: P0 (50) loses 80 - 50 = 30 at 5.2.9 and its HP
    # is 0 (1.2.3) before the end of the turn
    ("4th_27", "NO_LOSS", 30, 1, "hp_zero", "1.2.3"),
    ("4th_57", "NO_LOSS", 30, 1, "hp_zero", "1.2.3"),
    # Q70: P0 at 100 keeps 70; P1 set one card and cannot draw at 5.2.11.2: P1 loses (1.2.4,
    # 5.4.3), P0 drawing from its deck
    ("4th_27", "NO_LOSS", 100, 0, "deck_out", "5.4.3"),
    ("4th_57", "NO_LOSS", 100, 0, "deck_out", "5.4.3"),
]


@pytest.mark.parametrize(("card", "reading", "hp", "winner", "reason", "rule"), ZA19)
def test_short_mill_under_both_readings_of_za_19(
    real_cards: CardCatalogue, card: str, reading: str, hp: int, winner: int, reason: str,
    rule: str,
) -> None:  # fmt: skip
    """P1's deck holds one card (1st_79; P1's other cards are hidden in its hand) and P0's effect
    puts 2 of it in P1's abyss: 4th_27 with 1st_67 and 1st_74 answered; 4th_57 (相手のデッキの上
    から２枚) with 1st_72, 1st_74, 1st_79 in P0's abyss (3 or more). P1 sets 3rd_10 (★4, clock 1,
    80 at night): medal 0 + 0 (4th_27) or 2 (4th_57) + 1, NIGHT. P0 attacks 50 (4th_27 replaces
    P0's 1st_67; with 4th_57, 1st_67 stays)."""
    if card == "4th_27":
        data = record(([card], ["3rd_10"]), abyss=(["1st_74"], []), deck=([], ["1st_79"]),
                      unknown=(None, 0), hp=(hp, 100),
                      picks=[{card: [["1st_67", "1st_74"]]}, None])  # fmt: skip
    else:
        data = record(([card], ["3rd_10"]), abyss=(["1st_72", "1st_74", "1st_79"], []),
                      deck=([], ["1st_79"]), unknown=(None, 0), hp=(hp, 100))  # fmt: skip
    data["profile"] = {"ZA-19": reading}
    report = play(real_cards, data)
    assert result(report) == (winner, reason)
    assert report.result is not None
    assert rule in report.result.rules
    assert "ZA-19" in report.profile_keys_used
    (mill,) = events(report, "CARDS_MILLED")
    assert (mill.player, mill.param("requested"), mill.param("moved")) == (1, 2, 1)
    if reading == "LOSS":
        assert not events(report, "BATTLE_RESOLVED")
        return
    assert [e.param("qa") for e in not_done(report, card)] == ["Q70"]
    assert hps(report) == [hp - 30, 100]
    assert end(report, 1).deck_count == 0


# 4th_28 …クロノスを好きな時間にする (200 / 0). 6 cards: 5 + 1st_67. P1 sets 1st_72: medal 1
# (NIGHT) at 5.2.4, P0 first. The mark is P0's choice: the 18 marks clockwise from the medal.


@pytest.mark.parametrize(
    ("mark", "time", "attack", "hp"),
    [
        (None, "night", (200, 40), [100, 0]),  # defaulted: stays on 1; P1 loses 160: HP 0
        (["9"], "day", (0, 20), [80, 100]),  # 9 (noon, DAY): 4th_28 attacks 0, 1st_72 20
        (["14"], "night", (200, 40), [100, 0]),  # 14 is NIGHT (3.8.4)
        (["5"], "day", (0, 20), [80, 100]),  # 5, the first DAY mark
    ],
)
def test_4th_28_chronos_to_the_chosen_time(
    real_cards: CardCatalogue, mark: list[str] | None, time: str, attack: tuple[int, int],
    hp: list[int],
) -> None:  # fmt: skip
    """Where the medal is after 5.2.7 decides the printed attack used at 5.2.8 (3.8.4)."""
    picks = None if mark is None else [{"4th_28": [None, mark]}, None]
    report = play(real_cards, record((["4th_28"], ["1st_72"]), abyss=(ABYSS[:5], []),
                                     picks=picks))  # fmt: skip
    assert report.turns[-1].time == time
    assert report.turns[-1].medal == (1 if mark is None else int(mark[0]))
    assert attacks(report) == attack
    assert hps(report) == hp
    if mark is None:
        assert result(report) == (0, "hp_zero")


# 4th_88 アビスのカードを１枚選び、デッキの底に置く。…相手のデッキの上から３枚を見て、好きな順番に
# 入れ替えて戻す (50 / 0): P0's abyss is 1st_67 alone (from 5.2.5); it goes to P0's deck bottom.
# P1 sets 1st_72 (medal 1, NIGHT) and draws its deck's top card at 5.2.11.2.


@pytest.mark.parametrize(
    ("deck", "order", "drawn", "left"),
    [
        # defaulted: the order stays: 1st_79 on top
        (P1_DECK, None, "1st_79", ("1st_72", "1st_74", "1st_9")),
        (P1_DECK, ["1st_74", "1st_79", "1st_72"], "1st_74", ("1st_79", "1st_72", "1st_9")),
        (P1_DECK, ["1st_72", "1st_74", "1st_79"], "1st_72", ("1st_74", "1st_79", "1st_9")),
        # two cards left (P1's other cards hidden in hand): the two are looked at
        (["1st_79", "1st_72"], ["1st_72", "1st_79"], "1st_72", ("1st_79",)),
    ],
)
def test_4th_88_reorders_the_opponents_top_three(
    real_cards: CardCatalogue, deck: list[str], order: list[str] | None, drawn: str,
    left: tuple[str, ...],
) -> None:  # fmt: skip
    """The new order, top first, is P0's answer (10.4.1: P0 looks at them). 4th_88 (50) against
    1st_72 (40): P1 loses 10."""
    picks = None if order is None else [{"4th_88": [None, order]}, None]
    unknown = (None, 0) if len(deck) < 3 else (None, None)
    data = record((["4th_88"], ["1st_72"]), deck=([], deck), unknown=unknown, picks=picks)
    report = play(real_cards, data)
    assert unfinished(report)
    assert drawn in end(report, 1).hand
    assert end(report, 1).deck[: len(left)] == left
    assert end(report, 0).deck[-1] == "1st_67"
    assert end(report, 0).abyss == ()
    assert hps(report) == [100, 90]
    (point,) = [c for c in report.choices if c.path == "turns[0].choices.picks[0].4th_88[1]"]
    assert point.options == tuple(deck[:3])


def test_4th_88_an_empty_abyss_loses(real_cards: CardCatalogue) -> None:
    """P0's 1st_72 goes to the power charger at 5.2.5 (★1): nothing in the abyss, P0 loses at
    once (8.2.3); P1's deck is not looked at."""
    report = play(real_cards, record((["4th_88"], ["1st_72"]), battle=("1st_72", "1st_67"),
                                     deck=([], P1_DECK)))  # fmt: skip
    assert result(report) == (1, "otherwise_lose")
    assert not events(report, "DECK_REORDERED")


# --- 手札を公開し、N属性以上あるなら、攻撃力+M (4th_8 clock 2 ★5, 4th_97 clock 0 ★3; enchants) ---
# P0's 1st_67 stays (50 at night); P1 sets 1st_67: medal 0 + 2 + 1 = 3 or 0 + 0 + 1 = 1, NIGHT.
# The hand revealed is P0's hand at 5.2.7 (the enchant is in set zone A). N属性 counts distinct
# elements among the five, chaos too (2.3.2; README: 4th_6 is chaos).

REVEAL_ELEMENTS = [
    # card, P0's hand at 5.2.7, elements there, +M if met
    ("4th_8", ["1st_67", "1st_72", "1st_74", "1st_79"], 4, 80),  # 闇 炎 電気 風: met
    ("4th_8", ["1st_67", "1st_72", "1st_74", "4th_6"], 4, 80),  # chaos is the 4th
    ("4th_8", ["1st_67", "1st_9", "1st_72", "1st_74"], 3, 80),  # two darkness count once
    ("4th_97", ["1st_67", "1st_72", "1st_74"], 3, 50),  # ３属性以上: met
    ("4th_97", ["4th_6", "1st_79", "1st_17"], 3, 50),  # chaos, wind, electric
    ("4th_97", ["1st_67", "1st_9", "1st_72"], 2, 50),  # not met
]


@pytest.mark.parametrize(("card", "cards", "elements", "plus"), REVEAL_ELEMENTS)
def test_reveal_the_hand_and_count_its_elements(
    real_cards: CardCatalogue, card: str, cards: list[str], elements: int, plus: int
) -> None:
    """The whole hand is revealed (10.3.1) and its elements counted then (6.2.1.1)."""
    need = {"4th_8": 4, "4th_97": 3}[card]
    report = play(real_cards, record(([card], ["1st_67"]), hand=(cards, [])))
    gained = plus if elements >= need else 0
    assert attacks(report) == (50 + gained, 50)
    (shown,) = events(report, "CARDS_REVEALED")
    assert (shown.player, shown.param("cards")) == (0, tuple(cards))
    if not gained:
        assert [e.param("condition") for e in failed(report, card)] == [
            "cond.zone_distinct_elements_at_least"
        ]


# --- 4th_9 アビスに３枚以上カードがあるなら、相手のキャラクターの攻撃力-30 (enchant, clock 2) ----
# 4th_57 アビスに３枚以上のカードがあるなら、相手のデッキの上から２枚を相手のアビスに置く (clock 2)
# P0's 1st_67 stays, so P0's abyss is the snapshot's. P1 sets a character over its 1st_67 (clock
# 1): medal 3, NIGHT.


@pytest.mark.parametrize(
    ("held", "theirs", "attack"),
    [
        (3, "1st_67", (50, 20)),  # 3 or more (以上): 50 - 30
        (2, "1st_67", (50, 50)),  # 2: not met
        (3, "1st_74", (50, 0)),  # 20 - 30 stops at 0 (7.1, Q54)
    ],
)
def test_4th_9_abyss_count(
    real_cards: CardCatalogue, held: int, theirs: str, attack: tuple[int, int]
) -> None:
    report = play(real_cards, record((["4th_9"], [theirs]), abyss=(ABYSS[:held], [])))
    assert attacks(report) == attack
    if held < 3:
        assert [e.param("condition") for e in failed(report, "4th_9")] == [
            "cond.zone_count_at_least"
        ]


@pytest.mark.parametrize(
    ("held", "abyss", "drawn"),
    [
        (3, ("1st_67", "1st_79", "1st_72"), "1st_74"),  # P1's top two go, top card first
        (2, ("1st_67",), "1st_79"),  # not met: nothing; P1 draws its top card
    ],
)
def test_4th_57_abyss_count_then_the_opponents_top_two(
    real_cards: CardCatalogue, held: int, abyss: tuple[str, ...], drawn: str
) -> None:
    """P1's abyss: its 1st_67 (5.2.5) then the milled cards (3.6.1); P1 draws the next card at
    5.2.11.2. A tie (50 / 50): nobody loses HP."""
    data = record((["4th_57"], ["1st_67"]), abyss=(ABYSS[:held], []), deck=([], P1_DECK))
    report = play(real_cards, data)
    assert end(report, 1).abyss == abyss
    assert drawn in end(report, 1).hand
    assert hps(report) == [100, 100]


# --- このターンに（song）のキャラクターと入れ替えていたなら (4th_24, 4th_41, 4th_74, 4th_75) ---
# The character P0 sets replaces the one in P0's battle zone at 5.2.5; the condition holds when
# the one replaced is of the card's song (its name carries "（song）", Q47).


@pytest.mark.parametrize(
    ("before", "p1_sets", "attack", "hp"),
    [
        # 1st_9 (お勉強しといてよ) replaced: 30 + 110 = 140 against 3rd_10 80: P1 loses 60, and its
        # 1st_28 (40 less) does not reduce it (軽減されない, 1.3.1 beats 5.1.4.3)
        ("1st_9", ["3rd_10", "1st_28"], (140, 80), [100, 40]),
        # 1st_67 (another song) replaced: no +110 (30); the damage still cannot be reduced:
        # 30 - 20 = 10 against 1st_74
        ("1st_67", ["1st_74", "1st_28"], (30, 20), [100, 90]),
    ],
)
def test_4th_24_swapped_for_the_song_and_unreducible(
    real_cards: CardCatalogue, before: str, p1_sets: list[str], attack: tuple[int, int],
    hp: list[int],
) -> None:  # fmt: skip
    """4th_24 (30/30, ★6, clock 2). P1 lost last turn (5.2.1.3) and sets a character and 1st_28
    (clock 0, ★3): medal 0 + 2 + 1 + 0 = 3, NIGHT. P0's power: 8 (+1 for 1st_9, ★1)."""
    data = record((["4th_24"], p1_sets), battle=(before, "1st_67"), previous_winner=0)
    report = play(real_cards, data)
    assert attacks(report) == attack
    assert hps(report) == hp
    met = before == "1st_9"
    assert bool(failed(report, "4th_24")) != met


NEGATE = [
    # P0's character before 4th_41, what P1 sets, the medal at the start, attacks at 5.2.8
    # met, P0 first (0 + 3 + 1 = 4, NIGHT): P1's 1st_30 (+30) is negated: 50 / 50
    ("4th_3", "1st_30", 0, (50, 50)),
    # 1st_67 replaced (not of the song): 1st_30 takes effect: 50 + 30 = 80
    ("1st_67", "1st_30", 0, (50, 80)),
    # Q52: 6 + 4 = 10, DAY: P1 resolves first (6.3.1); its +30 stays: 4th_41 40, 1st_67 30 + 30
    ("4th_3", "1st_30", 6, (40, 60)),
    # Q51: a character's effect is not negated: 3rd_42 相手のHPが100なら攻撃力+50: 110
    ("4th_3", "3rd_42", 0, (50, 110)),
]


@pytest.mark.parametrize(("before", "theirs", "medal", "attack"), NEGATE)
def test_4th_41_negates_the_opponents_enchants(
    real_cards: CardCatalogue, before: str, theirs: str, medal: int, attack: tuple[int, int]
) -> None:
    """4th_41 (50/40, ★2, clock 3) replaces 4th_3 (シェードの埃は延長, ★2 to the power charger)
    or 1st_67. 相手のエンチャントの効果をすべて無効にする（すでに処理された効果は無効にできない）:
    the opponent's enchants not resolved yet this turn take no effect."""
    data = record((["4th_41"], [theirs]), battle=(before, "1st_67"), medal=medal)
    report = play(real_cards, data)
    assert attacks(report) == attack
    negated = [e for e in events(report, "EFFECT_FAILED", 1) if e.param("reason") == "negated"]
    assert [e.param("card") for e in negated] == (["1st_30"] if attack == (50, 50) else [])
    if negated:
        assert negated[0].param("qa") == "Q51"


SHADE = [
    # card, P0's character before, attacks, HPs after 5.2.9 (P1 sets 1st_67, clock 1)
    # 4th_74 (50/50, clock 3): 0 + 3 + 1 = 4, NIGHT; 相手の攻撃力-30: 50 - 30 = 20
    ("4th_74", "4th_3", (50, 20), [100, 70]),
    ("4th_74", "1st_67", (50, 50), [100, 100]),
    ("4th_74", "1st_9", (50, 50), [100, 100]),  # お勉強しといてよ, not the card's song
    # 4th_75 (50/70, clock 1): 0 + 1 + 1 = 2, NIGHT; a tie, and 相手のHP-20 at 5.2.7
    ("4th_75", "4th_73", (50, 50), [100, 80]),
    ("4th_75", "1st_9", (50, 50), [100, 100]),
]


@pytest.mark.parametrize(("card", "before", "attack", "hp"), SHADE)
def test_shade_characters_swapped_for_the_song(
    real_cards: CardCatalogue, card: str, before: str, attack: tuple[int, int], hp: list[int]
) -> None:
    report = play(real_cards, record(([card], ["1st_67"]), battle=(before, "1st_67")))
    assert attacks(report) == attack
    assert hps(report) == hp
    met = before in ("4th_3", "4th_73")
    assert [e.param("condition") for e in failed(report, card)] == (
        [] if met else ["cond.swapped_in_song"]
    )


# --- 手札から…選び、…に置く。そうしたなら(同じ数だけ)カードを引く -------------------------------
# P0 sets the card (P0's 1st_67 stays unless it is a character), P1 sets 1st_67: NIGHT. P0's
# deck top first DECK, then unknown cards. P0 draws at 5.2.7 (そうしたなら) and one card at
# 5.2.11.2 (it set one). The hand after is compared as a multiset.
DECK = ["1st_72", "1st_74", "1st_79"]


@pytest.mark.parametrize(
    ("cards", "answer", "charger", "after"),
    [
        # defaulted: 1st_9 goes (★1: 8 + 1), 1st_72 drawn, then 1st_74
        (["1st_9", "1st_17"], None, ["1st_9"], ["1st_17", "1st_72", "1st_74"]),
        # てもよい declined: nothing, no draw; 1st_72 at 5.2.11.2
        (["1st_9", "1st_17"], [], [], ["1st_17", "1st_72", "1st_9"]),
        # Q57: 1st_1 has no SEND TO POWER: it goes all the same and adds nothing
        (["1st_1", "1st_17"], None, ["1st_1"], ["1st_17", "1st_72", "1st_74"]),
        # two of the song: the one answered
        (["1st_9", "4th_86"], ["4th_86"], ["4th_86"], ["1st_72", "1st_74", "1st_9"]),
        # no character of the song (1st_17: ハゼ馳せる果てるまで): nothing, no draw
        (["1st_17", "1st_74"], None, [], ["1st_17", "1st_72", "1st_74"]),
    ],
)
def test_4th_53_song_character_to_the_power_charger_then_draw(
    real_cards: CardCatalogue, cards: list[str], answer: list[str] | None, charger: list[str],
    after: list[str],
) -> None:  # fmt: skip
    """4th_53 (80/40, ★3, clock 3) replaces 1st_67 (to the abyss): medal 4. 手札にある（お勉強
    しといてよ）のキャラクターを1枚選び、パワーチャージャーに置いてもよい。そうしたなら、カードを１枚
    引く. P0 wins the battle 80 to 50."""
    picks = None if answer is None else [{"4th_53": [answer]}, None]
    data = record((["4th_53"], ["1st_67"]), hand=(cards, []), deck=(DECK, []), picks=picks)
    report = play(real_cards, data)
    p0 = end(report, 0)
    assert p0.power_charger == (*POWER, *charger)
    stars = {"1st_9": 1, "4th_86": 1, "1st_1": 0}
    assert p0.total_power == 8 + sum(stars[c] for c in charger)
    assert hand(report, 0) == sorted(after)
    assert hps(report) == [100, 70]
    if charger == ["1st_1"]:
        (moved,) = [e for e in events(report, "CARD_MOVED", 0) if e.param("card") == "1st_1"]
        assert moved.param("qa") == "Q57"


ONE_OF_ELEMENT = [
    # card, P0's hand at 5.2.7, answer, the card that goes to the abyss (None: none there)
    ("4th_54", ["1st_74", "1st_9"], None, "1st_74"),  # 電気属性
    ("4th_54", ["1st_79", "1st_9"], None, None),  # wind only: not done, no draw
    ("4th_54", ["1st_9", "1st_74", "1st_17"], None, "1st_74"),  # default: the first electric
    ("4th_54", ["1st_9", "1st_74", "1st_17"], ["1st_17"], "1st_17"),
    ("4th_58", ["1st_79", "1st_9"], None, "1st_79"),  # 風属性
    ("4th_58", ["1st_74", "1st_9"], None, None),
]


@pytest.mark.parametrize(("card", "cards", "answer", "gone"), ONE_OF_ELEMENT)
def test_one_card_of_the_element_to_the_abyss_then_draw(
    real_cards: CardCatalogue, card: str, cards: list[str], answer: list[str] | None,
    gone: str | None,
) -> None:  # fmt: skip
    """4th_54 (clock 2) / 4th_58 (clock 3), ★0, no SEND TO POWER: at 5.2.11.1 the enchant goes
    to the abyss after the card it put there."""
    picks = None if answer is None else [{card: [answer]}, None]
    data = record(([card], ["1st_67"]), hand=(cards, []), deck=(DECK, []), picks=picks)
    report = play(real_cards, data)
    if gone is None:
        assert end(report, 0).abyss == (card,)
        assert hand(report, 0) == sorted([*cards, "1st_72"])
        assert [e.param("reason") for e in not_done(report, card)] == ["no_card_to_choose"]
    else:
        assert end(report, 0).abyss == (gone, card)
        assert hand(report, 0) == sorted([*_without(cards, gone), "1st_72", "1st_74"])


def _without(cards: list[str], card: str) -> list[str]:
    out = list(cards)
    out.remove(card)
    return out


ANY_OF_ELEMENT = [
    # card, P0's hand at 5.2.7, answer (None: defaulted, every card of the element), cards moved
    ("4th_62", ["1st_67", "1st_74", "1st_9"], None, ["1st_67", "1st_9"]),  # 闇属性
    ("4th_62", ["1st_67", "1st_74", "1st_9"], ["1st_9"], ["1st_9"]),
    ("4th_62", ["1st_67", "1st_74", "1st_9"], [], []),  # none chosen: no draw
    ("4th_62", ["1st_74", "1st_79"], None, []),  # no darkness card
    ("4th_63", ["1st_72", "1st_74", "3rd_42"], None, ["1st_72", "3rd_42"]),  # 炎属性
    ("4th_63", ["1st_72", "1st_74", "3rd_42"], ["3rd_42"], ["3rd_42"]),
    ("4th_63", ["1st_67", "1st_74"], None, []),
]


@pytest.mark.parametrize(("card", "cards", "answer", "moved"), ANY_OF_ELEMENT)
def test_any_number_of_the_element_to_the_abyss_then_as_many_drawn(
    real_cards: CardCatalogue, card: str, cards: list[str], answer: list[str] | None,
    moved: list[str],
) -> None:  # fmt: skip
    """4th_62 (clock 0) / 4th_63 (clock 1), ★1, SEND TO POWER ★1 (so at 5.2.11.1 they go to the
    power charger, not the abyss). 好きな枚数: 0 to all of them; 同じ数だけカードを引く: as many as
    were put there, from the top (deck 1st_72, 1st_74, 1st_79, …), then one at 5.2.11.2."""
    picks = None if answer is None else [{card: [answer]}, None]
    data = record(([card], ["1st_67"]), hand=(cards, []), deck=(DECK, []), picks=picks)
    report = play(real_cards, data)
    assert end(report, 0).abyss == tuple(moved)
    assert end(report, 0).power_charger == (*POWER, card)
    rest = list(cards)
    for c in moved:
        rest.remove(c)
    assert hand(report, 0) == sorted([*rest, *DECK[: len(moved) + 1]])


@pytest.mark.parametrize(
    ("answer", "bottom", "after"),
    [
        # defaulted: the whole hand (1st_9, then 1st_17 under it); 2 drawn, then 1 at 5.2.11.2
        (None, ("1st_9", "1st_17"), ["1st_72", "1st_74", "1st_79"]),
        (["1st_17"], ("1st_17",), ["1st_9", "1st_72", "1st_74"]),
        ([], (), ["1st_9", "1st_17", "1st_72"]),  # none chosen: not done, no draw
    ],
)
def test_4th_61_hand_to_the_deck_bottom_then_as_many_drawn(
    real_cards: CardCatalogue, answer: list[str] | None, bottom: tuple[str, ...],
    after: list[str],
) -> None:  # fmt: skip
    """4th_61 (clock 3, ★1): 手札からカードを好きな枚数選び、デッキの底に置く。そうしたなら、同じ
    数だけデッキからカードを引く (its erratum says the same). Each card goes under the deck, the
    last answered at the very bottom; then as many are drawn from the top."""
    picks = None if answer is None else [{"4th_61": [answer]}, None]
    data = record((["4th_61"], ["1st_67"]), deck=(DECK, []), picks=picks)
    report = play(real_cards, data)
    deck = end(report, 0).deck
    assert deck[len(deck) - len(bottom) :] == bottom or not bottom
    if not bottom:
        assert deck[-1] == "?"
    assert hand(report, 0) == sorted(after)
    assert end(report, 0).abyss == ("4th_61",)  # no SEND TO POWER (5.2.11.1)


# --- バトルゾーンのカード(キャラクター)が（song）なら (4th_92, 4th_99, 4th_100; enchants) ---------


@pytest.mark.parametrize(
    ("character", "medal", "p1_sets", "p1_power", "attack"),
    [
        # 4th_3 (シェードの埃は延長, 90): 0 + 0 + 1 = 1, NIGHT; 相手の攻撃力-40: 50 - 40 = 10
        ("4th_3", 0, ["1st_67"], POWER, (90, 10)),
        ("1st_67", 0, ["1st_67"], POWER, (50, 50)),  # not of the song
        # Q54: P1 (lost last turn) sets 4th_86 (30 at night, clock 2) and 爆ぜる (clock 3, ★6; its
        # power charger 2nd_38 ×2 and 4th_3, flame only, ★6): 12 + 0 + 2 + 3 = 17, NIGHT, P0
        # first:
        # 30 - 40 stops at 0, then + 80 = 80
        ("4th_3", 12, ["4th_86", "3rd_28"], ["2nd_38", "2nd_38", "4th_3"], (90, 80)),
    ],
)
def test_4th_92_battle_character_of_the_song(
    real_cards: CardCatalogue, character: str, medal: int, p1_sets: list[str],
    p1_power: list[str], attack: tuple[int, int],
) -> None:  # fmt: skip
    """4th_92 (clock 0, ★2) with P0's character staying in the battle zone."""
    data = record(
        (["4th_92"], p1_sets),
        battle=(character, "1st_67"),
        medal=medal,
        power=(POWER, p1_power),
        previous_winner=0 if len(p1_sets) > 1 else None,
    )
    report = play(real_cards, data)
    assert report.turns[-1].time == "night"
    assert attacks(report) == attack
    assert bool(failed(report, "4th_92")) == (character != "4th_3")


@pytest.mark.parametrize(
    ("character", "theirs", "time", "attack"),
    [
        # 1st_43 (猫リセット, 30/50): 0 + 3 + 1 = 4, NIGHT: 相手の攻撃力を100にする
        ("1st_43", "1st_67", "night", (30, 100)),
        # 2nd_16 (clock 2, ★7, 150 by day): 0 + 3 + 2 = 5, DAY: 150 set to 100; 1st_43 50
        ("1st_43", "2nd_16", "day", (50, 100)),
        ("1st_67", "1st_67", "night", (50, 50)),  # 1st_67 is not a 猫リセット character
    ],
)
def test_4th_99_sets_the_opponents_attack(
    real_cards: CardCatalogue, character: str, theirs: str, time: str, attack: tuple[int, int]
) -> None:
    """4th_99 (clock 3, ★4): バトルゾーンのカードが（猫リセット）のキャラクターなら."""
    report = play(real_cards, record((["4th_99"], [theirs]), battle=(character, "1st_67")))
    assert report.turns[-1].time == time
    assert attacks(report) == attack


@pytest.mark.parametrize(
    ("character", "theirs", "attack", "hp"),
    [
        # 30 against 80: 50 - 40 = 10 to P0; 40 reduced, so 40 to P1 at 5.2.10
        ("1st_43", "3rd_10", (30, 80), [90, 60]),
        # 1st_67 (50) is not 猫リセット: 30 reduced to 0 by 1st_28, nothing at the end
        ("1st_67", "3rd_10", (50, 80), [100, 100]),
        # P0 wins (30 against 20): nothing reduced, 0 damage is not dealt (1.3.2.2)
        ("1st_43", "1st_74", (30, 20), [100, 90]),
    ],
)
def test_4th_100_damage_as_much_as_was_reduced_at_the_end_of_the_turn(
    real_cards: CardCatalogue, character: str, theirs: str, attack: tuple[int, int],
    hp: list[int],
) -> None:  # fmt: skip
    """4th_100 (clock 3, ★5): …ターン終了時に、このターンに軽減した数値分のダメージを相手に与える.
    P0 lost last turn and sets it with 1st_28 (40 less damage, clock 0, ★3); P1 sets a character
    (clock 1): 0 + 3 + 0 + 1 = 4, NIGHT. The condition is read at 5.2.10 (the character is still
    there)."""
    data = record((["4th_100", "1st_28"], [theirs]), battle=(character, "1st_67"),
                  previous_winner=1)  # fmt: skip
    report = play(real_cards, data)
    assert attacks(report) == attack
    assert hps(report) == hp
    dealt = [e for e in events(report, "DAMAGE_APPLIED", 1) if e.step.startswith("5.2.10")]
    assert [(e.before, e.after) for e in dealt] == ([(100, 60)] if hp == [90, 60] else [])
    if character == "1st_67":
        assert [e.param("condition") for e in failed(report, "4th_100")] == [
            "cond.battle_char_song"
        ]


TESTED_CARDS: frozenset[str] = frozenset(
    {c for c, *_ in OTHERWISE_LOSE}
    | {"4th_27", "4th_57"}
    | {c for c, *_ in REVEAL_ELEMENTS}
    | {"4th_9", "4th_24", "4th_41", "4th_53", "4th_61", "4th_92", "4th_99", "4th_100"}
    | {c for c, *_ in SHADE}
    | {c for c, *_ in ONE_OF_ELEMENT}
    | {c for c, *_ in ANY_OF_ELEMENT}
)
"""The cards this file runs from their Japanese text (collected by
``test_card_effects_encoding.run_tested_cards``)."""
