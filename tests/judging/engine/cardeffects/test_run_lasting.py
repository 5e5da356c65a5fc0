"""Changes that outlast the turn, from the cards' Japanese text: the element set while the
character stays on the battle field (2nd_84, 2nd_88, 2nd_96, 2nd_100: 自分の攻撃力+10。相手の
キャラクターカードの属性をバトルフィールドにいる間Xにする) and the hand size until the game ends
(4th_89: バトルゾーンのカードが（TAIDADA）のキャラクターなら、カードを１枚引く。このカードの効果で
カードを引いたなら、手札の数はゲーム終了まで１枚増える).

Expected values by hand (real card data): 1st_67 darkness, clock 1, night 50 / day 30, no SEND
TO POWER; 2nd_9 darkness, clock 1, night 30 (相手のキャラクターカードの属性が風なら攻撃力+20);
1st_83 enchant clock 1 (夜なら攻撃力+20); 1st_102 enchant clock 1 (昼なら攻撃力+20); the four
element enchants clock 1, cost ★0; the medal starts on 0 and stays NIGHT on both mats (0-4).
"""

from __future__ import annotations

import pytest

from judging.engine import CardCatalogue, replay_record
from judging.engine.zutomayo.apply import run_record
from judging.engine.zutomayo.record import parse_record
from tests.judging.engine.cardeffects.test_run_area import record as turns_record
from tests.judging.engine.cardeffects.test_run_area import turn
from tests.judging.engine.cardeffects.test_run_cards import POWER, events, record

ELEMENT_CARDS = [
    # card, the element it sets, T4: P0's attack and HPs after the battle
    ("2nd_96", "wind", 50, [90, 100]),  # 2nd_9's 風なら is met: 30 + 20 = 50 vs 50, no damage
    ("2nd_84", "electric", 30, [70, 100]),  # not wind: 30 vs 50, P0 loses 20
    ("2nd_88", "darkness", 30, [70, 100]),  # already darkness (1.3.2.1): not done; 30 vs 50
    ("2nd_100", "flame", 30, [70, 100]),
]


@pytest.mark.parametrize(("card", "element", "t4_attack", "t4_hp"), ELEMENT_CARDS)
def test_the_element_lasts_while_the_character_stays(
    real_cards: CardCatalogue, card: str, element: str, t4_attack: int, t4_hp: list[int]
) -> None:
    """T3: medal 0 + 1 + 1 = 2 (NIGHT): the priority player P0 (night side, 10.2.1) resolves
    first: 1st_67 50 + 10 = 60, and P1's 1st_67 becomes ``element``; P1's 1st_83 (夜なら) +20:
    50 + 20 = 70; 60 vs 70: P0 90 HP (5.1.4). T4: medal 4 (NIGHT); P0's 2nd_9 is swapped in
    (5.2.5) and takes effect (6.1.3.1); P1's 1st_67 stayed in the battle zone, so it is still of
    the element set on T3 (バトルフィールドにいる間); P1's 1st_102 (昼なら) fails by night
    (6.2.1.1); P1 attacks 50."""
    data = turns_record([([card], ["1st_83"]), (["2nd_9"], ["1st_102"])],
                        battle=("1st_67", "1st_67"))  # fmt: skip
    del data["cards"]
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None, report.illegal_input
    assert not report.undescribed_effects
    t3, t4 = turn(report, 3), turn(report, 4)
    assert (t3.battle.attack, [p.hp for p in t3.players]) == ((60, 70), [90, 100])
    assert t4.battle.attack == (t4_attack, 50)
    assert [p.hp for p in t4.players] == t4_hp
    if element == "darkness":
        assert any(e.param("reason") == "already_so" for e in events(report, "EFFECT_NOT_DONE"))


@pytest.mark.parametrize(("battle", "drawn"), [("4th_67", True), ("1st_67", False)])
def test_4th_89_draws_and_keeps_the_hand_one_larger(
    real_cards: CardCatalogue, battle: str, drawn: bool
) -> None:
    """4th_67 is 宇宙人ストリングス（TAIDADA）, a character of 4th_89's song (Q47): one card drawn
    (8.2.1), then そうしたなら: the hand size +1 until the game ends (1.3.1). Hand: 2 cards, 4th_89
    set (1), 1 drawn by the effect (2), 1 at the end of the turn for the card set (5.2.11.2): 3.
    1st_67 is not of the song: nothing drawn, the そうしたなら clause fails (6.2.1.1): 2."""
    data = record(("4th_89", "1st_67"), (["4th_89", "1st_9"], ["1st_67", "1st_9"]),
                  battle=(battle, "1st_67"))  # fmt: skip
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None, report.illegal_input
    assert not report.undescribed_effects
    assert len(report.turns[-1].players[0].hand) == (3 if drawn else 2)
    changed = events(report, "HAND_SIZE_CHANGED")
    assert [(e.before, e.after) for e in changed] == ([(0, 1)] if drawn else [])


TESTED_CARDS: frozenset[str] = frozenset({c for c, *_ in ELEMENT_CARDS} | {"4th_89"})


def test_4th_89_the_larger_hand_lasts_until_the_game_ends(real_cards: CardCatalogue) -> None:
    """ゲーム終了まで (4th_89): the +1 outlasts the turn's changes, which end with each turn (7.1):
    on T4 both players' enchants change attacks (1st_83 夜なら +20, 1st_102 昼なら, 6.2.1.1) and
    those changes end. P0's hand starts with the 3 cards it sets; T3: 4th_89 set (2), one drawn
    by its effect (3), one at the end of the turn for the card set (5.2.11.2): 4; T4 and T5: one
    set, one drawn: still 4 (3 without the effect). The power charger pays 4th_89's ★1 (9.1)."""
    data = turns_record([(["4th_89"], ["1st_9"]), (["1st_83"], ["1st_102"]),
                         (["1st_9"], ["1st_67"])], battle=("4th_67", "1st_67"),
                        power=(POWER, POWER))  # fmt: skip
    del data["cards"]
    game = run_record(parse_record(data, real_cards))
    assert game.illegal is None, game.illegal
    assert [e.after for e in game.events if e.kind == "HAND_SIZE_CHANGED"] == [1]
    assert game.effects.hand_bonus == (1, 0)
    assert [len(t.players[0].hand) for t in replay_record(data, cards=real_cards).turns] == [
        4,
        4,
        4,
    ]
