"""The fallback that pairs a score group when the exchanges run out of budget
(``swiss._fewest_rematches``): no test reached it, so none of its mutants was tried.

Its contract is the package docstring's: every player at exactly one table, and rematches only
when they cannot be avoided, as few as possible. The expected number of rematches is found
here by trying every pairing of the players (at most 8: 105 pairings).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.pairing import PlayerRecord, ScoringConfig
from tournaments.pairing.swiss import _build_field, _fewest_rematches, _pair


def pairings(players: list[int]) -> Iterator[list[tuple[int, int]]]:
    if not players:
        yield []
        return
    first, rest = players[0], players[1:]
    for k, other in enumerate(rest):
        for tail in pairings(rest[:k] + rest[k + 1 :]):
            yield [(first, other), *tail]


@st.composite
def fields(draw: st.DrawFn) -> tuple[list[PlayerRecord], set[frozenset[int]]]:
    size = draw(st.sampled_from([2, 4, 6, 8]))
    edges = list(itertools.combinations(range(size), 2))
    met = draw(st.sets(st.sampled_from(edges)))
    opponents: dict[int, list[str]] = {k: [] for k in range(size)}
    for a, b in met:
        opponents[a].append(f"p{b}")
        opponents[b].append(f"p{a}")
    # All on the same points and ranked p0, p1, ...: field index k is player pk.
    players = [
        PlayerRecord(id=f"p{k}", points=0, rank=k + 1, opponents=tuple(opponents[k]))
        for k in range(size)
    ]
    return players, {frozenset(e) for e in met}


@given(fields())
def test_fewest_rematches_pairs_everyone_with_the_fewest_rematches(
    case: tuple[list[PlayerRecord], set[frozenset[int]]],
) -> None:
    players, met = case
    field = _build_field(players, seed=0, config=ScoringConfig(), use_rank=True)
    assert field.ids == tuple(p.id for p in players)
    verts = list(range(len(players)))
    pairs = _fewest_rematches(field, verts)
    assert sorted(v for table in pairs for v in table) == verts
    fewest = min(sum(frozenset(t) in met for t in p) for p in pairings(verts))
    assert sum(frozenset(t) in met for t in pairs) == fewest


def test_one_unavoidable_rematch_is_the_only_one() -> None:
    # p0 met p1, p2 and p3, so one rematch is unavoidable; p1 also met p2 and p3, so only
    # p0-p1 with p2-p3 keeps it to that one (the other two pairings have two).
    players = [
        PlayerRecord(id="p0", points=0, rank=1, opponents=("p1", "p2", "p3")),
        PlayerRecord(id="p1", points=0, rank=2, opponents=("p2", "p3")),
        PlayerRecord(id="p2", points=0, rank=3),
        PlayerRecord(id="p3", points=0, rank=4),
    ]
    field = _build_field(players, seed=0, config=ScoringConfig(), use_rank=True)
    pairs = _fewest_rematches(field, [0, 1, 2, 3])
    assert sorted(tuple(sorted(t)) for t in pairs) == [(0, 1), (2, 3)]


def test_a_field_where_everyone_met_everyone_is_paired_in_standings_order() -> None:
    # Six players who all met each other: no table is fresh, so the three tables are rematches,
    # made in standings order (1-2, 3-4, 5-6) as the docstring says.
    ids = [f"p{k}" for k in range(6)]
    players = [
        PlayerRecord(id=pid, points=0, rank=k + 1, opponents=tuple(o for o in ids if o != pid))
        for k, pid in enumerate(ids)
    ]
    field = _build_field(players, seed=0, config=ScoringConfig(), use_rank=True)
    assert _fewest_rematches(field, list(range(6))) == [(0, 1), (2, 3), (4, 5)]


# --- the bye when no rematch-free pairing exists (swiss._choose_bye, score-group algorithm) -------
# The package docstring: the bye goes to the lowest-ranked player who has not had one, unless
# that leaves no rematch-free pairing; with none at all, _choose_bye's docstring: "the most
# preferred player whose absence leaves the fewest rematches". Each field below (all on the same
# points, ranked p0 first, nobody has had a bye) has a rematch whoever sits out, and the lowest-
# ranked player's absence leaves more rematches than another's. The expected bye is checked
# against every pairing of the others too.
NO_FREE_PAIRING = [
    (5, [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (2, 3), (2, 4), (3, 4)], 3),
    (
        7,
        [(0, 1), (0, 2), (0, 3), (0, 4), (0, 5), (0, 6), (1, 2), (1, 3), (1, 5), (1, 6),
         (2, 3), (2, 4), (2, 5), (3, 4), (3, 5), (4, 5)],
        5,
    ),
    (
        7,
        [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (1, 5), (1, 6), (2, 3),
         (2, 4), (3, 4), (3, 6), (4, 5), (4, 6), (5, 6)],
        4,
    ),
]  # fmt: skip


@pytest.mark.parametrize(("size", "edges", "bye"), NO_FREE_PAIRING)
def test_with_no_rematch_free_pairing_the_bye_leaves_the_fewest_rematches(
    size: int, edges: list[tuple[int, int]], bye: int
) -> None:
    met = {frozenset(e) for e in edges}

    def fewest_without(k: int) -> int:
        rest = [v for v in range(size) if v != k]
        return min(sum(frozenset(t) in met for t in p) for p in pairings(rest))

    least = {k: fewest_without(k) for k in range(size)}
    assert min(least.values()) > 0  # no rematch-free pairing, whoever sits out
    # Preference: lowest-ranked first; the first with the fewest is the expected bye.
    assert bye == next(k for k in reversed(range(size)) if least[k] == min(least.values()))
    players = [
        PlayerRecord(
            id=f"p{i}",
            points=0,
            rank=i + 1,
            opponents=tuple(f"p{j}" for j in range(size) if frozenset((i, j)) in met),
        )
        for i in range(size)
    ]
    result = _pair(players, round_number=2, seed=0, config=ScoringConfig(), exact_limit=0)
    assert result.bye is not None
    assert result.bye.player == f"p{bye}"
    assert len(result.summary.rematches) == least[bye]
