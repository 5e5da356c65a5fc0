"""The pairing engine's view of the results (``player_records``), the errors that name their
field, and fixed seating at table 1: written against survivors of `make mutation`.

Expected values are counted by hand from the results below, as ``PlayerRecord``'s docstring
defines its fields: wins, losses and draws are match results against opponents, byes are
counted in ``byes``, and a late entrant's missed rounds are in ``late_rounds_missed`` (they score
as losses, but are not among ``losses``). Fixed seating follows ``PlayerRecord``: a player's
fixed table is honoured unless a higher-placed player holds it; the other one gets "the nearest
free number", and there is no table 0.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing import (
    Entrant,
    InvalidPairingInputError,
    MatchResult,
    PlayerRecord,
    ScoringConfig,
    compute_standings,
    pair_round,
    player_records,
    tiebreak_profile,
)


def result(a: str, b: str, winner: str | None, games: tuple[int, int, int]) -> MatchResult:
    return MatchResult((a, b), winner=winner, games=games)


# R1: A beats B 2-0, C beats D 2-1, E has the bye. R2: A beats C 2-1, D beats B 2-0, E draws L
# 1-1-1 (L entered late and missed round 1).
PLAYERS = [
    Entrant("A"),
    Entrant("B"),
    Entrant("C"),
    Entrant("D"),
    Entrant("E"),
    Entrant("L", late_rounds_missed=1),
]
ROUNDS = [
    [
        result("A", "B", "A", (2, 0, 0)),
        result("C", "D", "C", (2, 1, 0)),
        MatchResult(("E",), bye=True),
    ],
    [
        result("A", "C", "A", (2, 1, 0)),
        result("D", "B", "D", (2, 0, 0)),
        result("E", "L", None, (1, 1, 1)),
    ],
]
#: id: (wins, losses, draws, game wins, game losses, game draws, opponents, byes, missed rounds)
EXPECTED = {
    "A": (2, 0, 0, 4, 1, 0, ("B", "C"), 0, 0),
    "B": (0, 2, 0, 0, 4, 0, ("A", "D"), 0, 0),
    "C": (1, 1, 0, 3, 3, 0, ("D", "A"), 0, 0),
    "D": (1, 1, 0, 3, 2, 0, ("C", "B"), 0, 0),
    # The package docstring: "each missed round counts as a match loss (0-2)": two lost games.
    "L": (0, 0, 1, 1, 1 + 2, 1, ("E",), 0, 1),
}


@pytest.mark.parametrize("pid", sorted(EXPECTED))
def test_player_records_count_each_match_and_game(pid: str) -> None:
    record = {r.id: r for r in player_records(PLAYERS, ROUNDS)}[pid]
    assert (
        record.wins,
        record.losses,
        record.draws,
        record.game_wins,
        record.game_losses,
        record.game_draws,
        record.opponents,
        record.byes,
        record.late_rounds_missed,
    ) == EXPECTED[pid]


def test_a_bye_and_a_missed_round_are_not_match_results() -> None:
    records = {r.id: r for r in player_records(PLAYERS, ROUNDS)}
    # E: the round 1 bye and the round 2 draw; L: the missed round 1 and the same draw.
    assert (records["E"].wins, records["E"].losses, records["E"].byes) == (0, 0, 1)
    assert (records["L"].losses, records["L"].late_rounds_missed) == (0, 1)


def test_a_missed_round_scores_as_one_loss_in_the_pairing_points() -> None:
    # 3 for a win, 1 for a draw, and 1 for a loss here, so that a loss counted twice shows:
    # L has one draw (1) and one missed round (1) = 2 points, as in the standings.
    scoring = ScoringConfig(win=3, draw=1, loss=1, bye=3)
    records = {r.id: r for r in player_records(PLAYERS, ROUNDS, scoring=scoring)}
    assert records["L"].match_points(scoring) == 2
    rows = {
        row.player_id: row
        for row in compute_standings(
            PLAYERS, ROUNDS, profile=tiebreak_profile("mtr"), scoring=scoring
        )
    }
    assert rows["L"].match_points == 2


def test_an_unknown_profile_is_refused_on_the_profile_field() -> None:
    with pytest.raises(InvalidPairingInputError) as refused:
        tiebreak_profile("chess")
    assert refused.value.field == "profile"
    assert refused.value.message == 'unknown tiebreak profile "chess"'


def test_an_unknown_player_in_a_result_is_named_with_its_place() -> None:
    with pytest.raises(InvalidPairingInputError) as refused:
        compute_standings(
            [Entrant("A")], [[result("A", "Q", "A", (2, 0, 0))]], profile=tiebreak_profile("mtr")
        )
    assert refused.value.field == "rounds[0][0].players[1]"
    assert refused.value.message == 'unknown player id "Q"'


def test_two_players_wanting_table_one_the_other_gets_table_two() -> None:
    # a and b (3 points) play at the first table, c and d (0) at the second; a and c both want
    # table 1. a is placed higher and keeps it; below 1 there is no table, so c gets 2.
    players = [
        PlayerRecord(id=pid, points=pts, rank=i + 1, fixed_table=1 if pid in ("a", "c") else None)
        for i, (pid, pts) in enumerate([("a", 3), ("b", 3), ("c", 0), ("d", 0)])
    ]
    tables = {t.table: t.players for t in pair_round(players, round_number=2, seed=0).pairings}
    assert set(tables) == {1, 2}
    assert "a" in tables[1]
    assert "c" in tables[2]


# --- game-win percentage and the floor (Magic Tournament Rules, appendix C) ---------------------
# Game-win percentage: game points (3 per game won, 1 per game drawn) over 3 x games played;
# every percentage is raised to at least 1/3.


def tiebreaks(
    players: list[Entrant], rounds: list[list[MatchResult]]
) -> dict[str, dict[str, object]]:
    rows = compute_standings(players, rounds, profile=tiebreak_profile("mtr"))
    return {row.player_id: {t.tiebreak.value: t.value for t in row.tiebreaks} for row in rows}


def test_a_drawn_game_is_one_game_point_of_three() -> None:
    # X and Y draw their match 1-1-1: 3 + 1 = 4 game points of 3 x 3 = 9, for both.
    values = tiebreaks([Entrant("X"), Entrant("Y")], [[result("X", "Y", None, (1, 1, 1))]])
    assert values["X"]["gw"] == Fraction(4, 9)
    assert values["Y"]["gw"] == Fraction(4, 9)


def test_a_player_with_no_games_is_at_the_floor() -> None:
    # Z is registered but has played no game: no game points, raised to the floor, 1/3.
    values = tiebreaks(
        [Entrant("X"), Entrant("Y"), Entrant("Z")], [[result("X", "Y", "X", (2, 0, 0))]]
    )
    assert values["Z"]["gw"] == Fraction(1, 3)


def test_no_players_no_standings() -> None:
    assert compute_standings([], [], profile=tiebreak_profile("mtr")) == ()


def test_a_field_with_no_percentage_at_the_floor() -> None:
    # Each of four players wins one match and loses one: every match-win percentage is 1/2,
    # above the floor, so every opponents' match-win percentage is 1/2.
    players = [Entrant(x) for x in "ABCD"]
    rounds = [
        [result("A", "B", "A", (2, 0, 0)), result("C", "D", "C", (2, 0, 0))],
        [result("B", "C", "B", (2, 0, 0)), result("D", "A", "D", (2, 0, 0))],
    ]
    values = tiebreaks(players, rounds)
    assert {pid: v["omw"] for pid, v in values.items()} == dict.fromkeys("ABCD", Fraction(1, 2))
