"""The matchings (Edmonds' blossom algorithm, with and without weights) against an
exhaustive search and against ``networkx.max_weight_matching`` (an independent
implementation, used in the tests only)."""

from __future__ import annotations

import random
from functools import cache

import networkx as nx
import pytest
from hypothesis import HealthCheck, given, settings
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


def brute_force_best(
    n: int, weights: dict[tuple[int, int], int], *, maxcardinality: bool = True
) -> tuple[int, int]:
    """(cardinality, weight) of the best matching: cardinality first, or weight alone (then
    the cardinality is the largest among the matchings of that weight)."""

    def better(a: tuple[int, int], b: tuple[int, int]) -> tuple[int, int]:
        if maxcardinality:
            return max(a, b)
        return max(a, b, key=lambda t: (t[1], t[0]))

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
                result = better(result, (size + 1, total + w))
        return result

    return best((1 << n) - 1)


def size_and_weight(mate: list[int], weights: dict[tuple[int, int], int]) -> tuple[int, int]:
    """(cardinality, weight) of ``mate``, after checking that it is a matching of edges."""
    size = total = 0
    for v, u in enumerate(mate):
        if u >= 0:
            assert mate[u] == v
            if v < u:
                size += 1
                total += weights[(v, u)]
    return size, total


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


def test_weighted_matching_without_maxcardinality_may_leave_vertices_unmatched() -> None:
    # A path 0-1-2-3 whose middle edge outweighs both ends: one edge, not two.
    edges = [(0, 1, 1), (1, 2, 10), (2, 3, 1)]
    assert max_weight_matching(4, edges, maxcardinality=False) == [-1, 2, 1, -1]
    assert max_weight_matching(4, edges) == [1, 0, 3, 2]
    # Negative weights are never worth taking unless cardinality comes first.
    assert max_weight_matching(2, [(0, 1, -3)], maxcardinality=False) == [-1, -1]
    assert max_weight_matching(2, [(0, 1, -3)]) == [1, 0]


def test_weighted_matching_edge_cases() -> None:
    assert max_weight_matching(0, []) == []
    assert max_weight_matching(3, []) == [-1, -1, -1]
    assert max_weight_matching(3, [(1, 1, 5)]) == [-1, -1, -1]  # a loop is ignored
    assert max_weight_matching(2, [(0, 1, 0)], maxcardinality=False) in ([1, 0], [-1, -1])


def test_weighted_matching_opens_a_nested_blossom() -> None:
    # A triangle 1-2-3 inside a pentagon 1-4-5-... forces blossoms inside blossoms, and the
    # heavy pendant edges make the search open them again (checked against brute force).
    edges = [
        (1, 2, 19),
        (1, 3, 20),
        (2, 3, 25),
        (2, 4, 18),
        (3, 5, 18),
        (4, 5, 13),
        (4, 7, 7),
        (5, 6, 7),
        (0, 1, 8),
        (6, 8, 40),
        (7, 9, 40),
    ]
    weights = {(min(i, j), max(i, j)): w for i, j, w in edges}
    weights |= {(j, i): w for (i, j), w in weights.items()}
    for maxcardinality in (True, False):
        mate = max_weight_matching(10, edges, maxcardinality=maxcardinality)
        assert size_and_weight(mate, weights) == brute_force_best(
            10, weights, maxcardinality=maxcardinality
        )


# --- against brute force on tiny graphs, both modes, negative and huge weights ------------


@settings(max_examples=300, deadline=None, derandomize=True, database=None)
@given(graphs(), st.data())
def test_weighted_matching_equals_brute_force_in_both_modes(
    graph: tuple[int, frozenset[tuple[int, int]]], data: st.DataObject
) -> None:
    n, edges = graph
    low, high = data.draw(
        st.sampled_from([(1, 4), (-10, 10), (1, 2**64), (-(2**200), 2**200)]), label="range"
    )
    weights: dict[tuple[int, int], int] = {}
    for i, j in sorted(edges):
        if i < j:
            weights[(i, j)] = weights[(j, i)] = data.draw(st.integers(low, high))
    triples = [(i, j, w) for (i, j), w in weights.items() if i < j]
    for maxcardinality in (True, False):
        mate = max_weight_matching(n, triples, maxcardinality=maxcardinality)
        size, total = size_and_weight(mate, weights)
        best_size, best_total = brute_force_best(n, weights, maxcardinality=maxcardinality)
        assert total == best_total
        if maxcardinality:
            assert size == best_size


# --- against networkx on random graphs of up to 60 vertices ------------------------------


def networkx_best(
    n: int, weights: dict[tuple[int, int], int], *, maxcardinality: bool
) -> tuple[int, int]:
    graph = nx.Graph()
    graph.add_nodes_from(range(n))
    graph.add_weighted_edges_from((i, j, w) for (i, j), w in weights.items() if i < j)
    matching = nx.max_weight_matching(graph, maxcardinality=maxcardinality)
    return len(matching), sum(weights[(min(a, b), max(a, b))] for a, b in matching)


@st.composite
def weighted_graphs(
    draw: st.DrawFn, max_n: int
) -> tuple[int, dict[tuple[int, int], int], bool, bool]:
    """A random graph (seeded from hypothesis, so a failure shrinks to its seed and shape):
    size, density, weight range (narrow ranges give many ties, huge ones big integers),
    whether cardinality comes first and whether to pass a starting matching."""
    n = draw(st.integers(2, max_n), label="n")
    density = draw(st.sampled_from([0.05, 0.15, 0.4, 0.8, 1.0]), label="density")
    low, high = draw(
        st.sampled_from([(1, 1), (1, 3), (1, 100), (-50, 50), (1, 10**12), (2**100, 2**130)]),
        label="weights",
    )
    rng = random.Random(draw(st.integers(0, 2**32), label="seed"))
    weights: dict[tuple[int, int], int] = {}
    for i in range(n):
        for j in range(i + 1, n):
            if rng.random() < density:
                weights[(i, j)] = weights[(j, i)] = rng.randint(low, high)
    return n, weights, draw(st.booleans(), label="maxcard"), draw(st.booleans(), label="start")


def greedy_start(weights: dict[tuple[int, int], int], seed: int) -> list[tuple[int, int]]:
    """A random matching of edges of the largest weight (a valid ``start``)."""
    top = max(weights.values(), default=0)
    heavy = [(i, j) for (i, j), w in weights.items() if i < j and w == top]
    random.Random(seed).shuffle(heavy)
    taken: set[int] = set()
    start: list[tuple[int, int]] = []
    for i, j in heavy:
        if i not in taken and j not in taken:
            taken.update((i, j))
            start.append((i, j))
    return start


def check_against_networkx(
    case: tuple[int, dict[tuple[int, int], int], bool, bool],
) -> None:
    n, weights, maxcardinality, with_start = case
    triples = [(i, j, w) for (i, j), w in weights.items() if i < j]
    start: list[tuple[int, int]] = []
    if with_start and (maxcardinality or max(weights.values(), default=0) >= 0):
        start = greedy_start(weights, n)
    mate = max_weight_matching(n, triples, maxcardinality=maxcardinality, start=start)
    size, total = size_and_weight(mate, weights)
    ref_size, ref_total = networkx_best(n, weights, maxcardinality=maxcardinality)
    assert total == ref_total
    if maxcardinality:
        assert size == ref_size


@settings(max_examples=400, deadline=None, derandomize=True, database=None)
@given(weighted_graphs(max_n=16))
def test_weighted_matching_equals_networkx_on_small_graphs(
    case: tuple[int, dict[tuple[int, int], int], bool, bool],
) -> None:
    check_against_networkx(case)


@settings(
    max_examples=100,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(weighted_graphs(max_n=60))
def test_weighted_matching_equals_networkx_on_medium_graphs(
    case: tuple[int, dict[tuple[int, int], int], bool, bool],
) -> None:
    check_against_networkx(case)


def test_weighted_matching_rejects_a_start_that_is_not_tight() -> None:
    edges = [(0, 1, -1), (2, 3, -1)]
    with pytest.raises(ValueError, match="largest weight"):
        max_weight_matching(4, edges, maxcardinality=False, start=[(0, 1)])
    with pytest.raises(ValueError, match="largest weight"):
        max_weight_matching(4, [(0, 1, 2), (1, 2, 2)], start=[(0, 1), (1, 2)])
    assert max_weight_matching(4, edges, start=[(0, 1)]) == [1, 0, 3, 2]
