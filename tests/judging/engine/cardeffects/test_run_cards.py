"""The ``run_cards`` family: cards chosen and moved, the opponent's area
enchant moved, a card revealed from the opponent's hand, a card name named (Q50), each from the
Japanese text of the card, the rules and the Q&A, worked out by hand.

Every record starts from a judge's snapshot at turn 3, medal on midnight (0) unless a test says
otherwise, both players at 100 HP, night side P0 (the priority player at night, 10.2.1). Cards used
(stats from SHARED_DIR/data/zutomayo/cards.json):

==========  =====================================  ========  =====  ==========  ====  ===
card        name_ja                                element   clock  night/day   cost  STP
==========  =====================================  ========  =====  ==========  ====  ===
1st_67      ちりとり男（勘冴えて悔しいわ）            darkness  1      50 / 30     0     -
1st_72      低血（低血ボルト）                      flame     1      40 / 20     0     1
1st_74      ふらんけん（Dear. Mr「F」）              electric  1      20 / 40     0     1
1st_79      グレイ？（正しくなれない）               wind      1      20 / 40     0     1
1st_1       にらちゃん（お勉強しといてよ）            darkness  5      130 / 50    5     -
1st_9       にらちゃん（お勉強しといてよ）            darkness  1      50 / 10     0     1
1st_17      にらちゃん（ハゼ馳せる果てるまで）         electric  5      10 / 50     0     1
2nd_38      にらちゃん（ハゼ馳せる果てるまで）         flame     0      20 / 20     0     2
2nd_65      うにぐりくん（勘ぐれい）                 darkness  0      30 / 10     0     2
2nd_86      (area enchant, 夜なら攻撃力+20)          darkness  2      -           1     1
==========  =====================================  ========  =====  ==========  ====  ===

The power charger is 2nd_38 ×2 and 2nd_65 ×2 (★2 each): total power 8 (9.1.1). Marks 0-4 are
NIGHT and 5-13 DAY (3.8.4, default mat). Battle damage is the difference of the attacks (5.1.4).
A state in the middle of a turn is read with a claim at ``T3/5.2.7`` (the state after the effect
step).
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport, replay_record
from judging.engine.zutomayo.apply import Game, run_record
from judging.engine.zutomayo.cardeffects.execute import condition_holds, run_action
from judging.engine.zutomayo.cardeffects.run_base import Resolution
from judging.engine.zutomayo.cardeffects.vocab import Act, Action, Cond, Condition
from judging.engine.zutomayo.record import parse_record
from tests.judging.engine.test_card_effects_run import play

POWER = ["2nd_38", "2nd_38", "2nd_65", "2nd_65"]


def record(
    sets: tuple[str, str],
    hands: tuple[list[str], list[str]],
    *,
    battle: tuple[str | None, str | None] = ("1st_67", "1st_67"),
    power: tuple[list[str], list[str]] = (POWER, POWER),
    abyss: tuple[list[str], list[str]] = ([], []),
    zone_c: tuple[str | None, str | None] = (None, None),
    medal: int = 0,
    picks: list[Any] | None = None,
    claims: list[dict[str, Any]] | None = None,
    effects: list[dict[str, Any]] | None = None,
    fmt: str = "zutomayo-game/3",
) -> dict[str, Any]:
    """A turn-3 snapshot: each player sets ``sets[p]`` (it must be in ``hands[p]``)."""
    players = []
    for p in (0, 1):
        known = len(hands[p]) + len(power[p]) + len(abyss[p])
        known += (battle[p] is not None) + (zone_c[p] is not None)
        players.append({
            "hp": 100, "battle_zone": battle[p], "zone_c": zone_c[p], "power_charger": power[p],
            "abyss": abyss[p], "hand": hands[p], "deck_unknown": 20 - known,
        })  # fmt: skip
    turn: dict[str, Any] = {"set": [{"A": sets[0]}, {"A": sets[1]}], "effects": effects or []}
    if picks is not None:
        turn["choices"] = {"picks": picks}
    data: dict[str, Any] = {
        "format": fmt, "night_side": 0, "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": medal, "previous_winner": None, "players": players},
        "turns": [turn],
    }  # fmt: skip
    if claims:
        data["claims"] = claims
    return data


def at_effects(path: str, value: Any, op: str = "==") -> dict[str, Any]:
    return {"party": "0", "at": "T3/5.2.7", "path": path, "value": value, "op": op}


def statuses(report: ReplayReport) -> list[str]:
    return [c.status for c in report.claims]


def events(report: ReplayReport, kind: str) -> list[Any]:
    return [e for e in report.events if e.kind == kind and e.turn == 3]


# --- カード名を１つ指定する。相手の手札から１枚を選んで公開し、そのカード名のカードなら攻撃力+N ---

NAME_CARDS = [
    # card, its +N (effect_ja), P0's attack without the +N at the battle, the battle's time
    # (medal 0 + its clock + 1 for 1st_72, 5.2.4.1), P1's 1st_72 attack then
    ("3rd_47", 50, 50, "night", 40),  # character, 50/50, clock 0: medal 1
    ("3rd_59", 100, 50, "night", 40),  # enchant, clock 0: 1st_67 at night 50, medal 1
    ("3rd_94", 40, 50, "night", 40),  # enchant, clock 2: medal 3
    ("3rd_105", 100, 110, "day", 20),  # character 110/110, clock 4: medal 5, DAY
]


def _name_record(card: str, answers: list[Any] | None) -> dict[str, Any]:
    # P1 sets 1st_72 from [1st_72, 1st_9, 1st_17]: its hand at 5.2.7 is [1st_9, 1st_17].
    picks = None if answers is None else [{card: answers}, None]
    return record((card, "1st_72"), ([card, "1st_9", "1st_17"], ["1st_72", "1st_9", "1st_17"]),
                  picks=picks)  # fmt: skip


@pytest.mark.parametrize(("card", "plus", "base", "time", "theirs"), NAME_CARDS)
def test_the_named_card_revealed_gives_the_attack(
    real_cards: CardCatalogue, card: str, plus: int, base: int, time: str, theirs: int
) -> None:
    """Named 1st_1 (にらちゃん（お勉強しといてよ）), 1st_9 revealed: another card with the same
    full name (2.1.2, Q50), so そのカード名のカードなら holds: +N."""
    report = play(real_cards, _name_record(card, [["1st_1"], ["1st_9"]]))
    battle = report.turns[-1].battle
    assert battle is not None
    assert report.turns[-1].time == time
    assert battle.attack == (base + plus, theirs)
    (shown,) = events(report, "HAND_CARD_REVEALED")
    assert shown.param("matches") == "yes"
    assert shown.param("qa") == "Q50"
    assert {"10.3", "10.3.2", "2.1.2"} <= set(shown.rules)
    assert not [c for c in report.choices if c.defaulted]


@pytest.mark.parametrize(("card", "plus", "base", "time", "theirs"), NAME_CARDS)
def test_another_name_than_the_revealed_one_gives_nothing_q50(
    real_cards: CardCatalogue, card: str, plus: int, base: int, time: str, theirs: int
) -> None:
    """Q50: 「にらちゃん（ハゼ馳せる果てるまで）」 named (1st_17), 「にらちゃん（お勉強
    しといてよ）」 revealed: both にらちゃん, but the full names differ: not met (6.2.1.1), the
    attack stays."""
    report = play(real_cards, _name_record(card, [["1st_17"], ["1st_9"]]))
    battle = report.turns[-1].battle
    assert battle is not None
    assert battle.attack == (base, theirs)
    failed = [e for e in events(report, "EFFECT_FAILED") if e.param("card") == card]
    assert [e.param("condition") for e in failed] == ["cond.revealed_is_named"]


def test_the_name_and_the_reveal_defaulted(real_cards: CardCatalogue) -> None:
    """Unanswered: the name is the first option (the opponent's cards first, catalogue order, one
    id per name: 1st_1 is the first card named にらちゃん（お勉強しといてよ）, the name of P1's
    1st_9), the revealed card the first of P1's hand in its order (1st_9): named, +40 (3rd_94).
    Both choices are listed as defaulted, with their record paths."""
    report = play(real_cards, _name_record("3rd_94", None))
    battle = report.turns[-1].battle
    assert battle is not None
    assert battle.attack == (90, 40)
    named, revealed = report.choices
    assert (named.path, named.kind, named.chosen, named.defaulted) == (
        "turns[0].choices.picks[0].3rd_94[0]", "name", ("1st_1",), True)  # fmt: skip
    assert named.options[0] == "1st_1"
    assert "1st_9" not in named.options  # one id per name: 1st_1 stands for it
    assert {"1st_17", "1st_67", "1st_72", "2nd_65"} <= set(named.options[:5])
    assert (revealed.path, revealed.kind, revealed.options, revealed.chosen) == (
        "turns[0].choices.picks[0].3rd_94[1]", "pick", ("1st_9", "1st_17"), ("1st_9",))  # fmt: skip
    assert [c.path for c in report.defaulted_choices] == [named.path, revealed.path]


def test_revealed_is_named_without_a_name_is_not_met(real_cards: CardCatalogue) -> None:
    """cond.revealed_is_named with nothing named (or nothing revealed) does not hold."""
    game = run_record(parse_record(_name_record("3rd_94", None), real_cards))
    cond = Condition(Cond.REVEALED_IS_NAMED)
    assert not condition_holds(game, 0, cond, Resolution(0, "3rd_94", "main", revealed=["1st_9"]))
    assert not condition_holds(game, 0, cond, Resolution(0, "3rd_94", "main", named="1st_9"))
    assert condition_holds(
        game, 0, cond, Resolution(0, "3rd_94", "main", revealed=["1st_9"], named="1st_1")
    )


# --- 1st_86 手札１枚とアビスの好きなカード１枚を入れ替える (enchant, clock 2, cost 0) ---------


def _swap(picks: list[Any] | None, abyss: list[str], value: list[str]) -> dict[str, Any]:
    return record(("1st_86", "1st_72"), (["1st_86", "1st_9", "1st_17"], ["1st_72", "1st_9"]),
                  abyss=(abyss, []), picks=picks,
                  claims=[at_effects("players[0].abyss", value)])  # fmt: skip


def test_1st_86_swaps_the_chosen_cards(real_cards: CardCatalogue) -> None:
    """Hand [1st_9, 1st_17] after the set, abyss [1st_72, 1st_74] (bottom first): 1st_17 and
    1st_72 answered: 1st_72 comes to the hand, 1st_17 goes on top of the abyss (3.6.1)."""
    picks = [{"1st_86": [["1st_17"], ["1st_72"]]}, None]
    report = play(real_cards, _swap(picks, ["1st_72", "1st_74"], ["1st_74", "1st_17"]))
    assert statuses(report) == ["CONSISTENT"]
    moved = [(e.param("card"), e.param("from_zone"), e.param("to_zone"))
             for e in events(report, "CARD_MOVED") if e.step.startswith("5.2.7")]  # fmt: skip
    assert moved == [("1st_72", "abyss", "hand"), ("1st_17", "hand", "abyss")]


def test_1st_86_defaulted_takes_the_first_of_the_hand_and_the_top_of_the_abyss(
    real_cards: CardCatalogue,
) -> None:
    """Default: the hand's first card (1st_9) and the abyss's top card (1st_74, put there
    last): the abyss is then [1st_72, 1st_9]. The claim holds by the default only: another
    answer gives another abyss, so it DEPENDS_ON the choices, named by their paths."""
    report = play(real_cards, _swap(None, ["1st_72", "1st_74"], ["1st_72", "1st_9"]))
    assert statuses(report) == ["DEPENDS_ON"]
    (claim,) = report.claims
    assert claim.actual == ["1st_72", "1st_9"]
    assert claim.depends_on == (
        "turns[0].choices.picks[0].1st_86[0]", "turns[0].choices.picks[0].1st_86[1]")  # fmt: skip
    assert [c.options for c in report.choices] == [("1st_9", "1st_17"), ("1st_74", "1st_72")]


def test_1st_86_with_an_empty_abyss_swaps_nothing(real_cards: CardCatalogue) -> None:
    """1.3.2: nothing in the abyss to swap with: not done, and no choice is asked."""
    report = play(real_cards, _swap(None, [], []))
    assert statuses(report) == ["CONSISTENT"]
    (not_done,) = [e for e in events(report, "EFFECT_NOT_DONE") if e.param("card") == "1st_86"]
    assert not_done.rules == ("1.3.2",)
    assert report.choices == ()


# --- 1st_103 相手のアビスのカードを1枚選んでデッキの底に戻させる; 4th_90 相手のアビスにあるカード
# １枚を、相手のデッキの底に戻す (enchants, clock 1 / 0) --------------------------------------


@pytest.mark.parametrize("card", ["1st_103", "4th_90"])
@pytest.mark.parametrize(
    ("answer", "left"),
    [
        ([["1st_72"]], ["1st_74", "1st_67"]),  # answered: the bottom card 1st_72
        (None, ["1st_72", "1st_74"]),  # defaulted: the top card, 1st_67
    ],
)
def test_the_opponent_abyss_card_goes_to_their_deck_bottom(
    real_cards: CardCatalogue, card: str, answer: list[Any] | None, left: list[str]
) -> None:
    """P1's abyss [1st_72, 1st_74], then 1st_67 on top of it when 1st_72 is swapped in (5.2.5,
    no SEND TO POWER: 3.6). This card's player chooses one of them (top first); it goes to the
    bottom of P1's deck: its deck of 20 - 2 hand - 4 power - 2 abyss - 1 battle = 11 is 12."""
    picks = None if answer is None else [{card: answer}, None]
    data = record((card, "1st_72"), ([card, "1st_9"], ["1st_72", "1st_9"]),
                  abyss=([], ["1st_72", "1st_74"]), picks=picks,
                  claims=[at_effects("players[1].abyss", left),
                          at_effects("players[1].deck_count", 12)])  # fmt: skip
    report = play(real_cards, data)
    # defaulted, the abyss depends on the choice; the deck count does not
    assert statuses(report) == ["CONSISTENT" if answer else "DEPENDS_ON", "CONSISTENT"]
    assert report.claims[0].actual == left
    (point,) = report.choices
    assert point.options == ("1st_67", "1st_74", "1st_72")  # top first
    assert point.defaulted == (answer is None)


# --- 2nd_8 自分のキャラクターカードの属性が電気なら、相手のパワーチャージャーからSEND TO POWER★★の
# カードを１枚選び、相手のデッキの底に置く (enchant, cost 3, clock 0) -------------------------


@pytest.mark.parametrize(
    ("p1_power", "answer", "total", "charger"),
    [
        # ★2 cards top first: 2nd_65 then 2nd_38; total 2+2+1 = 5, less the ★2 moved (9.1.1)
        (["2nd_38", "2nd_65", "1st_72"], [["2nd_38"]], 3, ["2nd_65", "1st_72"]),
        (["2nd_38", "2nd_65", "1st_72"], None, 3, ["2nd_38", "1st_72"]),
        # Q64: only ★1 cards: nothing is done, the total power stays 2
        (["1st_72", "1st_74"], None, 2, ["1st_72", "1st_74"]),
    ],
)
def test_2nd_8_takes_a_card_of_that_send_to_power(
    real_cards: CardCatalogue,
    p1_power: list[str],
    answer: list[Any] | None,
    total: int,
    charger: list[str],
) -> None:
    picks = None if answer is None else [{"2nd_8": answer}, None]
    data = record(("2nd_8", "1st_9"), (["2nd_8", "1st_9"], ["1st_9", "1st_17"]),
                  battle=("1st_74", "1st_67"), power=(POWER, p1_power), picks=picks,
                  claims=[at_effects("players[1].total_power", total),
                          at_effects("players[1].power_charger", charger)])  # fmt: skip
    report = play(real_cards, data)
    # the total does not depend on which ★2 card goes; which is left does, when defaulted
    depends = answer is None and total == 3
    assert statuses(report) == ["CONSISTENT", "DEPENDS_ON" if depends else "CONSISTENT"]
    assert report.claims[1].actual == charger
    if total == 2:
        (not_done,) = [e for e in events(report, "EFFECT_NOT_DONE") if e.param("card") == "2nd_8"]
        assert not_done.param("qa") == "Q64"
        assert report.choices == ()


def test_2nd_8_needs_an_electric_character(real_cards: CardCatalogue) -> None:
    """自分のキャラクターカードの属性が電気なら: with 1st_67 (darkness) nothing moves (6.2.1.1)."""
    data = record(("2nd_8", "1st_9"), (["2nd_8", "1st_9"], ["1st_9", "1st_17"]),
                  claims=[at_effects("players[1].total_power", 8)])  # fmt: skip
    report = play(real_cards, data)
    assert statuses(report) == ["CONSISTENT"]
    assert report.choices == ()


# --- the opponent's area enchant: 2nd_55 (炎なら…相手のデッキの上), 3rd_14 (…デッキの底),
# 3rd_21 (…デッキの上), 4th_107 (…相手のアビスに置く) ------------------------------------------

AREA_CARDS = [
    # card, P0's battle zone before (2nd_55 needs a flame character), P1's area enchant, where
    # it goes. 3rd_14's clock 5 + 1st_72's 1 take the medal from 0 to 6 (DAY) at 5.2.4: 2nd_86
    # (夜じゃなくなったらパワーチャージャーに置く) would end itself then (Q12), before 3rd_14's
    # effect at 5.2.7, so that row uses 2nd_98 (昼なら…昼じゃなくなったら…: it stays, ★1 too).
    ("2nd_55", "1st_72", "2nd_86", "deck_top"),
    ("3rd_14", "1st_67", "2nd_98", "deck_bottom"),
    ("3rd_21", "1st_67", "2nd_86", "deck_top"),
    ("4th_107", "1st_67", "2nd_86", "abyss"),
]


@pytest.mark.parametrize(("card", "own", "area", "dest"), AREA_CARDS)
def test_the_opponent_area_enchant_is_moved(
    real_cards: CardCatalogue, card: str, own: str, area: str, dest: str
) -> None:
    """P1's area enchant (SEND TO POWER ★1) in set zone C leaves it (6.1.3.3). On top of P1's
    deck, it is the card P1 draws at the end of the turn (5.2.11.2); at the bottom it is not, and
    what P1 drew is hidden (the snapshot's deck: UNDETERMINED); in the abyss, with its SEND TO
    POWER it may go there by an effect (3.6.2)."""
    data = record((card, "1st_72"), ([card, "1st_9"], ["1st_72", "1st_9"]), battle=(own, "1st_67"),
                  zone_c=(None, area),
                  claims=[at_effects("players[1].zone_c", None),
                          at_effects("players[1].abyss", area, "contains"),
                          {"party": "0", "at": "T3", "path": "players[1].hand",
                           "value": area, "op": "contains"}])  # fmt: skip
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None
    expected = {
        "deck_top": ["CONSISTENT", "CONTRADICTED", "CONSISTENT"],
        "deck_bottom": ["CONSISTENT", "CONTRADICTED", "UNDETERMINED"],
        "abyss": ["CONSISTENT", "CONSISTENT", "UNDETERMINED"],
    }[dest]
    assert statuses(report) == expected
    (moved,) = [e for e in events(report, "CARD_MOVED") if e.param("card") == area]
    assert (moved.param("from_zone"), moved.param("to_zone")) == ("zone_c", dest)
    assert "6.1.3.3" in moved.rules
    if dest == "abyss":
        assert "3.6.2" in moved.rules


def test_no_area_enchant_nothing_is_done(real_cards: CardCatalogue) -> None:
    report = play(real_cards, record(("4th_107", "1st_72"), (["4th_107"], ["1st_72"])))
    (not_done,) = [e for e in events(report, "EFFECT_NOT_DONE") if e.param("card") == "4th_107"]
    assert not_done.param("reason") == "no_area_enchant"
    assert not_done.rules == ("1.3.2",)


# --- the other moves, run directly on a game (their cards also need codes of other families) --


def _game(real_cards: CardCatalogue, **kwargs: Any) -> Game:
    """The game after a quiet turn 3: P0 (no character yet) sets 1st_9, P1 sets 1st_72 (its
    1st_67 goes to its abyss, 3.6); no effects. Each hand then holds what is left and one card
    drawn at the end of the turn (5.2.11.2, an unknown card ``?`` of the snapshot's deck)."""
    data = record(("1st_9", "1st_72"), (kwargs.pop("hand0"), ["1st_72", "1st_9"]),
                  battle=(None, "1st_67"), **kwargs)  # fmt: skip
    game = run_record(parse_record(data, real_cards))
    assert game.illegal is None
    return game


LAST: list[Resolution] = []


def _run(game: Game, code: Act, amount: int = 0, card: str = "x", **kwargs: Any) -> bool:
    """Run one action for P0 as card ``card``'s effect (``LAST[-1]``: its resolution)."""
    r = Resolution(player=0, card_id=card, timing="main")
    LAST.append(r)
    return run_action(game, Action(code, amount=amount, **kwargs), r)


def test_hand_to_abyss_chooses_cards_of_the_element(real_cards: CardCatalogue) -> None:
    """手札から電気属性のカードを１枚選び、アビスに置く (4th_54): only electric cards are options
    (1st_74, 1st_17, in the hand's order); the first goes to the abyss: done."""
    game = _game(real_cards, hand0=["1st_9", "1st_67", "1st_74", "1st_17"])
    hand_before = list(game.players[0].hand)
    assert _run(game, Act.HAND_TO_ABYSS, 1, elements=("electric",))
    assert game.players[0].abyss[-1] == "1st_74"
    assert game.choices[-1].options == ("1st_74", "1st_17")
    assert sorted(game.players[0].hand) == sorted(c for c in hand_before if c != "1st_74")


def test_hand_to_abyss_with_no_card_of_the_element_is_not_done(real_cards: CardCatalogue) -> None:
    """そうしたなら fails: no wind card in hand, nothing to choose (1.3.2)."""
    game = _game(real_cards, hand0=["1st_9", "1st_67"])
    assert not _run(game, Act.HAND_TO_ABYSS, 1, elements=("wind",))
    assert game.events[-1].kind == "EFFECT_NOT_DONE"
    assert game.events[-1].param("reason") == "no_card_to_choose"


def test_hand_to_abyss_any_counts_what_was_moved(real_cards: CardCatalogue) -> None:
    """手札から闇属性のカードを好きな枚数選び (4th_62): up to every darkness card; answered
    none: not done (no draw after); answered two: last_count 2 (同じ数だけ)."""
    game = _game(real_cards, hand0=["1st_9", "1st_67", "1st_74", "1st_1"])
    game.picks = (((("x", (("1st_67", "1st_1"), ())),)), ())
    assert _run(game, Act.HAND_TO_ABYSS_ANY, elements=("darkness",))
    assert LAST[-1].last_count == 2
    assert list(game.players[0].abyss[-2:]) == ["1st_67", "1st_1"]
    assert game.choices[-1].kind == "up_to"
    assert not _run(game, Act.HAND_TO_ABYSS_ANY, elements=("darkness",))  # none left
    assert LAST[-1].last_count == 0


def test_hand_to_deck_bottom_puts_the_last_answered_at_the_bottom(
    real_cards: CardCatalogue,
) -> None:
    """手札を２枚選んでデッキの底に置き (2nd_27): one under the other, the last answered at the
    very bottom."""
    game = _game(real_cards, hand0=["1st_9", "1st_67", "1st_74", "1st_17"])
    game.picks = (((("x", (("1st_74", "1st_67"),)),)), ())
    assert _run(game, Act.HAND_TO_DECK_BOTTOM, 2)
    assert list(game.players[0].deck[:2]) == ["1st_67", "1st_74"]  # deck[0] is the bottom


def test_hand_to_deck_bottom_with_fewer_cards_moves_what_there_is(
    real_cards: CardCatalogue,
) -> None:
    """1.3.2: two asked, one card in hand: it goes, and the action is not wholly done."""
    game = _game(real_cards, hand0=["1st_9", "1st_67"])
    game.players[0].hand.remove("1st_67")
    hand = list(game.players[0].hand)
    assert not _run(game, Act.HAND_TO_DECK_BOTTOM, 2)
    assert game.players[0].deck[0] == hand[0]
    assert game.events[-1].param("reason") == "fewer_cards"


def test_hand_song_character_to_power_q57(real_cards: CardCatalogue) -> None:
    """手札にある（お勉強しといてよ）のキャラクターを1枚選び、パワーチャージャーに置いてもよい
    (4th_53): 1st_1 (no SEND TO POWER) is one (its name carries the song, Q47); it may go there
    and adds no power (3.4.2, Q57). 1st_17 (another song) is no option."""
    game = _game(real_cards, hand0=["1st_9", "1st_1", "1st_17"])
    assert game.players[0].hand[0] == "1st_1"  # 1st_9 was set
    total = game.players[0].total_power
    assert _run(game, Act.HAND_SONG_CHAR_TO_POWER_MAY, 1, card="4th_53")
    assert game.choices[-1].options == ("1st_1",)
    assert game.players[0].power_charger[-1] == "1st_1"
    assert game.players[0].total_power == total
    moved = game.events[-1]
    assert moved.param("qa") == "Q57"
    assert "3.4.2" in moved.rules


def test_hand_song_character_may_be_declined(real_cards: CardCatalogue) -> None:
    """てもよい: answered none, nothing moves and そうしたなら fails."""
    game = _game(real_cards, hand0=["1st_9", "1st_1"])
    game.picks = (((("4th_53", ((),)),)), ())
    assert not _run(game, Act.HAND_SONG_CHAR_TO_POWER_MAY, 1, card="4th_53")
    assert "1st_1" in game.players[0].hand


def test_abyss_to_deck_bottom_shuffled_short_is_not_done(real_cards: CardCatalogue) -> None:
    """アビスのカードを４枚選び、裏向きにして混ぜ、デッキの底に置く (4th_6) with 2 there: both go
    (as much as possible, 1.3.2), but not the 4 (そうしない場合 is for act.otherwise_lose)."""
    game = _game(real_cards, hand0=["1st_9"], abyss=(["1st_72", "1st_74"], []))
    assert not _run(game, Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED, 4)
    assert list(game.players[0].abyss) == []
    assert list(game.players[0].deck[:2]) == ["1st_72", "1st_74"]  # top first: 1st_74 first
    assert LAST[-1].last_count == 2


def test_abyss_to_deck_bottom_at_least(real_cards: CardCatalogue) -> None:
    """アビスのカードを１枚以上選び (4th_27): three answered of three: done, last_count 3; an
    answer of none is the wrong number (illegal input naming the path)."""
    game = _game(real_cards, hand0=["1st_9"], abyss=(["1st_72", "1st_74", "1st_79"], []))
    game.picks = (((("x", (("1st_72", "1st_74", "1st_79"), ())),)), ())
    assert _run(game, Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED_AT_LEAST, 1)
    assert LAST[-1].last_count == 3
    game.players[0].abyss.append("1st_72")
    from judging.engine.core.errors import IllegalInputError

    with pytest.raises(IllegalInputError) as err:
        _run(game, Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED_AT_LEAST, 1)
    assert err.value.path == "turns[0].choices.picks[0].x[1]"
    assert err.value.key == "CHOICE_WRONG_COUNT"


def test_abyss_to_deck_bottom_one(real_cards: CardCatalogue) -> None:
    """アビスのカードを１枚選び、デッキの底に置く (4th_88): default the top card."""
    game = _game(real_cards, hand0=["1st_9"], abyss=(["1st_72", "1st_74"], []))
    assert _run(game, Act.ABYSS_TO_DECK_BOTTOM, 1)
    assert list(game.players[0].abyss) == ["1st_72"]
    assert game.players[0].deck[0] == "1st_74"


def test_both_power_chargers_to_the_abyss(real_cards: CardCatalogue) -> None:
    """お互いのパワーチャージャーのカードをすべてアビスに置く (4th_105): both totals 0 (9.1.1);
    each power charger lands in its owner's abyss in its order."""
    game = _game(real_cards, hand0=["1st_9"])
    chargers = [list(p.power_charger) for p in game.players]
    abysses = [list(p.abyss) for p in game.players]
    assert _run(game, Act.BOTH_POWER_TO_ABYSS)
    for p in (0, 1):
        assert game.players[p].total_power == 0
        assert list(game.players[p].power_charger) == []
        assert list(game.players[p].abyss) == abysses[p] + chargers[p]


def test_opponent_power_character_swapped_in_q67(real_cards: CardCatalogue) -> None:
    """相手のパワーチャージャーのキャラクターを１枚選び、バトルゾーンのキャラクターと入れ替える
    (4th_6): P1's 1st_72 in the battle zone goes to the power charger (Q67, ★1 counts: 8 + 1),
    the chosen 2nd_65 (★2) comes out (8 + 1 - 2 = 7)."""
    game = _game(real_cards, hand0=["1st_9"])
    assert game.players[1].battle_zone == "1st_72"
    assert _run(game, Act.OPP_POWER_CHAR_SWAP_IN, 1)
    assert game.choices[-1].options == ("2nd_65", "2nd_65", "2nd_38", "2nd_38")
    assert game.players[1].battle_zone == "2nd_65"
    assert game.players[1].power_charger[-1] == "1st_72"
    assert game.players[1].total_power == 7
    assert [e.param("qa") for e in game.events[-2:]] == ["Q67", None]


def test_opponent_power_without_a_character_q69(real_cards: CardCatalogue) -> None:
    """Q69: no character in P1's power charger: the battle zone stays."""
    game = _game(real_cards, hand0=["1st_9"], power=(POWER, ["2nd_86"]))
    assert not _run(game, Act.OPP_POWER_CHAR_SWAP_IN, 1)
    assert game.players[1].battle_zone == "1st_72"
    assert game.events[-1].param("qa") == "Q69"


def test_a_move_prohibited_is_not_done(real_cards: CardCatalogue) -> None:
    """1.3.3: a prohibition on moving cards beats the effect."""
    from judging.engine.zutomayo.effects import Prohibition

    game = _game(real_cards, hand0=["1st_9", "1st_67"])
    game.effects = game.effects.with_prohibition(Prohibition(0, "move_card", game.turn))
    assert not _run(game, Act.HAND_TO_ABYSS, 1)
    assert game.events[-1].rules == ("1.3.3",)


TESTED_CARDS: frozenset[str] = frozenset(
    {c for c, *_ in NAME_CARDS}
    | {c for c, *_ in AREA_CARDS}
    | {"1st_86", "1st_103", "4th_90", "2nd_8"}
)
"""The cards a test here runs from its Japanese text (collected by the encoding test)."""
