"""``RoundSummary.pair_downs_lower_bound``: the parity walk of the score groups is a
true lower bound on pair-downs, and is reached when no rematch stands in
the way.

The walk goes down the groups from the top; a group whose size plus the floater it received
is odd passes one player down, and the bound is the number of distinct players passed down:
a floater that a still-odd group passes on is not counted again. Its proof is in
:func:`tournaments.pairing.swiss._pair_downs_lower_bound`; here it is checked by hand on small
tables, against an exhaustive search over every pairing, and on random fields against the
engine and against a general matching of the whole field (``networkx``).
"""

from __future__ import annotations

import itertools
import random
from functools import cache

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.tournaments.pairing.test_reference import reference_counts
from tournaments.pairing import PlayerRecord, RoundPairings, ScoringConfig, pair_round
from tournaments.pairing.swiss import _pair, _pair_downs_lower_bound

# (group sizes from the top, bound) worked out by hand. The boundary below a group is odd when
# an odd number of players sit above it; the bound counts the runs of odd boundaries.
TABLE = [
    ((1, 2, 1), 1),  # one floater passes through the middle group: a v d, b v c
    ((1, 1, 1, 1), 2),  # odd, even, odd boundaries: two runs
    ((3, 1), 1),
    ((2, 2), 0),
    ((1, 1), 1),
    ((), 0),
    ((4,), 0),
    ((1, 3), 1),
    ((3, 3), 1),
    ((1, 2, 2, 1), 1),  # one floater from the top group to the bottom one
    ((1, 1, 2), 1),
    ((2, 1, 1), 1),
    ((1, 2, 1, 1, 2, 1), 2),  # runs of boundaries 1-2 and 4-5
    ((1, 1, 1, 1, 1, 1), 3),
    ((3, 1, 4, 4), 1),
]


@pytest.mark.parametrize(("sizes", "bound"), TABLE)
def test_the_walk_on_hand_made_groups(sizes: tuple[int, ...], bound: int) -> None:
    assert _pair_downs_lower_bound(sizes) == bound


def field_of(sizes: tuple[int, ...]) -> list[PlayerRecord]:
    """Players in groups of these sizes (3 points apart, top first), nobody has met."""
    players: list[PlayerRecord] = []
    for k, size in enumerate(sizes):
        points = 3 * (len(sizes) - 1 - k)
        players.extend(
            PlayerRecord(id=f"g{k}p{i}", points=points, rank=len(players) + i + 1)
            for i in range(size)
        )
    return players


def both_solvers(players: list[PlayerRecord]) -> list[RoundPairings]:
    """The engine as called, and its large-field solver forced on the same field."""
    return [
        pair_round(players, round_number=3, seed=0),
        _pair(players, round_number=3, seed=0, config=ScoringConfig(), exact_limit=0),
    ]


@pytest.mark.parametrize(("sizes", "bound"), [(s, b) for s, b in TABLE if sum(s) % 2 == 0])
def test_the_summary_reports_the_walk_and_the_engine_reaches_it(
    sizes: tuple[int, ...], bound: int
) -> None:
    # Nobody has met, so nothing stands in the way of the bound: the engine's count is it.
    for result in both_solvers(field_of(sizes)):
        assert result.summary.pair_downs_lower_bound == bound
        assert result.summary.pair_downs == bound
        assert result.objective.pair_downs == bound


def test_the_bye_is_left_out_of_the_walk() -> None:
    # Groups 1, 1, 1 (6, 3 and 0 points): the bye goes to the 0-point player, leaving 1, 1.
    result = pair_round(field_of((1, 1, 1)), round_number=3, seed=0)
    assert result.bye is not None
    assert result.bye.player == "g2p0"
    assert result.summary.pair_downs_lower_bound == 1
    assert result.summary.pair_downs == 1


def fewest_pair_downs(sizes: tuple[int, ...]) -> int:
    """The fewest pair-downs over every pairing of the players (rematches ignored)."""
    group = [k for k, size in enumerate(sizes) for _ in range(size)]

    @cache
    def best(mask: int) -> int:
        if mask == 0:
            return 0
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        return min(
            (group[low] != group[j]) + best(rest & ~(1 << j))
            for j in range(len(group))
            if rest >> j & 1
        )

    return best((1 << len(group)) - 1)


def even_compositions(total: int, most: int) -> list[tuple[int, ...]]:
    """Every list of positive group sizes adding up to ``total`` (up to ``most`` groups)."""
    out: list[tuple[int, ...]] = []
    for parts in range(1, most + 1):
        for cuts in itertools.combinations(range(1, total), parts - 1):
            bounds = (0, *cuts, total)
            out.append(tuple(b - a for a, b in itertools.pairwise(bounds)))
    return out


@pytest.mark.parametrize("total", [2, 4, 6, 8, 10])
def test_the_walk_is_the_exact_minimum_when_rematches_are_ignored(total: int) -> None:
    # Every way to cut up to 10 players into groups: the bound equals the true minimum.
    for sizes in even_compositions(total, total):
        assert _pair_downs_lower_bound(sizes) == fewest_pair_downs(sizes), sizes


def test_the_old_walk_overcounted_a_floater_through_several_groups() -> None:
    # Counting one player per odd boundary (the walk as first written) gives 2 for groups
    # 1, 2, 1, yet one table (top v bottom) is enough: that count was not a lower bound.
    assert fewest_pair_downs((1, 2, 1)) == 1
    assert _pair_downs_lower_bound((1, 2, 1)) == 1


@st.composite
def random_fields(draw: st.DrawFn) -> list[PlayerRecord]:
    """A field of arbitrary histories: points from a few score groups, random meetings
    (some fields dense enough that rematches are forced), byes and drops."""
    size = draw(st.integers(min_value=2, max_value=40), label="size")
    groups = draw(st.integers(min_value=1, max_value=7), label="groups")
    density = draw(st.sampled_from([0.0, 0.1, 0.3, 0.7]), label="density")
    rng = random.Random(draw(st.integers(min_value=0, max_value=2**32), label="seed"))
    ids = [f"p{i:02d}" for i in range(size)]
    met: dict[str, set[str]] = {pid: set() for pid in ids}
    for a, b in itertools.combinations(ids, 2):
        if rng.random() < density:
            met[a].add(b)
            met[b].add(a)
    return [
        PlayerRecord(
            id=pid,
            points=3 * rng.randrange(groups) + (1 if rng.random() < 0.1 else 0),
            opponents=tuple(sorted(met[pid])),
            byes=1 if rng.random() < 0.2 else 0,
            dropped=rng.random() < 0.05,
            rank=i + 1,
        )
        for i, pid in enumerate(ids)
    ]


@settings(
    max_examples=120,
    derandomize=True,
    database=None,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(random_fields())
def test_no_pairing_goes_below_the_bound(players: list[PlayerRecord]) -> None:
    for result in both_solvers(players):
        bound = result.summary.pair_downs_lower_bound
        count = sum(t.pair_down for t in result.pairings)
        assert result.summary.pair_downs == count == result.objective.pair_downs
        assert count >= bound
        bye = result.bye.player if result.bye is not None else None
        rematches, reference_pair_downs = reference_counts(players, bye)
        assert reference_pair_downs >= bound
        assert len(result.summary.rematches) == rematches
