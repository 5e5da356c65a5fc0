"""The deck-and-play executor family (``run_deck``), from the cards' Japanese texts and the rules.

Two kinds of tests:

1. Real cards that run by themselves on this family's codes alone (1st_6, 1st_104, 3rd_45, 4th_2),
   one table row per situation: the state, the phrase of ``effect_ja`` that decides it, and the
   result worked out by hand (rule and Q&A numbers in the comments).
2. Each code on an invented situation (a ``Game`` loaded from a judge's snapshot, the action run
   directly, or an invented clause through the pipeline), for the codes whose cards also need
   another family's codes (they become automated when those land).

Every record starts from a judge's snapshot at turn 3, medal 0 (midnight, NIGHT: marks 0-4 and
14-17 under the default mat, 3.8.4), both at 100 HP, P0 the night side. Stats (from
SHARED_DIR/data/zutomayo/cards.json): 1st_67 darkness character, clock 1, 50 night / 30 day, no
SEND TO POWER; 1st_72 flame clock 1, STP ★1; 1st_79 wind clock 1, 20 night; 2nd_38 and 2nd_65
characters with STP ★2 (the power charger POWER totals 8, 9.1.1); 1st_9, 1st_17 characters
(hand fillers). Medal after 5.2.4 = 0 + the clocks set this turn (5.2.4.1).
"""

from __future__ import annotations

import contextlib
from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport
from judging.engine.zutomayo import apply
from judging.engine.zutomayo.apply import Game
from judging.engine.zutomayo.cardeffects import execute
from judging.engine.zutomayo.cardeffects.run_base import Resolution
from judging.engine.zutomayo.cardeffects.status import automated_effect, encoding
from judging.engine.zutomayo.cardeffects.vocab import (
    Act,
    Action,
    CardEffect,
    Clause,
    Cond,
    Condition,
    Zone,
)
from judging.engine.zutomayo.effects import EffectState
from judging.engine.zutomayo.messages import op_word, render
from judging.engine.zutomayo.record import parse_record
from judging.engine.zutomayo.state import GameResult, event_json
from tests.judging.engine.test_card_effects_run import play

POWER = ["2nd_38", "2nd_38", "2nd_65", "2nd_65"]
FILLERS = ["1st_9", "1st_17"]

TESTED_CARDS: frozenset[str] = frozenset({"1st_6", "1st_104", "3rd_45", "4th_2"})
"""The real cards a test here runs from its Japanese text (the encoding test collects every
``TESTED_CARDS``)."""


def snapshot(
    sets: tuple[list[str], list[str]],
    *,
    battle: tuple[str | None, str | None] = ("1st_67", "1st_67"),
    power: tuple[list[str], list[str]] = (POWER, POWER),
    abyss: tuple[list[str], list[str]] = ([], []),
    deck: tuple[list[str], list[str]] = ([], []),
    unknown: tuple[int | None, int | None] = (None, None),
    hand: tuple[list[str], list[str]] = (FILLERS, FILLERS),
    hp: tuple[int, int] = (100, 100),
    zone_c: tuple[str | None, str | None] = (None, None),
    previous_winner: int | None = None,
    profile: dict[str, str] | None = None,
) -> dict[str, Any]:
    """A record from a snapshot at turn 3; ``deck`` top first, the rest of the 20 cards unknown
    (``deck_unknown``) unless ``unknown`` says how many (0: the rest are hidden cards in hand)."""
    players = []
    for p in (0, 1):
        cards = [*sets[p], *hand[p]]
        known = len(cards) + len(power[p]) + len(abyss[p]) + len(deck[p])
        known += (battle[p] is not None) + (zone_c[p] is not None)
        rest = 20 - known if unknown[p] is None else unknown[p]
        if unknown[p] == 0:  # an empty deck: the rest are hidden cards in hand
            cards += ["?"] * (20 - known)
        players.append({
            "hp": hp[p], "battle_zone": battle[p], "zone_c": zone_c[p], "power_charger": power[p],
            "abyss": abyss[p], "hand": cards, "deck": deck[p], "deck_unknown": rest,
        })  # fmt: skip
    data: dict[str, Any] = {
        "format": "zutomayo-game/2",
        "night_side": 0,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": 0, "previous_winner": previous_winner,
                  "players": players},
        "turns": [{"set": [{"A": s[0], **({"B": s[1]} if len(s) > 1 else {})} for s in sets],
                   "effects": []}],
    }  # fmt: skip
    if profile:
        data["profile"] = profile
    return data


def kinds(report: ReplayReport, kind: str) -> list[Any]:
    return [e for e in report.events if e.kind == kind]


def attacks(report: ReplayReport) -> tuple[int, int]:
    battle = report.turns[-1].battle
    assert battle is not None
    return battle.attack


# --- 1. real cards ------------------------------------------------------------------------------


def test_1st_104_opponent_deck_top_to_abyss_with_or_without_power(
    real_cards: CardCatalogue,
) -> None:
    """1st_104 相手のデッキの一番上のカードをパワーの有無に関わらずアビスに置く: the top card 1st_72
    (STP ★1) goes to the opponent's abyss, not the power charger (1.3.1, 3.6.1): P1's total power
    stays 8. P1's abyss: 1st_67 (the old character, no STP, 5.2.5.2) then 1st_72; the next card
    1st_74 is drawn at the end of the turn (5.2.11.2)."""
    data = snapshot((["1st_104"], ["1st_67"]), deck=(["1st_72"], ["1st_72", "1st_74"]))
    report = play(real_cards, data)
    p1 = report.turns[-1].players[1]
    assert p1.abyss == ("1st_67", "1st_72")
    assert p1.total_power == 8
    assert p1.power_charger == tuple(POWER)
    assert "1st_74" in p1.hand
    milled = kinds(report, "CARDS_MILLED")
    assert [(e.player, e.param("moved")) for e in milled] == [(1, 1)]
    assert "3.6.1" in milled[0].rules


@pytest.mark.parametrize(
    ("reading", "winner", "reason", "rule"),
    [
        ("LOSS", 0, "effect_mill_failed", "8.2.2"),  # 8.2.2: the deck's owner loses at once
        ("NO_LOSS", 0, "deck_out", "5.4.3"),  # Q70: not done; P1 can't draw at 5.2.11.2
    ],
)
def test_1st_104_empty_deck_za19(
    real_cards: CardCatalogue, reading: str, winner: int, reason: str, rule: str
) -> None:
    """1st_104 on an empty deck (8.2.2 against Q70, ZA-19): LOSS ends the game at 5.2.7; NO_LOSS
    leaves the game running and P1 (who set a card and cannot draw it back) loses at the end of the
    turn, P0 drawing normally (Q70: 自身はデッキからカードを引ける状態であればゲームに勝利)."""
    data = snapshot((["1st_104"], ["1st_67"]), unknown=(None, 0),
                    profile={"ZA-19": reading})  # fmt: skip
    report = play(real_cards, data)
    assert report.result.winner == winner
    assert report.result.reason == reason
    assert rule in report.result.rules
    assert "ZA-19" in report.profile_keys_used
    if reading == "NO_LOSS":
        not_done = kinds(report, "EFFECT_NOT_DONE")
        assert [event_json(e)["qa"] for e in not_done] == [["Q70"]]


def test_3rd_45_reveals_the_opponents_hand(real_cards: CardCatalogue) -> None:
    """3rd_45 相手の手札を公開する (character, ★1, swapped in: 6.1.3.1): the whole hand is shown
    (10.3.1) and goes back: P1's hand at 5.2.7 is 1st_9, 1st_17 (1st_67 was set), nothing moves."""
    report = play(real_cards, snapshot((["3rd_45"], ["1st_67"]), deck=([], ["1st_72"])))
    shown = kinds(report, "CARDS_REVEALED")
    assert [(e.player, e.param("cards")) for e in shown] == [(1, ("1st_9", "1st_17"))]
    assert "10.3.1" in shown[0].rules
    assert sorted(report.turns[-1].players[1].hand) == ["1st_17", "1st_72", "1st_9"]
    assert render("CARDS_REVEALED", 1, None, 2, shown[0].params, "ja").startswith("プレイヤー1")


def test_3rd_45_power_cost_not_met_reveals_nothing(real_cards: CardCatalogue) -> None:
    """9.1.3: with no power (★0 < ★1) the effect does not take effect."""
    report = play(real_cards, snapshot((["3rd_45"], ["1st_67"]), power=([], POWER)))
    assert not kinds(report, "CARDS_REVEALED")
    assert [e.param("reason") for e in kinds(report, "EFFECT_FAILED")] == ["power_cost"]


# 1st_6 アビスにあるエンチャントカードの中から自由に１枚選び、このカードの効果として使う
# (enchant, ★2, clock 0). P1 sets 1st_67 (or 1st_79): medal 1, NIGHT; P0's 1st_67 attacks 50.
COPY_ABYSS = [
    # abyss (bottom first), P0's power, P1's character, P0's expected attack, why
    (["1st_30"], POWER, "1st_67", 80, "自分の攻撃力+30 used as 1st_6's effect"),
    (["1st_30", "1st_89"], POWER, "1st_67", 60, "two enchants: the default is the top one, +10"),
    (["1st_30"], ["2nd_38"], "1st_67", 80, "Q48: ★2 meets 1st_6's cost; 1st_30's ★3 is not asked"),
    (["1st_30"], [], "1st_67", 50, "9.1.3: ★0 < ★2, 1st_6 does not take effect"),
    (["1st_72", "3rd_55"], POWER, "1st_67", 50, "no enchant (a character, an area enchant)"),
    (["1st_25"], POWER, "1st_79", 100, "the copied condition holds: opponent wind, +50"),
    (["1st_25"], POWER, "1st_67", 50, "Q66: the copied card's condition is not met (darkness)"),
    (["1st_6"], POWER, "1st_67", 50, "another 1st_6 is not offered (it would only copy again)"),
]


@pytest.mark.parametrize(("abyss", "power", "opponent", "attack", "why"), COPY_ABYSS)
def test_1st_6_copies_an_abyss_enchant(
    real_cards: CardCatalogue, abyss: list[str], power: list[str], opponent: str, attack: int,
    why: str,
) -> None:  # fmt: skip
    data = snapshot((["1st_6"], [opponent]), abyss=(abyss, []), power=(power, POWER))
    report = play(real_cards, data)
    assert attacks(report)[0] == attack, why
    copied = kinds(report, "EFFECT_COPIED")
    enchants = [c for c in reversed(abyss) if c in ("1st_30", "1st_89", "1st_25")]
    if attack != 50 or "Q66" in why:
        assert [e.param("cards") for e in copied] == [(enchants[0],)], why
        [choice] = report.choices
        assert choice.options == tuple(enchants)
        assert choice.defaulted
        assert choice.path == "turns[0].choices.picks[0].1st_6[0]"
    else:
        assert not copied or "Q66" in why, why
    if "Q66" in why:
        failed = [e for e in kinds(report, "EFFECT_FAILED") if e.param("copied")]
        assert failed
        assert event_json(failed[0])["qa"] == ["Q66"]


def test_1st_6_twice_copies_the_same_card_q49(real_cards: CardCatalogue) -> None:
    """Q49: two 1st_6 set together (P0 lost the last battle: 2 cards, 5.2.1.2) may both use the one
    1st_30 in the abyss: 50 + 30 + 30 = 110 against 50; P1 takes 60 (5.1.4.2)."""
    data = snapshot((["1st_6", "1st_6"], ["1st_67"]), abyss=(["1st_30"], []), previous_winner=1)
    report = play(real_cards, data)
    assert attacks(report) == (110, 50)
    assert report.turns[-1].players[1].hp == 40
    assert len(kinds(report, "EFFECT_COPIED")) == 2


def test_1st_6_copied_card_not_run_by_the_engine(real_cards: CardCatalogue) -> None:
    """A copied enchant whose effect the engine does not run (2nd_82 needs another family's code):
    the ruling says the judge enters it; nothing is applied."""
    report = play(real_cards, snapshot((["1st_6"], ["1st_67"]), abyss=(["2nd_82"], [])))
    if automated_effect("2nd_82", real_cards.by_id()["2nd_82"].effect_sha256) is None:
        assert [e.param("reason") for e in kinds(report, "EFFECT_NOT_DONE")] == ["copied_manual"]


# 4th_2 パワーチャージャーから（シェードの埃は延長）のキャラクターを２枚まで選び、
# このカードの効果として使用する (character, ★8, clock 3, 120 night): P1 sets 1st_67, medal 4
# (NIGHT).
SHADE_POWER = ["2nd_38", "2nd_38", "4th_73", "4th_3", "4th_75"]  # ★2+2+2+2+1 = 9


def test_4th_2_chooses_up_to_two_shade_characters(real_cards: CardCatalogue) -> None:
    """Options: the characters of its song (names carrying （シェードの埃は延長）, Q47) in the own
    power charger, top first: 4th_75, 4th_73 (4th_3 has no effect). The default takes both
    (up to 2). Each chosen card's own condition is checked (Q66):
    このターンに（シェードの埃は延長）のキャラクターと入れ替えていたなら asks whether the character
    this turn's swap replaced was of the song (run_play: cond.swapped_in_song); here it was 1st_67,
    so neither 4th_75 相手のHP-20 nor 4th_73 HP+20 takes effect: P0 stays at 70; the battle
    120 - 50 = 70: P1 100 → 30."""
    data = snapshot((["4th_2"], ["1st_67"]), power=(SHADE_POWER, POWER), hp=(70, 100))
    report = play(real_cards, data)
    [choice] = report.choices
    assert (choice.kind, choice.options, choice.chosen) == (
        "up_to", ("4th_75", "4th_73"), ("4th_75", "4th_73"),
    )  # fmt: skip
    assert [e.param("cards") for e in kinds(report, "EFFECT_COPIED")] == [("4th_75",), ("4th_73",)]
    sha = real_cards.by_id()
    if all(automated_effect(c, sha[c].effect_sha256) for c in ("4th_73", "4th_75")):
        assert [p.hp for p in report.turns[-1].players] == [70, 30]
        failed = [e.param("reason") for e in kinds(report, "EFFECT_FAILED")]
        assert failed.count("condition") == 2
    else:  # cond.swapped_in_song is another family's: the judge enters those effects
        reasons = [e.param("reason") for e in kinds(report, "EFFECT_NOT_DONE")]
        assert reasons.count("copied_manual") == 2
    assert attacks(report) == (120, 50)


def test_4th_2_offers_no_copy_of_a_copier_and_nothing_without_shade(
    real_cards: CardCatalogue,
) -> None:
    """Another 4th_2 in the power charger is not offered (it would only copy again); with no
    character of the song there is nothing to choose (1.3.2)."""
    power = ["2nd_38", "2nd_38", "2nd_65", "4th_2", "4th_73"]  # ★2+2+2+0+2 = 8
    report = play(real_cards, snapshot((["4th_2"], ["1st_67"]), power=(power, POWER)))
    assert [c.options for c in report.choices] == [("4th_73",)]
    report = play(real_cards, snapshot((["4th_2"], ["1st_67"])))
    assert not report.choices
    assert [e.param("reason") for e in kinds(report, "EFFECT_NOT_DONE")] == ["none_to_choose"]


# --- 2. each code on invented situations ---------------------------------------------------------


def result_of(game: Game) -> GameResult | None:
    """``game.result`` read afresh (an action may have ended the game since it was last read)."""
    return game.result


def game_at(real_cards: CardCatalogue, data: dict[str, Any]) -> Game:
    """The snapshot loaded, turn 3 in progress (no step played): actions are run directly."""
    record = parse_record(data, real_cards)
    game = Game(record.cards, record.profile)
    assert record.start is not None
    game.start_from(record.start, record.night_side)
    game.turn = 3
    return game


def run(game: Game, code: Act, amount: int = 0, *, p: int = 0, zone: Zone | None = None,
        resolution: Resolution | None = None) -> bool:  # fmt: skip
    r = resolution or Resolution(player=p, card_id="1st_104", timing="main")
    return execute.run_action(game, Action(code, amount=amount, zone=zone), r)


def new_events(game: Game, start: int, kind: str) -> list[Any]:
    return [e for e in game.events[start:] if e.kind == kind]


def test_draw_and_short_draw_loses(real_cards: CardCatalogue) -> None:
    """カードをN枚引く: 2 from a deck of 3; then 2 from a deck of 1: 1 drawn, and the player loses
    at that moment (8.2.1)."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"]), deck=(["1st_72"], [])))
    before = len(game.players[0].deck)
    assert run(game, Act.DRAW, 2)
    assert len(game.players[0].deck) == before - 2
    assert "1st_72" in game.players[0].hand
    game.players[0].deck[:] = ["1st_74"]
    with pytest.raises(apply._GameOver):
        run(game, Act.DRAW, 2)
    assert game.result is not None
    assert game.result.winner == 1
    assert game.result.reason == "effect_draw_failed"
    assert "8.2.1" in game.result.rules


def test_draw_same_number(real_cards: CardCatalogue) -> None:
    """同じ数だけカードを引く: as many as the move before (``last_count`` 3 → 3 cards); none moved
    (0): not done (1.3.2.2)."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"])))
    hand = len(game.players[0].hand)
    r = Resolution(player=0, card_id="4th_61", timing="main", last_count=3)
    assert run(game, Act.DRAW_SAME_NUMBER, resolution=r)
    assert len(game.players[0].hand) == hand + 3
    start = len(game.events)
    r.last_count = 0
    assert not run(game, Act.DRAW_SAME_NUMBER, resolution=r)
    [not_done] = new_events(game, start, "EFFECT_NOT_DONE")
    assert not_done.param("reason") == "zero_times"
    assert "1.3.2.2" in not_done.rules


def test_mills_own_and_opponent_and_same_number(real_cards: CardCatalogue) -> None:
    """デッキの上からN枚をアビスに置く (own), 相手のデッキの上からN枚を相手のアビスに置く (4th_57),
    …それと同じ枚数 (4th_27, ``last_count``): the top card goes first, so the second is on top of
    the abyss (3.6.1)."""
    data = snapshot((["1st_67"], ["1st_67"]), deck=(["1st_72", "1st_74"], ["1st_79", "1st_72"]))
    game = game_at(real_cards, data)
    assert run(game, Act.MILL, 2)
    assert game.players[0].abyss[-2:] == ["1st_72", "1st_74"]
    assert run(game, Act.OPP_MILL, 1)
    assert game.players[1].abyss == ["1st_79"]
    assert game.players[0].abyss[-1] == "1st_74"
    r = Resolution(player=0, card_id="4th_27", timing="main", last_count=1)
    assert run(game, Act.OPP_MILL_SAME_NUMBER, resolution=r)
    assert game.players[1].abyss == ["1st_79", "1st_72"]


@pytest.mark.parametrize("reading", ["LOSS", "NO_LOSS"])
def test_opp_mill_short_deck_za19(real_cards: CardCatalogue, reading: str) -> None:
    """4th_57 相手のデッキの上から２枚 with one card left: LOSS (8.2.2) ends the game, P1 losing;
    NO_LOSS (Q70) places the one card and the rest is not done (1.3.2)."""
    data = snapshot(
        (["1st_67"], ["1st_67"]),
        deck=([], ["1st_79"]),
        unknown=(None, 0),
        profile={"ZA-19": reading},
    )
    game = game_at(real_cards, data)
    if reading == "LOSS":
        with pytest.raises(apply._GameOver):
            run(game, Act.OPP_MILL, 2)
        assert game.result is not None
        assert game.result.winner == 0
        assert "8.2.2" in game.result.rules
    else:
        assert not run(game, Act.OPP_MILL, 2)
        assert game.players[1].abyss == ["1st_79"]
        assert game.result is None


def test_deck_top_to_power_or_abyss(real_cards: CardCatalogue) -> None:
    """2nd_41 デッキの一番上のカードをパワーがあればパワーチャージャーに、なければアビスに置く:
    1st_72 (★1) → power charger, total 8 → 9 (3.4.1, 9.1.1); 1st_67 (none) → abyss (3.6.1); a
    hidden card (?) is not placed (the record must name it); an empty deck is 8.2.2 (ZA-19)."""
    data = snapshot((["1st_9"], ["1st_67"]), deck=(["1st_72", "1st_67"], []), unknown=(3, None),
                    hand=([*FILLERS, "1st_74", "1st_74", "1st_79", "1st_79", "1st_72", "2nd_1",
                           "2nd_1"], FILLERS))  # fmt: skip
    game = game_at(real_cards, data)
    assert run(game, Act.DECK_TOP_TO_POWER_OR_ABYSS)
    assert game.players[0].power_charger[-1] == "1st_72"
    assert game.players[0].total_power == 9
    assert run(game, Act.DECK_TOP_TO_POWER_OR_ABYSS)
    assert game.players[0].abyss == ["1st_67"]
    start = len(game.events)
    assert not run(game, Act.DECK_TOP_TO_POWER_OR_ABYSS)
    assert [e.param("reason") for e in new_events(game, start, "EFFECT_NOT_DONE")] == [
        "card_unknown"
    ]
    game.players[0].deck.clear()
    with pytest.raises(apply._GameOver):
        run(game, Act.DECK_TOP_TO_POWER_OR_ABYSS)
    assert game.result is not None
    assert game.result.reason == "effect_mill_failed"


def test_reveal_own_hand_and_revealed_cards_kept(real_cards: CardCatalogue) -> None:
    """4th_8 手札を公開し: the whole own hand (10.3.1), remembered for the clause after it;
    nothing moves (the state digest is unchanged)."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"])))
    digest = game.digest()
    r = Resolution(player=0, card_id="4th_8", timing="main")
    assert run(game, Act.REVEAL, zone=Zone.OWN_HAND, resolution=r)
    assert r.revealed == ["1st_67", "1st_9", "1st_17"]
    assert game.digest() == digest
    [shown] = new_events(game, 0, "CARDS_REVEALED")
    assert shown.player == 0
    assert shown.param("zone") == "hand"


REVEAL_TOP = [
    # the opponent's top card, cost >= 6, no STP, has STP (from cards.json)
    ("4th_3", True, False, True),  # ★6, STP ★2
    ("1st_67", False, True, False),  # ★0, no STP
    ("4th_2", True, True, False),  # ★8, no STP
]


@pytest.mark.parametrize(("top", "cost6", "no_stp", "has_stp"), REVEAL_TOP)
def test_reveal_opp_deck_top_and_the_revealed_conditions(
    real_cards: CardCatalogue, top: str, cost6: bool, no_stp: bool, has_stp: bool
) -> None:
    """3rd_97 / 3rd_103 相手のデッキの一番上を公開する: the card is shown and stays on top (10.3.2,
    Q45); パワーコストが６以上のカードが…公開されたら, SEND TO POWER★が無ければ / があったなら read
    the revealed card."""
    game = game_at(real_cards, snapshot((["1st_9"], ["1st_9"]), deck=([], [top, "1st_72"])))
    deck = list(game.players[1].deck)
    r = Resolution(player=0, card_id="3rd_97", timing="start")
    assert run(game, Act.REVEAL_OPP_DECK_TOP, resolution=r)
    assert game.players[1].deck == deck
    assert r.revealed == [top]
    [shown] = new_events(game, 0, "CARDS_REVEALED")
    assert "10.3.2" in shown.rules
    assert event_json(shown)["qa"] == ["Q45"]
    holds = [
        execute.condition_holds(game, 0, Condition(code, amount=6), r)
        for code in (Cond.REVEALED_COST_AT_LEAST, Cond.REVEALED_NO_SEND_TO_POWER,
                     Cond.REVEALED_HAS_SEND_TO_POWER)
    ]  # fmt: skip
    assert holds == [cost6, no_stp, has_stp]


def test_reveal_opp_deck_top_empty_deck_reveals_nothing(real_cards: CardCatalogue) -> None:
    data = snapshot((["1st_67"], ["1st_67"]), unknown=(None, 0))
    game = game_at(real_cards, data)
    r = Resolution(player=0, card_id="3rd_103", timing="start")
    assert not run(game, Act.REVEAL_OPP_DECK_TOP, resolution=r)
    assert not execute.condition_holds(game, 0, Condition(Cond.REVEALED_NO_SEND_TO_POWER), r)
    assert not execute.condition_holds(game, 0, Condition(Cond.REVEALED_HAS_SEND_TO_POWER), r)


def test_opp_deck_top_reorder(real_cards: CardCatalogue) -> None:
    """4th_88 相手のデッキの上から３枚を見て、好きな順番に入れ替えて戻す: a ``pick`` of the 3 cards
    top first; the default keeps the order; the 4th card is not looked at (10.4.1)."""
    top = ["1st_72", "1st_74", "1st_79", "1st_72"]
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"]), deck=([], top)))
    r = Resolution(player=0, card_id="4th_88", timing="main")
    assert run(game, Act.OPP_DECK_TOP_REORDER, 3, resolution=r)
    [choice] = game.choices
    assert (choice.kind, choice.options, choice.player) == ("pick", tuple(top[:3]), 0)
    assert list(reversed(game.players[1].deck))[:4] == top
    [event] = new_events(game, 0, "DECK_REORDERED")
    assert event.player == 1
    assert event.param("count") == 3
    assert "10.4.1" in event.rules


def test_opp_deck_top_reorder_answered_changes_the_order_and_the_digest(
    real_cards: CardCatalogue,
) -> None:
    """4th_88 with the record's answer (the 3 cards, top first, in a new order): the deck's top 3
    are in that order, the 4th stays, and the state's digest (zones cache their text) is the one
    worked out afresh: the reorder is a change of the state."""
    top = ["1st_72", "1st_74", "1st_79", "1st_72"]
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"]), deck=([], top)))
    before = game.digest()
    new_order = ("1st_79", "1st_72", "1st_74")
    game.picks = ((("4th_88", (new_order,)),), ())
    r = Resolution(player=0, card_id="4th_88", timing="main")
    assert run(game, Act.OPP_DECK_TOP_REORDER, 3, resolution=r)
    assert list(reversed(game.players[1].deck))[:4] == [*new_order, "1st_72"]
    cached = game.digest()
    game.cache_dumps = False
    assert cached == game.digest() != before


def test_hand_size_change_kept_on_the_state(real_cards: CardCatalogue) -> None:
    """4th_89 手札の数はゲーム終了まで１枚増える: kept until the game ends (not cleared by a new
    turn) and covered by the digest."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"])))
    digest = game.digest()
    assert run(game, Act.HAND_SIZE_CHANGE, 1)
    assert game.effects.hand_bonus == (1, 0)
    assert game.effects.new_turn().hand_bonus == (1, 0)
    assert game.digest() != digest


def test_otherwise_lose(real_cards: CardCatalogue) -> None:
    """そうしない場合、ゲームに敗北する: the action before was done: nothing; not done: this
    card's player loses at once (8.2.3)."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"])))
    r = Resolution(player=1, card_id="4th_88", timing="main")
    assert run(game, Act.OTHERWISE_LOSE, resolution=r)
    assert game.result is None
    r.last_done = False
    with pytest.raises(apply._GameOver):
        run(game, Act.OTHERWISE_LOSE, resolution=r)
    over = result_of(game)
    assert over is not None
    assert (over.winner, over.reason, over.rules) == (0, "otherwise_lose", ("8.2.3",))


@pytest.mark.parametrize(("opp_deck", "loses"), [(1, True), (2, False)])
def test_otherwise_lose_reads_the_action_before_in_the_pipeline(
    real_cards: CardCatalogue, opp_deck: int, loses: bool
) -> None:
    """An invented clause through ``Game._resolve_auto``: 相手のデッキの上から２枚を相手のアビスに
    置く。そうしない場合、ゲームに敗北する, read with NO_LOSS (Q70): with one card the mill is not
    done, so its player loses (8.2.3); with two it is done."""
    data = snapshot((["1st_67"], ["1st_67"]), deck=([], ["1st_72", "1st_74"][:opp_deck]),
                    unknown=(None, 0), profile={"ZA-19": "NO_LOSS"})  # fmt: skip
    game = game_at(real_cards, data)
    effect = CardEffect("1st_104", "", (Clause(Condition(Cond.ALWAYS), (
        Action(Act.OPP_MILL, amount=2), Action(Act.OTHERWISE_LOSE))),))  # fmt: skip
    game.players[0].zone_a = "1st_104"
    with contextlib.suppress(apply._GameOver):
        game._resolve_auto(0, "1st_104", effect, "main")
    assert (game.result is not None) == loses
    if loses:
        assert game.result is not None
        assert game.result.winner == 1


def test_negated_enchants_do_not_take_effect_characters_do(real_cards: CardCatalogue) -> None:
    """4th_41 相手のエンチャントの効果をすべて無効にする: once resolved, the opponent's enchant
    (1st_30 自分の攻撃力+30) does not take effect this turn; a character's effect is not negated
    (Q51); the next turn it is over (dur.this_turn)."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"])))
    r = Resolution(player=0, card_id="4th_41", timing="main")
    assert run(game, Act.NEGATE_OPP_ENCHANTS, resolution=r)
    game.players[1].zone_a = "1st_30"
    effect = encoding()["1st_30"]
    start = len(game.events)
    game._resolve_auto(1, "1st_30", effect, "main")
    [failed] = new_events(game, start, "EFFECT_FAILED")
    assert failed.param("reason") == "negated"
    assert event_json(failed)["qa"] == ["Q51"]
    assert game.effects.attack_changes == ((), ())
    assert not game._negated(1, "3rd_45", "reveal")  # a character (Q51)
    assert not game._negated(0, "1st_30", "attack_plus")  # only the opponent's
    assert game.effects.new_turn().negated == ()


def test_negation_does_not_undo_what_resolved_before_q52(real_cards: CardCatalogue) -> None:
    """Q52: the opponent's +30 resolved first (priority); the negation after it changes nothing."""
    game = game_at(real_cards, snapshot((["1st_67"], ["1st_67"])))
    game.players[1].zone_a = "1st_30"
    game._resolve_auto(1, "1st_30", encoding()["1st_30"], "main")
    run(game, Act.NEGATE_OPP_ENCHANTS, resolution=Resolution(0, "4th_41", "main"))
    assert game.effects.attack_changes == ((), (("attack_plus", 30),))


@pytest.mark.parametrize("banned", [True, False])
def test_area_enchant_ban_puts_the_set_area_enchant_away_q28(
    real_cards: CardCatalogue, banned: bool
) -> None:
    """3rd_55 以後相手はエリアエンチャントをセットできない (1.3.3), Q28: while 3rd_55 is in P1's set
    zone C, the area enchant P0 sets (3rd_97, clock 3, no STP) counts for the clock (medal 0 + 3 +
    1 = 4) and is put in the abyss at 5.2.6 instead of set zone C. Without 3rd_55 there it enters.
    """
    zone_c = "3rd_55" if banned else None
    data = snapshot((["3rd_97"], ["1st_67"]), zone_c=(None, zone_c))
    record = parse_record(data, real_cards)
    game = Game(record.cards, record.profile)
    assert record.start is not None
    game.start_from(record.start, record.night_side)
    r = Resolution(player=1, card_id="3rd_55", timing="main")
    run(game, Act.PROHIBIT_OPP_AREA_ENCHANT, resolution=r)
    assert game.effects.area_bans == ((0, "3rd_55"),)
    game.play_turn(record.turns[0])
    p0 = game.players[0]
    assert game.medal == 4
    if banned:
        assert p0.zone_c is None
        assert p0.abyss == ["3rd_97"]
        prohibited = [e for e in game.events if e.kind == "EFFECT_NOT_DONE"
                      and e.param("op") == "set_area_enchant"]  # fmt: skip
        assert prohibited
        assert "1.3.3" in prohibited[0].rules
        assert event_json(prohibited[0])["qa"] == ["Q28"]
    else:
        assert p0.zone_c == "3rd_97"


def test_effect_state_new_fields_in_the_digest() -> None:
    state = EffectState()
    assert state.dump == ""
    assert state.with_negated(1).dump != state.with_area_ban(1, "3rd_55").dump


def test_every_deck_op_has_words_in_both_languages() -> None:
    from judging.engine.zutomayo.cardeffects import run_deck

    for action in run_deck.ACTIONS.values():
        en, ja = op_word(action.op, "en"), op_word(action.op, "ja")
        assert en != action.op or " " not in action.op, action.op
        assert ja != en, action.op
        assert not ja.isascii(), action.op


@pytest.mark.parametrize("keep", [True, False])
def test_optional_keep_the_swap_reads_it(real_cards: CardCatalogue, keep: bool) -> None:
    """2nd_62 同時に出したキャラクターカードを、変えなくてもよい: a ``may`` (default "yes"): P0
    keeps 1st_67 in the battle zone and 1st_72, set with it, stays in set zone B (1.3.1); without
    it the swap is 5.2.5.1's (1st_72 in, 1st_67 to the abyss, no STP)."""
    game = game_at(real_cards, snapshot((["2nd_62", "1st_72"], ["1st_67"]), previous_winner=1))
    player = game.players[0]
    player.hand.remove("2nd_62")
    player.hand.remove("1st_72")
    player.zone_a, player.zone_b = "2nd_62", "1st_72"
    if keep:
        assert run(game, Act.OPTIONAL_KEEP, resolution=Resolution(0, "2nd_62", "main"))
        [choice] = game.choices
        assert (choice.kind, choice.options, choice.chosen) == ("may", ("yes", "no"), ("yes",))
    game._swap(0, "character")
    if keep:
        assert (player.battle_zone, player.zone_b, player.swapped_in) == ("1st_67", "1st_72", None)
        [kept] = new_events(game, 0, "CHARACTER_KEPT")
        assert "1.3.1" in kept.rules
    else:
        assert (player.battle_zone, list(player.abyss)) == ("1st_72", ["1st_67"])
        assert player.single("zone_b") is None  # swapped in from set zone B (5.2.5)
    assert game.effects.new_turn().keeps == ()


def test_optional_keep_without_a_character_set_with_it(real_cards: CardCatalogue) -> None:
    game = game_at(real_cards, snapshot((["2nd_62"], ["1st_67"])))
    game.players[0].zone_a = "2nd_62"
    assert not run(game, Act.OPTIONAL_KEEP, resolution=Resolution(0, "2nd_62", "main"))
    assert game.effects.keeps == ()
