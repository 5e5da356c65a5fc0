"""Tiebreak floors and the explanations a player reads next to their standing, word for word.

Written against the survivors of `make mutation` in ``standings``. The numbers come from the
tiebreak rules (Magic's tournament rules: match-win and game-win percentages floored at 1/3
(33.33%); Pokémon's: opponents' win percentages floored at 1/4, a dropped opponent counting for
at most 3/4; head-to-head only between exactly two tied players who met) and are worked out by
hand in the comments. Percentages are shown with two decimals, rounded half up.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing import (
    Entrant,
    MatchResult,
    StandingRow,
    Tiebreak,
    TiebreakProfile,
    TiebreakValue,
    compute_standings,
)
from tournaments.pairing.explain import Reason, percent

F = Fraction
MTR, POKEMON = TiebreakProfile.mtr(), TiebreakProfile.pokemon()


def win(a: str, b: str) -> MatchResult:
    return MatchResult((a, b), winner=a, games=(2, 0, 0))


def draw(a: str, b: str) -> MatchResult:
    return MatchResult((a, b), winner=None, games=(1, 1, 1))


def by_id(rows: tuple[StandingRow, ...]) -> dict[str, StandingRow]:
    return {row.player_id: row for row in rows}


def tiebreak(row: StandingRow, kind: Tiebreak) -> TiebreakValue:
    return next(t for t in row.tiebreaks if t.tiebreak is kind)


# A plays five rounds and wins only the last (3 of 15 points: 1/5; games 2-8: 1/5). B, C, D and F
# each beat A 2-0 in their one round; A beats E 2-0 in round 5. G has entered but not played.
PLAYERS = [Entrant(x) for x in "ABCDEFG"]
ROUNDS = [[win("B", "A")], [win("C", "A")], [win("D", "A")], [win("F", "A")], [win("A", "E")]]


@pytest.fixture(scope="module")
def mtr() -> dict[str, StandingRow]:
    return by_id(compute_standings(PLAYERS, ROUNDS, profile=MTR))


def test_a_floored_opponent_is_shown_with_its_raw_percentage(mtr: dict[str, StandingRow]) -> None:
    omw = tiebreak(mtr["B"], Tiebreak.OPPONENTS_MATCH_WIN)
    assert omw == TiebreakValue(Tiebreak.OPPONENTS_MATCH_WIN, 1, 3, ("A",), (1,), F(1, 3))
    assert omw.reason() == Reason(
        "tiebreak_omw",
        "Opponents' match-win % 33.33% = average of 1: A (round 1) 33.33% (floored from 20.00%).",
        "対戦相手のマッチ勝率 33.33% = 1件の平均：A（第1回戦）33.33%（20.00%から下限適用）。",
        (("value", "1/3"), ("inputs", "1")),
    )
    ogw = tiebreak(mtr["B"], Tiebreak.OPPONENTS_GAME_WIN)
    assert ogw.reason() == Reason(
        "tiebreak_ogw",
        "Opponents' game-win % 33.33% = average of 1: A (round 1) 33.33% (floored from 20.00%).",
        "対戦相手のゲーム勝率 33.33% = 1件の平均：A（第1回戦）33.33%（20.00%から下限適用）。",
        (("value", "1/3"), ("inputs", "1")),
    )


def test_an_average_of_five_lists_each_round(mtr: dict[str, StandingRow]) -> None:
    # A's opponents won all their matches (1) but E, who lost its only one: 0, floored to 1/3.
    # (4 + 1/3) / 5 = 13/15 = 86.666...% -> 86.67%.
    omw = tiebreak(mtr["A"], Tiebreak.OPPONENTS_MATCH_WIN)
    assert omw == TiebreakValue(
        Tiebreak.OPPONENTS_MATCH_WIN, 13, 15, ("B", "C", "D", "F", "E"), (1, 2, 3, 4, 5), F(1, 3)
    )
    assert omw.reason() == Reason(
        "tiebreak_omw",
        "Opponents' match-win % 86.67% = average of 5: B (round 1) 100.00%, C (round 2) 100.00%, "
        "D (round 3) 100.00%, F (round 4) 100.00%, E (round 5) 33.33% (floored from 0.00%).",
        "対戦相手のマッチ勝率 86.67% = 5件の平均：B（第1回戦）100.00%、C（第2回戦）100.00%、"
        "D（第3回戦）100.00%、F（第4回戦）100.00%、E（第5回戦）33.33%（0.00%から下限適用）。",
        (("value", "13/15"), ("inputs", "5")),
    )


def test_own_game_win_is_one_unnamed_input(mtr: dict[str, StandingRow]) -> None:
    # A's games: 2 won, 8 lost: 1/5, floored to 1/3. B's: 2-0, 100%.
    a_gw = tiebreak(mtr["A"], Tiebreak.GAME_WIN)
    assert a_gw == TiebreakValue(Tiebreak.GAME_WIN, 1, 3, ("A",), (0,), F(1, 3))
    assert a_gw.reason() == Reason(
        "tiebreak_gw",
        "Game-win % 33.33% = 33.33% (floored from 20.00%).",
        "ゲーム勝率 33.33% = 33.33%（20.00%から下限適用）。",
        (("value", "1/3"), ("inputs", "1")),
    )
    assert tiebreak(mtr["B"], Tiebreak.GAME_WIN).reason() == Reason(
        "tiebreak_gw",
        "Game-win % 100.00% = 100.00%.",
        "ゲーム勝率 100.00% = 100.00%。",
        (("value", "1"), ("inputs", "1")),
    )


def test_no_opponents_means_the_floor(mtr: dict[str, StandingRow]) -> None:
    for kind, code, en, ja in [
        (Tiebreak.OPPONENTS_MATCH_WIN, "omw", "Opponents' match-win %", "対戦相手のマッチ勝率"),
        (Tiebreak.OPPONENTS_GAME_WIN, "ogw", "Opponents' game-win %", "対戦相手のゲーム勝率"),
    ]:
        value = tiebreak(mtr["G"], kind)
        assert value == TiebreakValue(kind, 1, 3, (), (), F(1, 3))
        assert value.reason() == Reason(
            f"tiebreak_{code}",
            f"{en} 33.33% = no opponents, so the floor 33.33%.",
            f"{ja} 33.33% = 対戦相手なしのため下限33.33%。",
            (("value", "1/3"), ("inputs", "0")),
        )


def test_a_row_keeps_its_record_and_the_floored_match_win(mtr: dict[str, StandingRow]) -> None:
    a = mtr["A"]
    record = (a.match_points, a.wins, a.losses, a.draws, a.byes, a.rounds)
    assert record == (3, 1, 4, 0, 0, 5)
    assert (a.game_wins, a.game_losses, a.game_draws) == (2, 8, 0)
    assert a.match_win == F(1, 3)  # 1/5, floored
    assert (a.opponents, a.opponent_rounds) == (("B", "C", "D", "F", "E"), (1, 2, 3, 4, 5))
    assert (a.dropped, a.late_rounds_missed) == (False, 0)
    drawn = by_id(compute_standings([Entrant("P"), Entrant("Q")], [[draw("P", "Q")]], profile=MTR))
    p = drawn["P"]
    assert (p.match_points, p.wins, p.losses, p.draws) == (1, 0, 0, 1)
    assert (p.game_wins, p.game_losses, p.game_draws) == (1, 1, 1)


def test_a_dropped_opponent_is_shown_capped() -> None:
    # G won both its rounds (100%) and dropped: under Pokémon's cap it counts 75% for H.
    players = [Entrant("G", dropped=True), Entrant("H"), Entrant("J")]
    rows = by_id(compute_standings(players, [[win("G", "H")], [win("G", "J")]], profile=POKEMON))
    assert tiebreak(rows["H"], Tiebreak.OPPONENTS_MATCH_WIN).reason() == Reason(
        "tiebreak_omw",
        "Opponents' match-win % 75.00% = average of 1: G (round 1) 75.00% "
        "(dropped: capped from 100.00%).",
        "対戦相手のマッチ勝率 75.00% = 1件の平均：G（第1回戦）75.00%"
        "（ドロップのため100.00%から上限適用）。",
        (("value", "3/4"), ("inputs", "1")),
    )


def test_opponents_opponents_are_the_opponents_own_averages() -> None:
    # Under Pokémon's 1/4 floor A's OMW is (1 + 1 + 1 + 1 + 1/4) / 5 = 17/20 (E's 0 floored);
    # B met only A, so B's OOMW is A's 85%.
    rows = by_id(compute_standings(PLAYERS, ROUNDS, profile=POKEMON))
    oomw = tiebreak(rows["B"], Tiebreak.OPPONENTS_OPPONENTS_MATCH_WIN)
    assert oomw.value == F(17, 20)
    assert oomw.reason() == Reason(
        "tiebreak_oomw",
        "Opponents' opponents' match-win % 85.00% = average of 1: A (round 1) 85.00%.",
        "対戦相手の対戦相手のマッチ勝率 85.00% = 1件の平均：A（第1回戦）85.00%。",
        (("value", "17/20"), ("inputs", "1")),
    )


H2H_FIRST = TiebreakProfile("h2h", (Tiebreak.HEAD_TO_HEAD, Tiebreak.SEED), F(0))


def h2h_of(rows: tuple[StandingRow, ...]) -> dict[str, int]:
    return {r.player_id: int(tiebreak(r, Tiebreak.HEAD_TO_HEAD).value) for r in rows}


def test_head_to_head_the_later_listed_player_won() -> None:
    # R1: B beats A, C beats D. R2: A beats D, C beats B. Points: C 6, A 3, B 3, D 0. A and B
    # are the only two on 3 and B beat A: B above A. C and D have nobody to compare with.
    players = [Entrant(x) for x in "ABCD"]
    rounds = [[win("B", "A"), win("C", "D")], [win("A", "D"), win("C", "B")]]
    rows = compute_standings(players, rounds, profile=H2H_FIRST)
    assert [r.player_id for r in rows] == ["C", "B", "A", "D"]
    assert h2h_of(rows) == {"C": 0, "B": 1, "A": -1, "D": 0}
    words = {r.player_id: tiebreak(r, Tiebreak.HEAD_TO_HEAD).reason() for r in rows}
    assert words["B"] == Reason(
        "tiebreak_h2h",
        "Head-to-head: won (only between exactly two tied players who met).",
        "直接対決：勝ち（同点が2人だけで対戦済みの場合のみ）。",
        (("value", "1"),),
    )
    assert words["A"] == Reason(
        "tiebreak_h2h",
        "Head-to-head: lost (only between exactly two tied players who met).",
        "直接対決：負け（同点が2人だけで対戦済みの場合のみ）。",
        (("value", "-1"),),
    )
    assert words["C"] == Reason(
        "tiebreak_h2h",
        "Head-to-head: not applicable (only between exactly two tied players who met).",
        "直接対決：該当なし（同点が2人だけで対戦済みの場合のみ）。",
        (("value", "0"),),
    )


def test_head_to_head_a_draw_splits_nobody() -> None:
    # R1: A draws B, C beats D. R2: A beats D, B beats C. A and B are alone on 4 points.
    players = [Entrant(x) for x in "ABCD"]
    rounds = [[draw("A", "B"), win("C", "D")], [win("A", "D"), win("B", "C")]]
    rows = compute_standings(players, rounds, profile=H2H_FIRST)
    assert h2h_of(rows) == {"A": 0, "B": 0, "C": 0, "D": 0}


def test_the_seeded_draw_is_a_64_bit_fraction_and_defaults_to_seed_0() -> None:
    rows = compute_standings(PLAYERS, ROUNDS, profile=MTR)
    assert rows == compute_standings(PLAYERS, ROUNDS, profile=MTR, seed=0)
    assert rows != compute_standings(PLAYERS, ROUNDS, profile=MTR, seed=1)
    for row in rows:
        drawn = tiebreak(row, Tiebreak.SEED).value
        assert 0 <= drawn < 1
        assert (drawn * 2**64).denominator == 1


def test_the_seeded_draw_in_words() -> None:
    assert TiebreakValue(Tiebreak.SEED, 1, 4).reason() == Reason(
        "tiebreak_seed",
        "Seeded draw: 0.250000 (random from the event seed).",
        "シード抽選：0.250000（大会シードから決まる乱数）。",
        (("value", "1/4"),),
    )


def test_a_row_in_words_late_and_dropped_then_each_tiebreak() -> None:
    h2h = TiebreakValue(Tiebreak.HEAD_TO_HEAD, 1)
    seed = TiebreakValue(Tiebreak.SEED, 1, 4)
    row = StandingRow(
        rank=3,
        player_id="p",
        match_points=4,
        wins=1,
        losses=2,
        draws=1,
        byes=0,
        rounds=4,
        game_wins=3,
        game_losses=4,
        game_draws=1,
        match_win=F(1, 3),
        dropped=True,
        late_rounds_missed=1,
        opponents=("q", "r", "s"),
        opponent_rounds=(2, 3, 4),
        tiebreaks=(h2h, seed),
    )
    assert row.reason() == Reason(
        "standing_row",
        "#3 p: 4 match points from 1-2-1 and 0 bye(s) in 4 round(s), 1 missed round(s) counted "
        "as losses, dropped. Head-to-head: won (only between exactly two tied players who met). "
        "Seeded draw: 0.250000 (random from the event seed).",
        "3位 p：4回戦で1勝2敗1分・不戦勝0回、勝ち点4、途中参加で1回戦分を敗戦扱い、ドロップ。"
        "直接対決：勝ち（同点が2人だけで対戦済みの場合のみ）。"
        "シード抽選：0.250000（大会シードから決まる乱数）。",
        (("rank", "3"), ("player", "p")),
    )


def test_a_row_in_words_on_time_and_still_playing() -> None:
    row = StandingRow(
        rank=1,
        player_id="q",
        match_points=3,
        wins=1,
        losses=0,
        draws=0,
        byes=0,
        rounds=1,
        game_wins=2,
        game_losses=0,
        game_draws=0,
        match_win=F(1),
        dropped=False,
        late_rounds_missed=0,
        opponents=("p",),
        opponent_rounds=(1,),
    )
    assert row.reason() == Reason(
        "standing_row",
        "#1 q: 3 match points from 1-0-0 and 0 bye(s) in 1 round(s).",
        "1位 q：1回戦で1勝0敗0分・不戦勝0回、勝ち点3。",
        (("rank", "1"), ("player", "q")),
    )


@pytest.mark.parametrize(
    ("value", "shown"),
    [(F(5, 9), "55.56%"), (F(1, 20000), "0.01%"), (F(1, 40000), "0.00%"), (F(1, 3), "33.33%")],
)
def test_percent_rounds_half_up(value: Fraction, shown: str) -> None:
    # 5/9 = 55.5555...%; 1/20000 = 0.005% exactly (half: up); 1/40000 = 0.0025% (down).
    assert percent(value) == shown
