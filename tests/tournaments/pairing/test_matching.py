"""The matchings (Edmonds' blossom algorithm, with and without weights) against an
exhaustive search."""

from __future__ import annotations

from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.pairing.matching import max_weight_matching
from tournaments.pairing.swiss import _Blossom


def brute_force_max_matching(n: int, edges: frozenset[tuple[int, int]]) -> int:
    @cache
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        result = best(rest)  # leave `low` unmatched
        for j in range(n):
            if rest >> j & 1 and (low, j) in edges:
                result = max(result, 1 + best(rest & ~(1 << j)))
        return result

    return best((1 << n) - 1)


@st.composite
def graphs(draw: st.DrawFn) -> tuple[int, frozenset[tuple[int, int]]]:
    n = draw(st.integers(min_value=1, max_value=13))
    density = draw(st.integers(min_value=1, max_value=9))
    edges = set()
    for i in range(n):
        for j in range(i + 1, n):
            if draw(st.integers(min_value=0, max_value=9)) < density:
                edges.add((i, j))
                edges.add((j, i))
    return n, frozenset(edges)


@settings(max_examples=300, deadline=None)
@given(graphs())
def test_blossom_finds_a_maximum_matching(graph: tuple[int, frozenset[tuple[int, int]]]) -> None:
    n, edges = graph
    adj = [[j for j in range(n) if (i, j) in edges] for i in range(n)]
    match = _Blossom(adj).run()
    for v, u in enumerate(match):
        if u >= 0:
            assert match[u] == v
            assert (v, u) in edges
    assert sum(u >= 0 for u in match) // 2 == brute_force_max_matching(n, edges)


def test_blossom_needs_contraction() -> None:
    # A triangle 0-1-2 with a tail 2-3 and a pendant 0-4: a perfect matching of 4 of
    # the 5 vertices needs the odd cycle handled.
    edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (1, 5)]
    adj: list[list[int]] = [[] for _ in range(6)]
    for a, b in edges:
        adj[a].append(b)
        adj[b].append(a)
    match = _Blossom(adj).run()
    assert all(m >= 0 for m in match)


def brute_force_best(n: int, weights: dict[tuple[int, int], int]) -> tuple[int, int]:
    """(cardinality, weight) of the best matching, cardinality first."""

    @cache
    def best(mask: int) -> tuple[int, int]:
        if mask == 0:
            return (0, 0)
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        result = best(rest)
        for j in range(n):
            w = weights.get((low, j))
            if rest >> j & 1 and w is not None:
                size, total = best(rest & ~(1 << j))
                result = max(result, (size + 1, total + w))
        return result

    return best((1 << n) - 1)


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(graphs(), st.data())
def test_weighted_matching_is_maximum_among_maximum_cardinality_ones(
    graph: tuple[int, frozenset[tuple[int, int]]], data: st.DataObject
) -> None:
    n, edges = graph
    huge = data.draw(st.booleans())  # the engine encodes its objective in big integers
    top = 2**200 if huge else 20
    weights: dict[tuple[int, int], int] = {}
    for i, j in sorted(edges):
        if i < j:
            weights[(i, j)] = weights[(j, i)] = data.draw(st.integers(1, top))
    triples = [(i, j, w) for (i, j), w in weights.items() if i < j]
    mate = max_weight_matching(n, triples)
    total = 0
    for v, u in enumerate(mate):
        if u >= 0:
            assert mate[u] == v
            if v < u:
                total += weights[(v, u)]
    size = sum(u >= 0 for u in mate) // 2
    assert (size, total) == brute_force_best(n, weights)


def test_weighted_matching_accepts_a_starting_matching_of_heaviest_edges() -> None:
    # A path 0-1-2-3 with heavy ends: starting from the middle edge the result is still best.
    edges = [(0, 1, 5), (1, 2, 5), (2, 3, 5), (0, 3, 1)]
    assert max_weight_matching(4, edges, start=[(1, 2)]) == [1, 0, 3, 2]
    with pytest.raises(ValueError, match="largest weight"):
        max_weight_matching(4, edges, start=[(0, 3)])
