"""Rule 3.8: the time of day of every Chronos mark under both mat layouts (ambiguity ZA-01).

The table below is written by hand from the ground rules and the ambiguity register, not
from the engine's output:

* 3.8.1: the full moon is midnight and the sun opposite it is noon.
* 3.8.2: 18 marks counted clockwise from midnight, so midnight is mark 0 and noon, opposite, is
  mark 18 / 2 = 9. 4.2.2 puts the medal on midnight at the start.
* 3.8.4: NIGHT when the medal is on the moon side, DAY on the sun side. Which marks are the moon
  side is the mat's layout (ZA-01):
  - SYM9, the official field mat: moons on the top half with midnight at its centre, suns on the
    bottom half with noon at its centre. The moon half is the 9 marks 14, 15, 16, 17, 0, 1, 2, 3, 4
    (midnight and 4 either side); the sun half is 5 to 13 (noon and 4 either side).
  - HALF9: each half starts at its symbol. The moon half is 0 to 8, the sun half 9 to 17.

So marks 0-4 are NIGHT and 9-13 are DAY under both layouts; 5-8 are DAY under SYM9 and NIGHT under
HALF9; 14-17 are NIGHT under SYM9 and DAY under HALF9.
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, Profile, parse_record, replay_record
from judging.engine.zutomayo.apply import Game
from judging.engine.zutomayo.chronos import (
    CHRONOS_MARKS,
    LAYOUT_DEPENDENT_MARKS,
    MIDNIGHT,
    NIGHT_MARKS,
    NOON,
    time_of_day,
)
from judging.engine.zutomayo.profile import ambiguity

N = "night"
D = "day"

#   mark: (SYM9, HALF9)
EXPECTED: dict[int, tuple[str, str]] = {
    0: (N, N),  # midnight, the full moon (3.8.1)
    1: (N, N),
    2: (N, N),
    3: (N, N),
    4: (N, N),  # SYM9: the last moon clockwise of midnight
    5: (D, N),  # SYM9: the first sun; HALF9: still the moon half
    6: (D, N),
    7: (D, N),
    8: (D, N),  # HALF9: the last moon
    9: (D, D),  # noon, the sun (3.8.1); HALF9: the first sun
    10: (D, D),
    11: (D, D),
    12: (D, D),
    13: (D, D),  # SYM9: the last sun before the moons
    14: (N, D),  # SYM9: the first moon (4 marks before midnight); HALF9: the sun half
    15: (N, D),
    16: (N, D),
    17: (N, D),  # HALF9: the last sun before midnight
}
LAYOUTS = ("SYM9", "HALF9")
CASES = [
    pytest.param(mark, layout, times[i], id=f"mark{mark}-{layout}")
    for mark, times in EXPECTED.items()
    for i, layout in enumerate(LAYOUTS)
]


def test_rule_3_8_2_the_table_has_all_18_marks() -> None:
    assert CHRONOS_MARKS == 18
    assert sorted(EXPECTED) == list(range(CHRONOS_MARKS))
    assert set(LAYOUTS) == set(NIGHT_MARKS) == set(ambiguity("ZA-01").alternatives)


def test_rule_3_8_1_midnight_is_mark_0_and_noon_is_mark_9() -> None:
    assert (MIDNIGHT, NOON) == (0, 9)
    for layout in LAYOUTS:
        assert time_of_day(MIDNIGHT, layout) == N
        assert time_of_day(NOON, layout) == D


@pytest.mark.parametrize(("mark", "layout", "expected"), CASES)
def test_rule_3_8_4_time_of_day_of_each_mark(mark: int, layout: str, expected: str) -> None:
    assert time_of_day(mark, layout) == expected


def test_rule_3_8_4_each_layout_has_9_night_and_9_day_marks() -> None:
    for i, layout in enumerate(LAYOUTS):
        column = [times[i] for times in EXPECTED.values()]
        assert column.count(N) == column.count(D) == 9, layout


def test_za01_the_layouts_disagree_exactly_on_marks_5_to_8_and_14_to_17() -> None:
    differ = {mark for mark, (sym9, half9) in EXPECTED.items() if sym9 != half9}
    assert differ == {5, 6, 7, 8, 14, 15, 16, 17}
    assert differ == LAYOUT_DEPENDENT_MARKS, "reading these marks must consult ZA-01"


@pytest.mark.parametrize("mark", [-1, 18, 27])
def test_rule_3_8_2_there_is_no_mark_outside_0_to_17(mark: int) -> None:
    with pytest.raises(ValueError, match="marks 0-17"):
        time_of_day(mark, "SYM9")


def _snapshot_record(medal: int) -> dict[str, Any]:
    """Turn 3 from a judge's snapshot after a battle draw: both set 1 card. P0 (night side) sets
    the Owl (NIGHT 50 / DAY 10), P1 the Lark (NIGHT 10 / DAY 50); each has clock 1."""
    players = [
        {"hp": 100, "battle_zone": "T_3", "hand": [hand, "T_14", "T_15", "T_8", "T_3"],
         "deck_unknown": 14}
        for hand in ("T_1", "T_2")
    ]  # fmt: skip
    return {
        "format": "zutomayo-game/1",
        "night_side": 0,
        "players": [{"name": "Night"}, {"name": "Day"}],
        "start": {"turn": 3, "medal": medal, "previous_winner": None, "players": players},
        "turns": [{"set": [{"A": "T_1"}, {"A": "T_2"}]}],
    }


@pytest.mark.parametrize(("mark", "layout", "expected"), CASES)
def test_rule_3_8_4_the_game_state_uses_the_table(
    mark: int, layout: str, expected: str, cards: CardCatalogue
) -> None:
    """A judge's snapshot with the medal on ``mark``: the state's time and priority player (3.8.3,
    10.2.1 (Priority player): the night side has priority at NIGHT)."""
    record = parse_record(_snapshot_record(mark), cards)
    game = Game(record.cards, Profile().with_choice("ZA-01", layout))
    assert record.start is not None
    game.start_from(record.start, record.night_side)
    state = game.state()
    assert (state.medal, state.time) == (mark, expected)
    assert state.priority == (0 if expected == N else 1)


@pytest.mark.parametrize(("mark", "layout", "expected"), CASES)
def test_rule_5_1_3_1_battle_uses_the_time_of_the_mark_the_medal_reaches(
    mark: int, layout: str, expected: str, cards: CardCatalogue
) -> None:
    """Two clocks move the medal onto ``mark`` (5.2.4.1, clockwise round midnight, 3.8.2); the
    attacks are the NIGHT or DAY attack of that mark (5.2.8 -> 5.1.3.1): Owl 50 / Lark 10 at NIGHT,
    Owl 10 / Lark 50 at DAY."""
    start = (mark - 2) % CHRONOS_MARKS
    report = replay_record(_snapshot_record(start), cards=cards, profile={"ZA-01": layout})
    turn = report.turns[-1]
    assert (turn.medal, turn.time) == (mark, expected)
    assert turn.battle is not None
    assert turn.battle.attack == ((50, 10) if expected == N else (10, 50))
    assert turn.priority == (0 if expected == N else 1)
