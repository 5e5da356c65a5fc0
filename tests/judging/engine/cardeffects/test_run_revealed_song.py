"""手札から（TAIDADA）のキャラクターを好きな枚数公開し、その数だけ攻撃力+N
(act.attack_plus_per_revealed_song, run_zones): 4th_1 (+30), 4th_7 (+20, an enchant), 4th_10
(+20), 4th_35 (+10), 4th_91 (+10, an area enchant), from their Japanese text.

Expected values by hand. Every record is a turn-3 snapshot (``test_run_cards.record``): P1 sets
1st_67 (clock 1, night 50 / day 30); P0's power charger totals ★8 (9.1.1), enough for every cost
here (★1 to ★6). The medal ends on a DAY mark of both mats (9-13, 3.8.4, ZA-01 not consulted):
P0's attack is the printed DAY attack (5.1.3.1) plus N per character revealed (7.1). The
characters of the song in the hand are those whose name carries "（TAIDADA）" (2.1.3.4, Q47):
4th_67 (宇宙人ストリングス（TAIDADA）), 4th_68, 4th_69, 4th_70; 1st_9 (…（お勉強しといてよ）) is
not. 好きな枚数 is a choice of 0 or more (``up_to``); the documented default reveals them all,
in the hand's order. The cards revealed go back to the hand (10.3).
"""

from __future__ import annotations

import pytest

from judging.engine import CardCatalogue, replay_record
from judging.engine.zutomayo.cards import card_from_dict
from tests.judging.engine.cardeffects.test_run_cards import events, record
from tests.judging.engine.test_card_effects_run import attacks, play

# card, start medal, P0's battle zone, P0's hand (the card first), printed DAY attack of P0's
# character, N, the song's characters left in the hand (the options, in the hand's order)
ROWS = [
    # 4th_1: clock 4; 4 + 4 + 1 = 9 (DAY); 90 + 2 × 30 = 150
    ("4th_1", 4, "1st_67", ["4th_1", "4th_67", "1st_9", "4th_69"], 90, 30, ("4th_67", "4th_69")),
    # 4th_10: clock 1; 11 + 1 + 1 = 13; 60 + 2 × 20 = 100
    ("4th_10", 11, "1st_67", ["4th_10", "4th_68", "4th_70", "1st_9"], 60, 20, ("4th_68", "4th_70")),
    # 4th_35: clock 1; 11 + 2 = 13; 40 + 1 × 10 = 50
    ("4th_35", 11, "1st_67", ["4th_35", "1st_9", "4th_67"], 40, 10, ("4th_67",)),
    # 4th_7: an enchant set this turn takes effect (6.1.3.2) on P0's character 1st_67 (DAY 30);
    # 11 + 1 + 1 = 13; 30 + 3 × 20 = 90
    ("4th_7", 11, "1st_67", ["4th_7", "4th_67", "4th_68", "4th_69"], 30, 20,
     ("4th_67", "4th_68", "4th_69")),
    # 4th_91: an area enchant, in set zone C from 5.2.6, takes effect at 5.2.7 (6.1.3.3); clock 0:
    # 11 + 0 + 1 = 12; 1st_67 DAY 30 + 1 × 10 = 40; its ending (HPが50以下) is not met at 100
    ("4th_91", 11, "1st_67", ["4th_91", "4th_67", "1st_9"], 30, 10, ("4th_67",)),
]  # fmt: skip

TESTED_CARDS: frozenset[str] = frozenset(row[0] for row in ROWS)


@pytest.mark.parametrize(
    ("card", "medal", "battle", "hand", "printed", "per", "options"), ROWS, ids=[r[0] for r in ROWS]
)
def test_all_revealed_by_default(
    real_cards: CardCatalogue,
    card: str,
    medal: int,
    battle: str,
    hand: list[str],
    printed: int,
    per: int,
    options: tuple[str, ...],
) -> None:
    data = record((card, "1st_67"), (hand, ["1st_67", "1st_9"]), battle=(battle, "1st_67"),
                  medal=medal)  # fmt: skip
    report = play(real_cards, data)
    assert not report.undescribed_effects
    [choice] = report.choices
    assert (choice.kind, choice.options, choice.chosen, choice.defaulted) == (
        "up_to", options, options, True,
    )  # fmt: skip
    assert attacks(report) == (printed + per * len(options), 30)
    [revealed] = events(report, "SONG_CARDS_REVEALED")
    assert revealed.param("cards") == options
    assert "10.3" in revealed.rules
    assert "2.1.3.4" in revealed.rules


@pytest.mark.parametrize(
    ("card", "medal", "battle", "hand", "printed", "per", "options"), ROWS, ids=[r[0] for r in ROWS]
)
def test_the_player_reveals_fewer_or_none(
    real_cards: CardCatalogue,
    card: str,
    medal: int,
    battle: str,
    hand: list[str],
    printed: int,
    per: int,
    options: tuple[str, ...],
) -> None:
    """Answered: one card revealed gives +N once; none revealed gives +0, which is not done
    (1.3.2.2), and the attack stays the printed one."""
    for answer, plus in (([options[0]], per), ([], 0)):
        data = record((card, "1st_67"), (hand, ["1st_67", "1st_9"]), battle=(battle, "1st_67"),
                      medal=medal, picks=[{card: [answer]}, {}])  # fmt: skip
        report = play(real_cards, data)
        [choice] = report.choices
        assert choice.chosen == tuple(answer)
        assert not choice.defaulted
        assert attacks(report) == (printed + plus, 30)


def test_a_card_of_another_song_cannot_be_revealed(real_cards: CardCatalogue) -> None:
    """1st_9 is not of TAIDADA (Q47: its name carries （お勉強しといてよ）): answering it is
    illegal input naming the choice's path (1.3.1), nothing guessed."""
    data = record(("4th_35", "1st_67"), (["4th_35", "1st_9", "4th_67"], ["1st_67", "1st_9"]),
                  medal=11, picks=[{"4th_35": [["1st_9"]]}, {}])  # fmt: skip
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is not None
    assert "choices.picks[0].4th_35[0]" in str(report.illegal_input.to_json())


def test_no_character_of_the_song_in_hand_nothing_to_reveal(real_cards: CardCatalogue) -> None:
    """With no TAIDADA character in hand there is no choice; +0 is not done (1.3.2.2): 4th_35
    keeps its printed DAY 40."""
    data = record(("4th_35", "1st_67"), (["4th_35", "1st_9"], ["1st_67", "1st_9"]), medal=11)
    report = play(real_cards, data)
    assert report.choices == ()
    assert attacks(report) == (40, 30)


def test_only_characters_of_the_song_can_be_revealed(real_cards: CardCatalogue) -> None:
    """（TAIDADA）のキャラクター: a card whose name carries the song but is not a character (no
    such card in the pool yet: an invented enchant of a future pack, 2.1.3.4) is not an option;
    4th_35 reveals 4th_67 alone: DAY 40 + 1 × 10 = 50."""
    enchant = card_from_dict({"id": "X_TAIDADA", "name_ja": "招待状（TAIDADA）", "type": "enchant",
                              "element": "darkness", "clock": 1, "power_cost": 0,
                              "has_effect": False}, "invented")  # fmt: skip
    cards = CardCatalogue((*real_cards.cards, enchant))
    data = record(("4th_35", "1st_67"), (["4th_35", "X_TAIDADA", "4th_67"], ["1st_67", "1st_9"]),
                  medal=11)  # fmt: skip
    report = play(cards, data)
    [choice] = report.choices
    assert choice.options == ("4th_67",)
    assert attacks(report) == (50, 30)
