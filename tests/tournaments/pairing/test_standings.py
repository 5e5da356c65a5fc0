"""Standings golden cases, computed by hand (see the comments)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.pairing import (
    Entrant,
    InvalidPairingInputError,
    MatchResult,
    ScoringConfig,
    StandingRow,
    Tiebreak,
    TiebreakProfile,
    compute_standings,
    pair_round,
    player_records,
    tiebreak_profile,
)

F = Fraction


def win(a: str, b: str, games: tuple[int, int, int] = (2, 0, 0)) -> MatchResult:
    return MatchResult((a, b), winner=a, games=games)


def draw(a: str, b: str, games: tuple[int, int, int] = (1, 1, 1)) -> MatchResult:
    return MatchResult((a, b), winner=None, games=games)


def bye(a: str) -> MatchResult:
    return MatchResult((a,), bye=True)


def values(row: StandingRow) -> dict[str, F]:
    return {tb.tiebreak.value: tb.value for tb in row.tiebreaks}


# MTR case: A, B, C, D, E; E has the round 1 bye and drops.
#   R1: A beats B 2-0, C beats D 2-1, E bye.     R2: A beats C 2-1, D beats B 2-0.
# Points: A 6, C 3, D 3, E 3, B 0.
# Match-win: A 1, B 0 -> 1/3 (floor), C 1/2, D 1/2, E 1 (the bye counts for E).
# OMW: A (B 1/3, C 1/2) = 5/12; B (A 1, D 1/2) = 3/4; C (D 1/2, A 1) = 3/4;
#      D (C 1/2, B 1/3) = 5/12; E no opponents -> floor 1/3.
# Game-win: A 4-1 = 4/5; B 0-4 -> 1/3 (floor); C 3-3 = 1/2; D 3-2 = 3/5; E 2-0 = 1.
# OGW: A (1/3, 1/2) = 5/12; B (4/5, 3/5) = 7/10; C (3/5, 4/5) = 7/10; D (1/2, 1/3) = 5/12.
MTR_PLAYERS = [Entrant("A"), Entrant("B"), Entrant("C"), Entrant("D"), Entrant("E", dropped=True)]
MTR_ROUNDS = [
    [win("A", "B"), win("C", "D", (2, 1, 0)), bye("E")],
    [win("A", "C", (2, 1, 0)), win("D", "B")],
]


def test_mtr_golden_case() -> None:
    rows = compute_standings(MTR_PLAYERS, MTR_ROUNDS, profile=TiebreakProfile.mtr())
    assert [r.player_id for r in rows] == ["A", "C", "D", "E", "B"]
    assert [r.match_points for r in rows] == [6, 3, 3, 3, 0]
    got = {r.player_id: values(r) for r in rows}
    assert got["A"]["omw"] == F(5, 12)
    assert got["B"]["omw"] == F(3, 4)
    assert got["C"]["omw"] == F(3, 4)
    assert got["D"]["omw"] == F(5, 12)
    assert got["E"]["omw"] == F(1, 3)
    assert got["A"]["gw"] == F(4, 5)
    assert got["B"]["gw"] == F(1, 3)
    assert got["C"]["gw"] == F(1, 2)
    assert got["D"]["gw"] == F(3, 5)
    assert got["E"]["gw"] == F(1)
    assert got["A"]["ogw"] == F(5, 12)
    assert got["B"]["ogw"] == F(7, 10)
    assert got["D"]["ogw"] == F(5, 12)
    e = next(r for r in rows if r.player_id == "E")
    assert (e.byes, e.rounds, e.dropped, e.game_wins) == (1, 1, True, 2)


def test_mtr_row_explains_opponents_rounds_and_floors() -> None:
    rows = compute_standings(MTR_PLAYERS, MTR_ROUNDS, profile=TiebreakProfile.mtr())
    a = rows[0]
    omw = a.tiebreaks[0]
    assert [(i.source, i.round_number, i.raw, i.used) for i in omw.inputs] == [
        ("B", 1, F(0), F(1, 3)),
        ("C", 2, F(1, 2), F(1, 2)),
    ]
    text = a.reason()
    assert "B (round 1) 33.33% (floored from 0.00%)" in text.en
    assert "C (round 2) 50.00%" in text.en
    assert "B（第1回戦）33.33%（0.00%から下限適用）" in text.ja
    assert text.en.startswith("#1 A: 6 match points")


# Pokémon case: P beats Q and drops; R beats S; R2: Q beats S, R has the bye.
# Points: R 6, P 3, Q 3, S 0. Win %: P 1 -> 3/4 as a dropped opponent; Q 1/2; R 1; S 0 -> 1/4.
# OW: P (Q 1/2) = 1/2; Q (P 3/4, S 1/4) = 1/2; R (S 1/4; bye ignored) = 1/4;
#     S (R 1, Q 1/2) = 3/4.
# OOW: P (OW of Q 1/2) = 1/2; Q (OW of P 1/2, S 3/4) = 5/8; R (OW of S) = 3/4;
#      S (OW of R 1/4, Q 1/2) = 3/8.
# P and Q tie on points and OW; OOW puts Q first.
POKEMON_PLAYERS = [Entrant("P", dropped=True), Entrant("Q"), Entrant("R"), Entrant("S")]
POKEMON_ROUNDS = [[win("P", "Q"), win("R", "S")], [win("Q", "S"), bye("R")]]


def test_pokemon_golden_case() -> None:
    rows = compute_standings(POKEMON_PLAYERS, POKEMON_ROUNDS, profile=TiebreakProfile.pokemon())
    assert [r.player_id for r in rows] == ["R", "Q", "P", "S"]
    got = {r.player_id: values(r) for r in rows}
    assert {k: v["omw"] for k, v in got.items()} == {
        "P": F(1, 2),
        "Q": F(1, 2),
        "R": F(1, 4),
        "S": F(3, 4),
    }
    assert {k: v["oomw"] for k, v in got.items()} == {
        "P": F(1, 2),
        "Q": F(5, 8),
        "R": F(3, 4),
        "S": F(3, 8),
    }
    q = next(r for r in rows if r.player_id == "Q")
    assert "P (round 1) 75.00% (dropped: capped from 100.00%)" in q.tiebreaks[0].reason().en
    assert "S (round 2) 25.00% (floored from 0.00%)" in q.tiebreaks[0].reason().en


def test_head_to_head_splits_exactly_two_tied_players() -> None:
    # R1: A beats B, C bye. R2: B beats C, A bye. B and C tie on 3 points; B beat C.
    profile = TiebreakProfile("h2h", (Tiebreak.HEAD_TO_HEAD, Tiebreak.SEED), F(1, 4))
    players = [Entrant("A"), Entrant("B"), Entrant("C")]
    rounds = [[win("A", "B"), bye("C")], [win("B", "C"), bye("A")]]
    for seed in range(6):  # whatever the seed says, head-to-head decides
        rows = compute_standings(players, rounds, profile=profile, seed=seed)
        assert [r.player_id for r in rows] == ["A", "B", "C"]
        assert values(rows[1])["h2h"] == 1
        assert values(rows[2])["h2h"] == -1


def test_head_to_head_ignored_when_three_are_tied() -> None:
    # A beats B, B beats C, C beats A: all on 3 points; head-to-head is not used.
    profile = TiebreakProfile("h2h", (Tiebreak.HEAD_TO_HEAD, Tiebreak.SEED), F(1, 4))
    players = [Entrant("A"), Entrant("B"), Entrant("C")]
    rounds = [[win("A", "B"), bye("C")], [win("B", "C"), bye("A")], [win("C", "A"), bye("B")]]
    orders = set()
    for seed in range(12):
        rows = compute_standings(players, rounds, profile=profile, seed=seed)
        assert all(values(r)["h2h"] == 0 for r in rows)
        orders.add(tuple(r.player_id for r in rows))
    assert len(orders) > 1  # the seeded draw decides, and it varies with the seed


def test_late_entry_has_losses_for_missed_rounds() -> None:
    players = [Entrant("A"), Entrant("B"), Entrant("L", late_rounds_missed=1)]
    rounds = [[win("A", "B")], [win("L", "A")]]
    rows = compute_standings(players, rounds, profile=TiebreakProfile.mtr())
    late = next(r for r in rows if r.player_id == "L")
    assert (late.wins, late.losses, late.rounds, late.match_points) == (1, 1, 2, 3)
    assert late.match_win == F(1, 2)
    assert "1 missed round(s) counted as losses" in late.reason().en


def test_configurable_floor_and_points() -> None:
    profile = TiebreakProfile("custom", (Tiebreak.OPPONENTS_MATCH_WIN,), F(0))
    scoring = ScoringConfig(win=2, draw=1, loss=0, bye=2)
    players = [Entrant("A"), Entrant("B")]
    rows = compute_standings(players, [[win("A", "B")]], profile=profile, scoring=scoring)
    assert rows[0].match_points == 2
    assert values(rows[0])["omw"] == 0  # no floor: B's 0% counts as 0%
    assert values(rows[1])["omw"] == 1


def test_draws_and_double_losses_follow_the_event_config() -> None:
    players = [Entrant("A"), Entrant("B")]
    with pytest.raises(InvalidPairingInputError, match=r"rounds\[0\]\[0\]\.winner"):
        compute_standings(
            players,
            [[draw("A", "B")]],
            profile=TiebreakProfile.mtr(),
            scoring=ScoringConfig(draws=False),
        )
    double = MatchResult(("A", "B"), double_loss=True, games=(0, 0, 0))
    with pytest.raises(InvalidPairingInputError, match=r"rounds\[0\]\[0\]\.double_loss"):
        compute_standings(players, [[double]], profile=TiebreakProfile.mtr())
    rows = compute_standings(
        players, [[double]], profile=TiebreakProfile.mtr(), scoring=ScoringConfig(double_loss=True)
    )
    assert [(r.losses, r.match_points) for r in rows] == [(1, 0), (1, 0)]


def test_invalid_results_name_the_field() -> None:
    with pytest.raises(InvalidPairingInputError, match=r"rounds\[0\]\[0\]\.players\[1\]"):
        compute_standings([Entrant("A")], [[win("A", "Z")]], profile=TiebreakProfile.mtr())
    with pytest.raises(InvalidPairingInputError, match=r"rounds\[0\]\[1\]\.players\[0\].*twice"):
        compute_standings(
            [Entrant("A"), Entrant("B")],
            [[win("A", "B"), bye("B")]],
            profile=TiebreakProfile.mtr(),
        )
    with pytest.raises(InvalidPairingInputError, match="profile"):
        tiebreak_profile("chess")


def test_player_records_feed_the_pairing_engine() -> None:
    rows = compute_standings(MTR_PLAYERS, MTR_ROUNDS, profile=TiebreakProfile.mtr())
    records = player_records(MTR_PLAYERS, MTR_ROUNDS, standings=rows)
    by_id = {r.id: r for r in records}
    assert by_id["A"].opponents == ("B", "C")
    assert by_id["E"].byes == 1
    assert by_id["C"].rank == 2
    result = pair_round(records, round_number=3, seed=1)
    assert [p.players for p in result.pairings] == [("A", "D"), ("C", "B")]
    assert result.bye is None
