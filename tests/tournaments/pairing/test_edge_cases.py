"""Edge cases of one round: tiny fields, byes for everyone, forced rematches, lone players,
and the pair-down count against its parity bound. Expected values follow from the rules of
the objective (package docstring), worked out by hand in the comments."""

from __future__ import annotations

import pytest

from tournaments.pairing import EXACT_LIMIT, PlayerRecord, RoundPairings, pair_round
from tournaments.pairing.swiss import _pair
from tournaments.pairing.types import ScoringConfig


def seats(result: RoundPairings) -> list[tuple[str, str]]:
    return [p.players for p in result.pairings]


def ranked(*specs: tuple[str, int, str, int]) -> list[PlayerRecord]:
    """(id, points, one-letter opponents, byes); rank follows the order given."""
    return [
        PlayerRecord(id=pid, points=pts, opponents=tuple(opps), byes=byes, rank=i + 1)
        for i, (pid, pts, opps, byes) in enumerate(specs)
    ]


def both_solvers(players: list[PlayerRecord], round_number: int = 3) -> list[RoundPairings]:
    """The engine as called, and its large-field solver forced on the same (small) field."""
    return [
        pair_round(players, round_number=round_number, seed=0),
        _pair(players, round_number=round_number, seed=0, config=ScoringConfig(), exact_limit=0),
    ]


@pytest.mark.parametrize("size", [2, 3, 4])
def test_tiny_fields_in_round_one(size: int) -> None:
    players = [PlayerRecord(id=f"p{i}") for i in range(size)]
    result = pair_round(players, round_number=1, seed=7)
    assert len(result.pairings) == size // 2
    assert (result.bye is not None) == (size % 2 == 1)
    seated = [x for t in result.pairings for x in t.players]
    if result.bye is not None:
        seated.append(result.bye.player)
    assert sorted(seated) == [p.id for p in players]
    assert f"{size // 2} table(s)" in result.summary.reason.en


def test_three_players_bye_to_the_lowest_who_can_let_the_others_play() -> None:
    # c is lowest but a and b have met: giving c the bye forces a rematch, so b gets it
    # (a v c is fresh); a second bye is not needed (nobody has had one).
    players = ranked(("a", 3, "b", 0), ("b", 3, "a", 0), ("c", 0, "", 0))
    for result in both_solvers(players):
        assert result.bye is not None
        assert result.bye.player == "b"
        assert seats(result) == [("a", "c")]
        assert result.summary.rematches == ()


def test_odd_field_where_everyone_had_a_bye() -> None:
    # All five had a bye: a second one is unavoidable and goes to the lowest-ranked player.
    players = ranked(*((x, 6 - i, "", 1) for i, x in enumerate("abcde")))
    for result in both_solvers(players):
        assert result.bye is not None
        assert result.bye.player == "e"
        assert result.bye.reason.code == "bye_repeat"
        assert "already had a bye" in result.bye.reason.en
        assert result.summary.repeat_byes == 1


def test_odd_field_of_twenty_one_where_everyone_had_a_bye() -> None:
    players = [
        PlayerRecord(id=f"p{i:02d}", points=9 - i // 3, byes=1, rank=i + 1) for i in range(21)
    ]
    result = pair_round(players, round_number=5, seed=0)
    assert result.bye is not None
    assert result.bye.player == "p20"
    assert result.summary.repeat_byes == 1
    assert result.objective.repeat_byes == 1


def test_no_rematch_free_pairing_gives_the_fewest_rematches_and_names_them() -> None:
    # Four players who have all met one another: every pairing has two rematches.
    full = {"a": "bcd", "b": "acd", "c": "abd", "d": "abc"}
    players = ranked(*((x, 3 * (i // 2), full[x], 0) for i, x in enumerate("abcd")))
    for result in both_solvers(players):
        assert len(result.summary.rematches) == 2
        assert result.objective.rematches == 2
        assert "2 unavoidable rematch(es), the fewest any pairing allows" in (
            result.summary.reason.en
        )
        assert "再戦2件" in result.summary.reason.ja
        for pair in result.summary.rematches:
            assert " v ".join(pair) in result.summary.reason.en


def test_fewest_rematches_above_the_exact_limit() -> None:
    # 18 players, 17 of them have met x (the 18th has too): x must rematch, once only.
    others = [f"o{i:02d}" for i in range(17)]
    players = [
        PlayerRecord(id="x", points=9, opponents=tuple(others), rank=1),
        *(PlayerRecord(id=o, points=3 * (i % 3), rank=2 + i) for i, o in enumerate(others)),
    ]
    assert len(players) > EXACT_LIMIT
    result = pair_round(players, round_number=18, seed=0)
    assert len(result.summary.rematches) == 1
    assert "x" in result.summary.rematches[0]
    assert "1 unavoidable rematch(es)" in result.summary.reason.en


def test_everybody_dropped_but_one() -> None:
    players = [PlayerRecord(id=f"p{i}", points=3, dropped=i != 2, rank=i + 1) for i in range(6)]
    result = pair_round(players, round_number=4, seed=0)
    assert result.pairings == ()
    assert result.bye is not None
    assert result.bye.player == "p2"
    assert "only one active player" in result.summary.reason.en
    assert "1人だけ" in result.summary.reason.ja


def test_everybody_dropped() -> None:
    players = [PlayerRecord(id=f"p{i}", dropped=True) for i in range(3)]
    result = pair_round(players, round_number=4, seed=0)
    assert result.pairings == ()
    assert result.bye is None
    assert "no active players" in result.summary.reason.en


def test_a_pair_down_across_two_groups_counts_once() -> None:
    # Groups 6 (a), 3 (b, c), 0 (d): one table a v d and one b v c is one pair-down; pairing
    # down group by group (a v b, c v d) would be two. The parity walk passes a down from the
    # top group (1 is odd) and the middle group passes the same floater on (2 + 1 is odd): one
    # player passed down, so the bound is 1 and the count meets it.
    players = ranked(("a", 6, "", 0), ("b", 3, "", 0), ("c", 3, "", 0), ("d", 0, "", 0))
    for result in both_solvers(players):
        assert seats(result) == [("a", "d"), ("b", "c")]
        assert result.summary.pair_downs == 1
        assert result.summary.pair_downs_lower_bound == 1


def test_parity_bound_is_met_by_adjacent_odd_groups() -> None:
    # Groups 9 (a, b, c), 6 (d), 3 (e, f, g, h), 0 (i, j, k, l): the walk passes one player
    # at the first boundary (3 is odd), then none (1 + 1, 4 and 4 are even): bound 1, met.
    players = ranked(
        ("a", 9, "", 0),
        ("b", 9, "", 0),
        ("c", 9, "", 0),
        ("d", 6, "", 0),
        ("e", 3, "", 0),
        ("f", 3, "", 0),
        ("g", 3, "", 0),
        ("h", 3, "", 0),
        ("i", 0, "", 0),
        ("j", 0, "", 0),
        ("k", 0, "", 0),
        ("l", 0, "", 0),
    )
    for result in both_solvers(players):
        # c (lowest 9) meets d; the 0-point group of four pairs inside; 3s inside.
        assert result.summary.pair_downs == 1
        assert ("c", "d") in seats(result)
        assert result.summary.pair_downs_lower_bound == 1


def test_two_leaders_who_met_both_float() -> None:
    # a and b (6 points) have met: both must play a 3-point player, the two highest (c and d,
    # either way round: the standings distance is 4 both ways); e v f stays inside.
    players = ranked(
        ("a", 6, "b", 0),
        ("b", 6, "a", 0),
        ("c", 3, "", 0),
        ("d", 3, "", 0),
        ("e", 3, "", 0),
        ("f", 3, "", 0),
    )
    for result in both_solvers(players):
        assert result.summary.pair_downs == 2
        assert result.summary.rematches == ()
        tables = {frozenset(s) for s in seats(result)}
        assert frozenset("ef") in tables
        assert {x for t in tables if t & {"a", "b"} for x in t} == set("abcd")
