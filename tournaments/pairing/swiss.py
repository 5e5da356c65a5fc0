"""Swiss pairing: one round at a time, minimising :class:`PairingObjective`.

Two solvers share one objective:

* an exact one (dynamic programming over subsets) for fields of at most ``EXACT_LIMIT``
  active players, including the choice of the bye;
* a fast one for larger fields. The bye goes to the lowest-ranked player without one whose
  absence leaves a rematch-free pairing of everyone else. Score groups are then paired from
  the top down: players floated in from above meet the top of the group, the rest play top
  half against bottom half (with exchanges, by backtracking, to avoid rematches), and the
  floats are chosen from the bottom of the group up. Before a group commits to its floats the
  engine checks that everything below can still be paired without a rematch: Dirac's theorem
  settles it at once when the rest is large (everyone may still meet half of it), and a
  maximum matching (Edmonds' blossom algorithm) when it is small. So a choice high in the
  standings never leaves a lower group unpairable, and the fast solver makes no rematch
  whenever the field (without the bye player) can be paired without one. When it cannot, the
  rest is paired with as few rematches as a maximum matching allows. Once what is left at the
  bottom of the standings (with whoever floated into it) is at most ``EXACT_LIMIT`` players,
  it is handed to the exact solver.

The fast solver follows the objective's order of preferences but is only proven optimal for
its first three terms (rematches, repeat byes, bye placement) when a rematch-free pairing
exists; the exact solver is optimal for all of them (see the brute-force tests).
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tournaments.pairing import explain
from tournaments.pairing.types import (
    Bye,
    InvalidPairingInputError,
    Pairing,
    PairingObjective,
    PlayerRecord,
    RoundPairings,
    RoundSummary,
    ScoringConfig,
)

__all__ = ["EXACT_LIMIT", "pair_round", "pairing_objective"]

EXACT_LIMIT = 16
"""Fields with at most this many active players are solved exactly."""

_FLOAT_COMBOS = 200
_MAX_PLACED_FLOATS = 12  # floated players seated one by one against the group
_MAX_EXTRA_FLOATS = 6  # beyond this many extra floats, the whole group floats instead
_RADIX = 1 << 48


@dataclass(frozen=True, slots=True)
class _Field:
    """The active players in pairing order (index 0 = top of the standings)."""

    ids: tuple[str, ...]
    points: tuple[int, ...]
    group: tuple[int, ...]
    gpos: tuple[int, ...]
    gsize: tuple[int, ...]
    met: tuple[frozenset[int], ...]
    byes: tuple[int, ...]
    max_met: int

    @property
    def size(self) -> int:
        return len(self.ids)


def _tie_hash(seed: int, player_id: str) -> int:
    digest = hashlib.blake2b(f"{seed}\x00{player_id}".encode(), digest_size=8).digest()
    return int.from_bytes(digest, "big")


def _validate(players: Sequence[PlayerRecord]) -> None:
    seen: set[str] = set()
    for i, p in enumerate(players):
        if not p.id:
            raise InvalidPairingInputError(f"players[{i}].id", "must not be empty")
        if p.id in seen:
            raise InvalidPairingInputError(f"players[{i}].id", f'duplicate player id "{p.id}"')
        seen.add(p.id)
        for name in ("wins", "losses", "draws", "game_wins", "game_losses", "game_draws"):
            if getattr(p, name) < 0:
                raise InvalidPairingInputError(f"players[{i}].{name}", "must not be negative")
        if p.byes < 0:
            raise InvalidPairingInputError(f"players[{i}].byes", "must not be negative")
        if p.late_rounds_missed < 0:
            raise InvalidPairingInputError(
                f"players[{i}].late_rounds_missed", "must not be negative"
            )
    for i, p in enumerate(players):
        for k, opp in enumerate(p.opponents):
            if opp not in seen:
                raise InvalidPairingInputError(
                    f"players[{i}].opponents[{k}]", f'unknown player id "{opp}"'
                )
            if opp == p.id:
                raise InvalidPairingInputError(
                    f"players[{i}].opponents[{k}]", "a player cannot be their own opponent"
                )


def _build_field(
    players: Sequence[PlayerRecord], *, seed: int, config: ScoringConfig, use_rank: bool
) -> _Field:
    _validate(players)
    active = [p for p in players if not p.dropped]
    big = len(players) + 1

    def key(p: PlayerRecord) -> tuple[int, int, int, str]:
        rank = p.rank if (use_rank and p.rank is not None) else big
        return (-p.match_points(config), rank, _tie_hash(seed, p.id), p.id)

    active.sort(key=key)
    index = {p.id: i for i, p in enumerate(active)}
    points = tuple(p.match_points(config) for p in active)
    group: list[int] = []
    gpos: list[int] = []
    gsize: list[int] = []
    for i, pts in enumerate(points):
        if i == 0 or pts != points[i - 1]:
            gsize.append(0)
        group.append(len(gsize) - 1)
        gpos.append(gsize[-1])
        gsize[-1] += 1
    met_sets: list[set[int]] = [{index[o] for o in p.opponents if o in index} for p in active]
    for i, opps in enumerate(met_sets):  # a meeting recorded on one side only still counts
        for j in opps:
            met_sets[j].add(i)
    met = tuple(frozenset(m) for m in met_sets)
    return _Field(
        ids=tuple(p.id for p in active),
        points=points,
        group=tuple(group),
        gpos=tuple(gpos),
        gsize=tuple(gsize),
        met=met,
        byes=tuple(p.byes for p in active),
        max_met=max((len(m) for m in met), default=0),
    )


# --- objective -------------------------------------------------------------------------------


def _pair_vector(f: _Field, i: int, j: int) -> list[int]:
    """Objective contribution of the table (i, j) as a flat vector."""
    if i > j:
        i, j = j, i
    n_bound = max(len(f.gsize) - 1, 0)
    vec = [0] * (3 + n_bound + 3)
    vec[0] = 1 if j in f.met[i] else 0
    gi, gj = f.group[i], f.group[j]
    for b in range(gi, gj):
        vec[3 + b] += 1
    vec[3 + n_bound] = (f.points[i] - f.points[j]) ** 2
    if gi != gj:
        vec[4 + n_bound] = j - i
    else:
        vec[5 + n_bound] = abs((f.gpos[j] - f.gpos[i]) - f.gsize[gi] // 2)
    return vec


def _bye_vector(f: _Field, k: int) -> list[int]:
    n_bound = max(len(f.gsize) - 1, 0)
    vec = [0] * (3 + n_bound + 3)
    vec[1] = 1 if f.byes[k] > 0 else 0
    vec[2] = f.size - 1 - k
    return vec


def _encode(vec: list[int]) -> int:
    value = 0
    for v in vec:
        value = value * _RADIX + v
    return value


def _objective(f: _Field, pairs: Sequence[tuple[int, int]], bye: int | None) -> PairingObjective:
    n_bound = max(len(f.gsize) - 1, 0)
    total = [0] * (3 + n_bound + 3)
    for i, j in pairs:
        for k, v in enumerate(_pair_vector(f, i, j)):
            total[k] += v
    if bye is not None:
        for k, v in enumerate(_bye_vector(f, bye)):
            total[k] += v
    return PairingObjective(
        rematches=total[0],
        repeat_byes=total[1],
        bye_height=total[2],
        crossings=tuple(total[3 : 3 + n_bound]),
        score_gap=total[3 + n_bound],
        float_distance=total[4 + n_bound],
        fold=total[5 + n_bound],
        pair_downs=sum(1 for i, j in pairs if f.points[i] != f.points[j]),
    )


def pairing_objective(
    players: Sequence[PlayerRecord],
    pairings: RoundPairings,
    *,
    config: ScoringConfig | None = None,
) -> PairingObjective:
    """The objective value of ``pairings`` for ``players`` (smaller is better).

    Raises :class:`InvalidPairingInputError` unless the pairings seat every active player
    exactly once (at a table or on the bye) and nobody else.
    """
    cfg = config or ScoringConfig()
    f = _build_field(players, seed=pairings.seed, config=cfg, use_rank=pairings.round_number > 1)
    index = {pid: i for i, pid in enumerate(f.ids)}
    seated: set[int] = set()

    def seat(pid: str, where: str) -> int:
        if pid not in index:
            raise InvalidPairingInputError(where, f'"{pid}" is not an active player')
        i = index[pid]
        if i in seated:
            raise InvalidPairingInputError(where, f'"{pid}" is seated twice')
        seated.add(i)
        return i

    pairs = [
        (seat(p.players[0], f"pairings[{t}]"), seat(p.players[1], f"pairings[{t}]"))
        for t, p in enumerate(pairings.pairings)
    ]
    bye = seat(pairings.bye.player, "bye") if pairings.bye is not None else None
    if len(seated) != f.size:
        raise InvalidPairingInputError("pairings", "not every active player is seated")
    return _objective(f, pairs, bye)


# --- exact solver ----------------------------------------------------------------------------


def _solve_exact(
    f: _Field, members: Sequence[int], allow_bye: bool
) -> tuple[list[tuple[int, int]], int | None]:
    """Minimum-objective pairing of ``members`` by dynamic programming over subsets."""
    elems = list(members)
    phantom = allow_bye and len(elems) % 2 == 1
    m = len(elems) + (1 if phantom else 0)
    cost = [[0] * m for _ in range(m)]
    for a in range(m):
        for b in range(a + 1, m):
            if phantom and b == m - 1:
                w = _encode(_bye_vector(f, elems[a]))
            else:
                w = _encode(_pair_vector(f, elems[a], elems[b]))
            cost[a][b] = cost[b][a] = w
    memo: dict[int, tuple[int, int]] = {0: (0, -1)}

    def best(mask: int) -> int:
        hit = memo.get(mask)
        if hit is not None:
            return hit[0]
        low = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << low)
        best_w = -1
        choice = -1
        bits = rest
        while bits:
            j = (bits & -bits).bit_length() - 1
            bits &= bits - 1
            w = cost[low][j] + best(rest & ~(1 << j))
            if best_w < 0 or w < best_w:
                best_w, choice = w, j
        memo[mask] = (best_w, choice)
        return best_w

    full = (1 << m) - 1
    best(full)
    pairs: list[tuple[int, int]] = []
    bye: int | None = None
    mask = full
    while mask:
        low = (mask & -mask).bit_length() - 1
        j = memo[mask][1]
        if phantom and j == m - 1:
            bye = elems[low]
        else:
            pairs.append((elems[low], elems[j]))
        mask &= ~((1 << low) | (1 << j))
    return pairs, bye


# --- fast solver -----------------------------------------------------------------------------


class _Blossom:
    """Maximum cardinality matching of a general graph (Edmonds' blossom algorithm).

    ``adj[v]`` lists the neighbours of ``v``; after :meth:`run`, ``match[v]`` is the partner
    of ``v`` or -1. O(n^3), used only on the small rests the Dirac shortcut does not cover.
    """

    def __init__(self, adj: list[list[int]]) -> None:
        self.adj = adj
        self.n = len(adj)
        self.match = [-1] * self.n
        self.parent = [-1] * self.n
        self.base = list(range(self.n))

    def run(self) -> list[int]:
        match = self.match
        for v in range(self.n):  # greedy start
            if match[v] < 0:
                for u in self.adj[v]:
                    if match[u] < 0:
                        match[v], match[u] = u, v
                        break
        for root in range(self.n):
            if match[root] < 0:
                self._augment(self._find_path(root))
        return match

    def _augment(self, end: int) -> None:
        match, parent = self.match, self.parent
        while end >= 0:
            previous = parent[end]
            following = match[previous]
            match[end] = previous
            match[previous] = end
            end = following

    def _lca(self, a: int, b: int) -> int:
        base, match, parent = self.base, self.match, self.parent
        seen = [False] * self.n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] < 0:
                break
            a = parent[match[a]]
        while not seen[base[b]]:
            b = parent[match[base[b]]]
        return base[b]

    def _mark_path(self, v: int, b: int, child: int, blossom: list[bool]) -> None:
        base, match, parent = self.base, self.match, self.parent
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    def _contract(self, v: int, to: int, used: list[bool], queue: list[int]) -> None:
        current = self._lca(v, to)
        blossom = [False] * self.n
        self._mark_path(v, current, to, blossom)
        self._mark_path(to, current, v, blossom)
        base = self.base
        for i in range(self.n):
            if blossom[base[i]]:
                base[i] = current
                if not used[i]:
                    used[i] = True
                    queue.append(i)

    def _find_path(self, root: int) -> int:
        base, match, parent = self.base, self.match, self.parent
        used = [False] * self.n
        for i in range(self.n):
            parent[i] = -1
            base[i] = i
        used[root] = True
        queue = [root]
        head = 0
        while head < len(queue):
            v = queue[head]
            head += 1
            for to in self.adj[v]:
                if base[v] == base[to] or match[v] == to:
                    continue
                if to == root or (match[to] >= 0 and parent[match[to]] >= 0):
                    self._contract(v, to, used, queue)
                elif parent[to] < 0:
                    parent[to] = v
                    if match[to] < 0:
                        return to
                    used[match[to]] = True
                    queue.append(match[to])
        return -1


def _has_perfect_matching(f: _Field, verts: Sequence[int]) -> bool:
    """Exact test for a rematch-free pairing of ``verts`` (maximum matching)."""
    local = {v: k for k, v in enumerate(verts)}
    adj = [[local[u] for u in verts if u != v and u not in f.met[v]] for v in verts]
    return all(m >= 0 for m in _Blossom(adj).run())


def _completable(f: _Field, verts: Sequence[int]) -> bool:
    """Can ``verts`` be paired among themselves without a rematch?"""
    n = len(verts)
    if n % 2:
        return False
    if n == 0 or n >= 2 * f.max_met + 2:
        # Dirac: every player may meet at least n/2 of the others, so the graph of allowed
        # tables has a Hamiltonian cycle, hence a perfect matching.
        return True
    return _has_perfect_matching(f, verts)


def _fold_candidate(a: int, ci: int, length: int) -> int | None:
    """The ``ci``-th preferred partner of position ``a`` in a group of ``length``."""
    h = length // 2
    if a < h:
        first = length - (h + a)
        if ci < first:
            return h + a + ci
        ci -= first
        if ci < a:
            return h + a - 1 - ci
        ci -= a
        return a + 1 + ci if a + 1 + ci < h else None
    q = a + 1 + ci
    return q if q < length else None


def _match_in_order(
    f: _Field, order: Sequence[int], candidate: Callable[[int, int], int | None], budget: int
) -> list[tuple[int, int]] | None:
    """Pair ``order`` (positions) without rematches, backtracking, preferring ``candidate``."""
    partner: dict[int, int] = {}
    stack: list[tuple[int, int]] = []  # (position of the chooser, choice index)
    pos = 0
    start = 0
    n = len(order)
    while True:
        while pos < n and pos in partner:
            pos += 1
        if pos == n:
            return [(order[a], order[partner[a]]) for a, _ in stack]
        chosen = -1
        ci = start
        while True:
            q = candidate(pos, ci)
            if q is None:
                break
            if q not in partner and order[q] not in f.met[order[pos]]:
                chosen = q
                break
            ci += 1
        if chosen >= 0:
            partner[pos] = chosen
            partner[chosen] = pos
            stack.append((pos, ci))
            start = 0
            budget -= 1
            continue
        budget -= 1
        if not stack or budget < 0:
            return None
        pos, ci = stack.pop()
        del partner[partner.pop(pos)]
        start = ci + 1


def _pair_inside(
    f: _Field, pool: Sequence[int], resident_group: int
) -> list[tuple[int, int]] | None:
    """Pair an even pool: players floated in meet the top of the group, the rest fold."""
    floated = [p for p in pool if f.group[p] != resident_group]
    residents = [p for p in pool if f.group[p] == resident_group]
    budget = [40 * len(pool) + 2000]

    def fold(rest: list[int]) -> list[tuple[int, int]] | None:
        length = len(rest)

        def cand(a: int, ci: int) -> int | None:
            return _fold_candidate(a, ci, length)

        result = _match_in_order(f, rest, cand, budget[0])
        budget[0] -= length
        return result

    def place(k: int, free: list[int]) -> list[tuple[int, int]] | None:
        if k == len(floated):
            return fold(free)
        p = floated[k]
        # Smallest point difference first, then the highest-placed partner.
        options = sorted(free, key=lambda q: ((f.points[p] - f.points[q]) ** 2, q))
        for q in options:
            if budget[0] < 0:
                return None
            if q in f.met[p]:
                continue
            budget[0] -= 1
            rest = [x for x in free if x != q]
            sub = place(k + 1, rest) if q not in floated else None
            if sub is not None:
                return [(p, q), *sub]
        return None

    # Floated players pair among each other only when needed: try residents first. (When a
    # whole group has floated in, skip straight to pairing the pool in standings order.)
    if len(floated) <= _MAX_PLACED_FLOATS:
        result = place(0, list(residents))
        if result is not None:
            return result
    order = sorted(pool)
    return _match_in_order(
        f, order, lambda a, ci: a + 1 + ci if a + 1 + ci < len(order) else None, budget[0] + 2000
    )


def _choose_bye(f: _Field, members: Sequence[int]) -> int:
    fresh = [k for k in reversed(members) if f.byes[k] == 0]
    repeat = [k for k in reversed(members) if f.byes[k] > 0]
    for k in [*fresh, *repeat]:
        if _completable(f, [x for x in members if x != k]):
            return k
    return (fresh or repeat)[0]


def _fewest_rematches(f: _Field, verts: Sequence[int]) -> list[tuple[int, int]]:
    """Last resort when no rematch-free pairing of ``verts`` exists: a maximum matching of
    the allowed tables, then the players it leaves over paired in standings order (every
    table among them is a rematch, else the matching would not be maximum)."""
    order = sorted(verts)
    local = {v: k for k, v in enumerate(order)}
    adj = [[local[u] for u in order if u != v and u not in f.met[v]] for v in order]
    match = _Blossom(adj).run()
    pairs = [(order[k], order[m]) for k, m in enumerate(match) if 0 <= k < m]
    left = [order[k] for k, m in enumerate(match) if m < 0]
    pairs.extend(zip(left[0::2], left[1::2], strict=True))
    return pairs


def _solve_fast(
    f: _Field, members: Sequence[int], residue_limit: int
) -> tuple[list[tuple[int, int]], int | None]:
    """Top-down score groups; the last ``residue_limit`` players are solved exactly."""
    members = sorted(members)
    bye: int | None = None
    if len(members) % 2:
        bye = _choose_bye(f, members)
        members = [m for m in members if m != bye]
    groups: list[list[int]] = []
    for m in members:
        if not groups or f.group[groups[-1][0]] != f.group[m]:
            groups.append([])
        groups[-1].append(m)
    pairs: list[tuple[int, int]] = []
    carried: list[int] = []
    for gi, group in enumerate(groups):
        pool = carried + group
        below = [m for g in groups[gi + 1 :] for m in g]
        if len(pool) + len(below) <= residue_limit:
            # The bottom of the standings is small enough to pair optimally.
            rest_pairs, _ = _solve_exact(f, pool + below, allow_bye=False)
            pairs.extend(rest_pairs)
            return pairs, bye
        resident = f.group[group[0]]
        outcome = _pair_pool(f, pool, below, resident)
        if outcome is None:
            residue = pool + below
            if len(residue) <= EXACT_LIMIT:
                rest_pairs, _ = _solve_exact(f, residue, allow_bye=False)
            else:
                rest_pairs = _fewest_rematches(f, residue)
            pairs.extend(rest_pairs)
            return pairs, bye
        new_pairs, carried = outcome
        pairs.extend(new_pairs)
    if carried:  # pragma: no cover - the last pool never floats (checked in _pair_pool)
        pairs.extend(_fewest_rematches(f, carried))
    return pairs, bye


def _pair_pool(
    f: _Field, pool: list[int], below: list[int], resident: int
) -> tuple[list[tuple[int, int]], list[int]] | None:
    """Pair ``pool`` leaving as few (and as low) floats as keep ``below`` pairable."""
    n = len(pool)
    sizes = list(range(n % 2, min(n, n % 2 + _MAX_EXTRA_FLOATS) + 1, 2))
    if n not in sizes:
        sizes.append(n)  # last resort: the whole pool joins the group below
    bottom_up = list(reversed(pool))
    for k in sizes:
        if not below and k > 0:
            break
        for combo in itertools.islice(itertools.combinations(bottom_up, k), _FLOAT_COMBOS):
            floats = sorted(combo)
            if (below or floats) and not _completable(f, floats + below):
                continue
            chosen = set(floats)
            inside = [p for p in pool if p not in chosen]
            pairs = _pair_inside(f, inside, resident) if inside else []
            if pairs is not None:
                return pairs, floats
    return None


# --- public entry point -----------------------------------------------------------------------


def _natural_partner(f: _Field, i: int) -> int | None:
    g = f.group[i]
    size = f.gsize[g]
    h = size // 2
    if f.gpos[i] < h:
        return i + h
    return None


def _assemble(
    f: _Field,
    pairs: Sequence[tuple[int, int]],
    bye: int | None,
    *,
    round_number: int,
    seed: int,
) -> RoundPairings:
    ordered = sorted((min(a, b), max(a, b)) for a, b in pairs)
    tables: list[Pairing] = []
    rematches: list[tuple[str, str]] = []
    pair_downs = 0
    for t, (a, b) in enumerate(ordered, start=1):
        ida, idb = f.ids[a], f.ids[b]
        is_rematch = b in f.met[a]
        is_down = f.points[a] != f.points[b]
        if is_rematch:
            reason = explain.rematch(ida, idb)
            rematches.append((ida, idb))
        else:
            if is_down:
                pair_downs += 1
                reason = explain.pair_down(ida, f.points[a], f.points[b])
            else:
                reason = explain.same_group(f.points[a])
            natural = _natural_partner(f, a)
            if natural is not None and natural != b and natural in f.met[a]:
                reason = explain.rematch_avoided(reason, ida, f.ids[natural])
        tables.append(Pairing(t, (ida, idb), reason, rematch=is_rematch, pair_down=is_down))
    bye_out: Bye | None = None
    repeat = 0
    if bye is not None:
        pid = f.ids[bye]
        if f.byes[bye] > 0:
            repeat = 1
            bye_reason = explain.bye_repeat(pid)
        else:
            skipped = tuple(f.ids[k] for k in range(f.size - 1, bye, -1) if f.byes[k] == 0)
            bye_reason = explain.bye_lowest(pid, skipped)
        bye_out = Bye(pid, bye_reason)
    rem = tuple(rematches)
    summary = RoundSummary(
        pairs=len(tables),
        pair_downs=pair_downs,
        rematches=rem,
        byes=0 if bye is None else 1,
        repeat_byes=repeat,
        reason=explain.round_summary(
            round_number, len(tables), pair_downs, rem, 0 if bye is None else 1
        ),
    )
    return RoundPairings(
        round_number=round_number,
        seed=seed,
        pairings=tuple(tables),
        bye=bye_out,
        summary=summary,
        objective=_objective(f, ordered, bye),
    )


def _pair(
    players: Sequence[PlayerRecord],
    *,
    round_number: int,
    seed: int,
    config: ScoringConfig,
    exact_limit: int,
) -> RoundPairings:
    if round_number < 1:
        raise InvalidPairingInputError("round", "must be at least 1")
    f = _build_field(players, seed=seed, config=config, use_rank=round_number > 1)
    members = list(range(f.size))
    if f.size <= exact_limit:
        pairs, bye = _solve_exact(f, members, allow_bye=True)
    else:
        pairs, bye = _solve_fast(f, members, exact_limit)
    return _assemble(f, pairs, bye, round_number=round_number, seed=seed)


def pair_round(
    players: Sequence[PlayerRecord],
    *,
    round_number: int,
    seed: int,
    config: ScoringConfig | None = None,
) -> RoundPairings:
    """Pair one Swiss round.

    Dropped players are left out; with an odd number of active players one of them gets the
    bye. Round 1 orders players by a hash of ``seed`` and their id (seeded-random); later
    rounds by match points, then ``PlayerRecord.rank``, then that hash. The same input in any
    order with the same seed gives the same pairing.
    """
    return _pair(
        players,
        round_number=round_number,
        seed=seed,
        config=config or ScoringConfig(),
        exact_limit=EXACT_LIMIT,
    )
