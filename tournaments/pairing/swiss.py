"""Swiss pairing: one round at a time, minimising :class:`PairingObjective`.

Two solvers share one objective:

* an exact one (dynamic programming over subsets) for fields of at most ``EXACT_LIMIT``
  active players, including the choice of the bye; it is exact on every term;
* one for larger fields, exact on every term but the last (the fold inside groups), at any
  size. It works in four steps.

1. **The bye** goes to the lowest-ranked player without one whose absence leaves a
   rematch-free pairing of everyone else, else the same among players who had one. Dirac's
   theorem settles each check at once when the field is large (everyone may still meet half
   of it), a maximum matching (Edmonds' blossom algorithm) otherwise. Terms 2 and 3 depend on
   the bye alone, so this is optimal for terms 1 to 3 whenever a rematch-free pairing exists.
   If none does (only possible with fewer than ``2 * max_met + 2`` players), the bye goes to
   the most preferred player whose absence leaves the largest matching of unplayed tables,
   and the rest is a minimum-cost perfect matching of the whole (small) field with rematches
   first in the cost: exact on terms 1 to 7.

2. **The tables across score groups, by the bound.** Every rematch-free pairing sends at
   least ``d`` players of a group across, where ``d`` is how many a best pairing inside the
   group leaves out (its parity by Dirac when the group is large, else from a maximum
   matching); so there are at least ``sum(d) / 2`` pair-downs, and a pairing that reaches
   that sends exactly ``d`` from each group. When each group sends none, one (any player
   whose group can be paired without them) or all of its players (they have all met one
   another), the engine matches those seats with a minimum-cost perfect matching of a few
   dozen nodes, each table costing what its best eligible players cost (terms 4 to 7, one
   integer). If every seat finds a partner, the bound is met, so the count is optimal and
   the matching is optimal on terms 5 to 7 among the pairings that meet it: exact.

3. **Otherwise, a minimum-cost perfect matching** (:mod:`tournaments.pairing.matching`)
   over a reduced graph, with costs that encode terms 4 to 7 in one integer. A group is kept
   whole unless it is large; of a large group only windows of its highest and lowest
   players are kept, with one stand-in for the middle when that is odd. The reduction loses
   no optimum: two tables across groups from one group whose opponents have not met could be
   rearranged to save a pair-down, so an optimal pairing has at most ``clique`` of them (the
   most players who have all met each other), and a middle player at such a table can give
   the seat to a window player who is not at one and has not met the opponent, making the
   standings distance smaller and nothing else worse. The windows are sized for both
   (:func:`_window`), and the middle of a large group can be paired inside whatever leaves
   it (Dirac). The tests check this step against step 2 wherever both apply; in simulated
   events of 10,000 players the reduced graph has a few hundred vertices.

4. **Inside each group** the players left are paired top half against bottom half, with
   exchanges (by backtracking) to avoid rematches, or by a maximum matching when the
   exchanges run out; a rematch-free pairing of them exists by construction. This step
   follows the fold but does not prove it minimal.

Cost: one pass over the field for the groups and the bound, Dirac instead of matchings on
large groups, a matching of a few dozen seats, and the fold: close to linear in the field.
"""

from __future__ import annotations

import hashlib
import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from tournaments.pairing import explain
from tournaments.pairing.explain import Reason
from tournaments.pairing.matching import max_weight_matching
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

_RADIX = 1 << 48  # digit size of the exact solver's encoded objective (fields of <= 16)


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


def _width(f: _Field) -> int:
    """Length of the flat objective vector: the 4 leading terms, one per boundary, 3 more."""
    return 4 + max(len(f.gsize) - 1, 0) + 3


def _pair_vector(f: _Field, i: int, j: int) -> list[int]:
    """Objective contribution of the table (i, j) as a flat vector."""
    if i > j:
        i, j = j, i
    n_bound = max(len(f.gsize) - 1, 0)
    vec = [0] * _width(f)
    vec[0] = 1 if j in f.met[i] else 0
    gi, gj = f.group[i], f.group[j]
    if gi != gj:
        vec[3] = 1
    for b in range(gi, gj):
        vec[4 + b] += 1
    vec[4 + n_bound] = (f.points[i] - f.points[j]) ** 2
    if gi != gj:
        vec[5 + n_bound] = j - i
    else:
        vec[6 + n_bound] = abs((f.gpos[j] - f.gpos[i]) - f.gsize[gi] // 2)
    return vec


def _bye_vector(f: _Field, k: int) -> list[int]:
    vec = [0] * _width(f)
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
    total = [0] * _width(f)
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
        pair_downs=total[3],
        crossings=tuple(total[4 : 4 + n_bound]),
        score_gap=total[4 + n_bound],
        float_distance=total[5 + n_bound],
        fold=total[6 + n_bound],
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


def _split_groups(f: _Field, members: Sequence[int]) -> list[list[int]]:
    """``members`` (in standings order) cut into their score groups."""
    groups: list[list[int]] = []
    for m in members:
        if not groups or f.group[groups[-1][0]] != f.group[m]:
            groups.append([])
        groups[-1].append(m)
    return groups


def _inner_degree(f: _Field, group: Sequence[int]) -> int:
    """The most opponents a player of ``group`` has already met inside it."""
    inside = set(group)
    return max((len(f.met[v] & inside) for v in group), default=0)


def _pairable_without(f: _Field, group: Sequence[int], inner: int, left_out: int | None) -> bool:
    """Can ``group`` less ``left_out`` be paired inside itself without a rematch?

    ``inner`` bounds how many players of the group each one has met. Dirac's theorem answers
    at once when the rest has at least ``2 * inner + 2`` players; a maximum matching otherwise.
    """
    size = len(group) - (left_out is not None)
    if size % 2:
        return False
    if size >= 2 * inner + 2:
        return True
    return _has_perfect_matching(f, [x for x in group if x != left_out])


def _deficiency(f: _Field, group: Sequence[int], inner: int) -> int:
    """How many players of ``group`` any rematch-free pairing inside it leaves out."""
    extra = len(group) % 2
    if len(group) - extra >= 2 * inner + 2:
        return extra  # Dirac: the group, less any player when odd, can be paired inside
    local = {v: k for k, v in enumerate(group)}
    adj = [[local[u] for u in group if u != v and u not in f.met[v]] for v in group]
    return sum(1 for m in _Blossom(adj).run() if m < 0)


def _cost_encoder(f: _Field, groups: Sequence[Sequence[int]]) -> Callable[[int, int], int]:
    """Terms 4 to 7 of the objective for one table ``(u, x)``, ``u`` placed higher, as one
    integer: the pair-down, then the boundaries crossed (top first), then the squared point
    difference, then the standings distance, each digit wide enough for a whole round."""
    n = sum(len(g) for g in groups)
    local = {f.group[g[0]]: k for k, g in enumerate(groups)}
    n_bound = len(groups) - 1
    radix_cross = n // 2 + 1
    radix_gap = (n // 2) * (f.points[groups[0][0]] - f.points[groups[-1][0]]) ** 2 + 1
    radix_dist = (n // 2) * f.size + 1
    below = [0] * (n_bound + 1)  # below[k]: the boundaries under group k, as digits
    for k in range(n_bound - 1, -1, -1):
        below[k] = below[k + 1] + radix_cross ** (n_bound - 1 - k)
    down = radix_cross**n_bound

    def cost(u: int, x: int) -> int:
        a, b = local[f.group[u]], local[f.group[x]]
        head = (down if a != b else 0) + below[a] - below[b]
        return (head * radix_gap + (f.points[u] - f.points[x]) ** 2) * radix_dist + (x - u)

    return cost


def _best_float(
    f: _Field,
    upper: Sequence[int],
    lower: Sequence[int],
    may_leave: Callable[[int], bool],
) -> tuple[int, int] | None:
    """The table across two score groups with the smallest standings distance.

    Candidates are tried by increasing distance: the lowest player of ``upper`` and the
    highest of ``lower`` first. A player qualifies if ``may_leave`` (their group can be
    paired without them) and the two have not met.
    """
    for total in range(len(upper) + len(lower) - 1):
        for b in range(max(0, total - len(lower) + 1), min(total, len(upper) - 1) + 1):
            u = upper[len(upper) - 1 - b]
            x = lower[total - b]
            if x not in f.met[u] and may_leave(u) and may_leave(x):
                return (u, x)
    return None


def _plan_by_floaters(f: _Field, groups: Sequence[Sequence[int]]) -> list[tuple[int, int]] | None:
    """The tables across score groups of an optimal pairing when the lower bound on
    pair-downs can be met, else None.

    The bound (valid for every rematch-free pairing): a group whose best pairing inside
    itself leaves out ``d`` players sends at least ``d`` players across, so there are at least
    ``sum(d) / 2`` pair-downs. A pairing that meets it sends exactly ``d`` from each group.
    This plan handles the groups where that choice is simple: ``d`` is 0 (nobody leaves), 1
    (one player leaves, any whose group can be paired without them) or the whole group (its
    players have all met one another). Each group that sends one player becomes one node,
    each player of the last kind a node of their own; a table between two nodes costs what
    the best eligible players for it cost (one choice per table, since each node sits at one
    table), and a minimum-cost perfect matching of the nodes then gives the pairing, optimal
    on terms 4 to 7 among all those that meet the bound, hence among all. Returns None when
    a group leaves out some but not all of several players, or when the nodes cannot be
    perfectly matched (then the bound cannot be met).
    """
    inner = [_inner_degree(f, g) for g in groups]
    nodes: list[tuple[int, list[int]]] = []  # (group, the players who may take the seat)
    whole: set[int] = set()
    for k, g in enumerate(groups):
        d = _deficiency(f, g, inner[k])
        if d == 1:
            nodes.append((k, list(g)))
        elif d == len(g):
            nodes.extend((k, [v]) for v in g)
            whole.update(g)
        elif d:
            return None
    group_of = {v: k for k, g in enumerate(groups) for v in g}
    leave_ok: dict[int, bool] = {}

    def may_leave(v: int) -> bool:
        if v in whole:
            return True
        hit = leave_ok.get(v)
        if hit is None:
            k = group_of[v]
            hit = _pairable_without(f, groups[k], inner[k], v)
            leave_ok[v] = hit
        return hit

    cost = _cost_encoder(f, groups)
    choice: dict[tuple[int, int], tuple[int, int]] = {}
    costs: list[tuple[int, int, int]] = []
    for a, (ka, upper) in enumerate(nodes):
        for b in range(a + 1, len(nodes)):
            kb, lower = nodes[b]
            if ka == kb:
                continue
            table = _best_float(f, upper, lower, may_leave)
            if table is not None:
                choice[(a, b)] = table
                costs.append((a, b, cost(*table)))
    ceiling = max((c for _, _, c in costs), default=0) + 1
    mate = max_weight_matching(len(nodes), [(a, b, ceiling - c) for a, b, c in costs])
    if any(m < 0 for m in mate):
        return None
    return [choice[(a, b)] for a, b in enumerate(mate) if a < b]


def _clique_number(f: _Field, verts: Sequence[int]) -> int:
    """The largest number of players in ``verts`` who have all met one another."""
    inside = set(verts)
    nbrs = {v: f.met[v] & inside for v in verts}
    best = 1 if verts else 0

    def grow(cands: set[int], size: int) -> None:
        nonlocal best
        best = max(best, size)
        for w in sorted(cands):
            if size + len(cands) <= best:
                return
            cands = cands - {w}
            grow(cands & nbrs[w], size + 1)

    for v in verts:
        grow({w for w in nbrs[v] if w > v}, 1)
    return best


def _window(f: _Field, group: Sequence[int], clique: int, *, top: bool) -> int:
    """How many players at the top (or bottom) of a group may be seated across groups.

    Enough that, whatever table across groups an optimal pairing has, the window holds a
    player not at another cross table (at most ``clique`` of those, see
    :func:`_plan_by_matching`) who has not met the opponent (at most ``mu`` window players
    have met any one player outside the group).
    """
    inside = set(group)
    size = clique + 1
    while size <= len(group):
        part = group[:size] if top else group[len(group) - size :]
        seen: dict[int, int] = {}
        for v in part:
            for x in f.met[v]:
                if x not in inside:
                    seen[x] = seen.get(x, 0) + 1
        need = clique + max(seen.values(), default=0) + 1
        if size >= need:
            return size
        size = need
    return size


def _plan_by_matching(f: _Field, groups: Sequence[Sequence[int]]) -> list[tuple[int, int]] | None:
    """The pair-downs of an optimal rematch-free pairing: a minimum-cost perfect matching.

    Costs encode, most significant first, one pair-down, the boundaries the table crosses
    (from the top), the squared point difference and the standings distance; a table inside
    a group costs nothing. The graph is reduced without losing an optimum. A group of ``s``
    players whose players have each met at most ``r`` of the others is *large* when
    ``s >= top + bottom + 2r + 2`` for the windows of :func:`_window`; only its ``top``
    highest and ``bottom`` lowest players are kept (plus one stand-in for the middle if that
    is odd), all free to sit together, since whatever leaves the middle can be paired inside
    (Dirac). Other groups keep every player and only their unplayed tables. Why an optimal
    pairing uses only window players at tables across groups: if two such tables of one group
    had opponents who have not met, seating those two opponents together and the two group
    players back inside would save a pair-down; so the opponents have all met one another
    and there are at most ``clique`` (the largest set of players who all met) such tables.
    A middle player at a table across groups can then give the seat to a window player
    (lower for a pair-down, higher when receiving one) who has not met the opponent, leaving
    every other term equal and the standings distance smaller. Returns None when no perfect
    matching exists.
    """
    rest = [v for g in groups for v in g]
    clique = _clique_number(f, rest)
    player: list[int] = []  # local vertex -> player index, -1 for the stand-in of a middle
    tops: list[list[int]] = []
    bottoms: list[list[int]] = []
    inside_edges: list[tuple[int, int]] = []

    def add(vs: Sequence[int]) -> list[int]:
        ids = list(range(len(player), len(player) + len(vs)))
        player.extend(vs)
        return ids

    for g in groups:
        inner = _inner_degree(f, g)
        top = _window(f, g, clique, top=True)
        bottom = _window(f, g, clique, top=False)
        if len(g) >= top + bottom + 2 * inner + 2:
            top_ids = add(g[:top])
            bottom_ids = add(g[len(g) - bottom :])
            gadget = top_ids + bottom_ids
            if (len(g) - top - bottom) % 2:
                gadget.append(len(player))
                player.append(-1)
            inside_edges.extend(itertools.combinations(gadget, 2))
        else:
            top_ids = bottom_ids = add(g)
            inside_edges.extend(
                (a, b)
                for a, b in itertools.combinations(top_ids, 2)
                if player[b] not in f.met[player[a]]
            )
        tops.append(top_ids)
        bottoms.append(bottom_ids)
    cost = _cost_encoder(f, groups)
    cross: list[tuple[int, int, int]] = []
    for gi in range(len(groups)):
        for hi in range(gi + 1, len(groups)):
            for a in bottoms[gi]:
                u = player[a]
                cross.extend(
                    (a, c, cost(u, player[c])) for c in tops[hi] if player[c] not in f.met[u]
                )
    ceiling = max((c for _, _, c in cross), default=0) + 1
    edges = [(a, b, ceiling) for a, b in inside_edges]
    edges.extend((a, c, ceiling - price) for a, c, price in cross)
    start: list[tuple[int, int]] = []
    taken: set[int] = set()
    for a, b in inside_edges:
        if a not in taken and b not in taken:
            taken.update((a, b))
            start.append((a, b))
    mate = max_weight_matching(len(player), edges, start=start)
    if any(m < 0 for m in mate):
        return None
    return [
        (player[a], player[b])
        for a, b in enumerate(mate)
        if a < b and player[a] >= 0 and player[b] >= 0 and f.group[player[a]] != f.group[player[b]]
    ]


def _pair_group(f: _Field, residents: Sequence[int]) -> list[tuple[int, int]]:
    """Pair the players left in a score group: top half against bottom half, with exchanges
    to avoid rematches; a maximum matching if the exchanges run out of budget."""
    if not residents:
        return []
    size = len(residents)
    folded = _match_in_order(
        f, residents, lambda a, ci: _fold_candidate(a, ci, size), 40 * size + 2000
    )
    if folded is not None:
        return folded
    return _fewest_rematches(f, residents)


def _choose_bye(f: _Field, members: Sequence[int]) -> int:
    """The lowest-ranked player without a bye whose absence leaves a rematch-free pairing;
    failing that, the same among players who had one; failing that (no rematch-free pairing
    at all), the most preferred player whose absence leaves the fewest rematches."""
    fresh = [k for k in reversed(members) if f.byes[k] == 0]
    repeat = [k for k in reversed(members) if f.byes[k] > 0]
    order = [*fresh, *repeat]
    for k in order:
        if _completable(f, [x for x in members if x != k]):
            return k
    best, best_size = order[0], -1
    for k in order:
        rest = [x for x in members if x != k]
        local = {v: i for i, v in enumerate(rest)}
        adj = [[local[u] for u in rest if u != v and u not in f.met[v]] for v in rest]
        size = sum(1 for m in _Blossom(adj).run() if m >= 0)
        if size > best_size:
            best, best_size = k, size
    return best


def _fewest_rematches(f: _Field, verts: Sequence[int]) -> list[tuple[int, int]]:
    """A maximum matching of the allowed tables, then the players it leaves over paired in
    standings order (every table among them is a rematch, else the matching would not be
    maximum): as few rematches as possible."""
    order = sorted(verts)
    local = {v: k for k, v in enumerate(order)}
    adj = [[local[u] for u in order if u != v and u not in f.met[v]] for v in order]
    match = _Blossom(adj).run()
    pairs = [(order[k], order[m]) for k, m in enumerate(match) if 0 <= k < m]
    left = [order[k] for k, m in enumerate(match) if m < 0]
    pairs.extend(zip(left[0::2], left[1::2], strict=True))
    return pairs


def _solve_with_rematches(f: _Field, verts: Sequence[int]) -> list[tuple[int, int]]:
    """No rematch-free pairing exists: a minimum-cost perfect matching of the whole graph,
    rematches first in the cost (the field is small here: fewer than ``2 * max_met + 2``)."""
    order = sorted(verts)
    vectors = {(a, b): _pair_vector(f, a, b) for a, b in itertools.combinations(order, 2)}
    width = len(next(iter(vectors.values()))) if vectors else 0
    keep = [0, *range(3, width - 1)]  # rematches, pair-downs, crossings, gap, distance
    radix = len(order) * (f.size + 1) * (1 + (f.points[order[0]] - f.points[order[-1]]) ** 2)
    costs = {}
    for key, vec in vectors.items():
        value = 0
        for k in keep:
            value = value * radix + vec[k]
        costs[key] = value
    ceiling = max(costs.values(), default=0) + 1
    local = {v: k for k, v in enumerate(order)}
    edges = [(local[a], local[b], ceiling - c) for (a, b), c in costs.items()]
    mate = max_weight_matching(len(order), edges)
    return [(order[k], order[m]) for k, m in enumerate(mate) if 0 <= k < m]


def _solve_large(f: _Field, members: Sequence[int]) -> tuple[list[tuple[int, int]], int | None]:
    """The bye, then the tables across score groups (by the parity bounds when they are met,
    else by a minimum-cost matching), then each group paired inside."""
    members = sorted(members)
    bye: int | None = None
    if len(members) % 2:
        bye = _choose_bye(f, members)
        members = [m for m in members if m != bye]
    if not members:
        return [], bye
    if not _completable(f, members):
        return _solve_with_rematches(f, members), bye
    groups = _split_groups(f, members)
    cross = _plan_by_floaters(f, groups)
    if cross is None:
        cross = _plan_by_matching(f, groups)
    if cross is None:  # pragma: no cover - a rematch-free pairing exists (checked above)
        return _fewest_rematches(f, members), bye
    seated = {v for table in cross for v in table}
    pairs = list(cross)
    for g in groups:
        pairs.extend(_pair_group(f, [v for v in g if v not in seated]))
    return pairs, bye


# --- public entry point -----------------------------------------------------------------------


def _pair_downs_lower_bound(sizes: Sequence[int]) -> int:
    """The fewest pair-downs of any pairing of score groups of these sizes (top first).

    The parity walk of the score groups: going down from the top, a group whose size plus the
    floater it received is odd passes one player down. A floater that passes through several groups
    is one player: a group that received one and is still odd passes the same player on, so only
    a group that received none and is odd passes a new one. The count of those is the bound.
    It ignores rematches: it holds for every pairing, rematches or not, and is reached by
    some pairing once rematches are allowed.

    Why it is a lower bound. Call the boundary below group ``g`` *odd* when an odd number of
    players sit above it; a group passes a player down exactly when the boundary below it is
    odd, and the walk counts the maximal runs of consecutive odd boundaries: a run of the
    boundaries below groups ``l`` to ``r`` counts one, at group ``l``. In any pairing let
    ``c(g)`` be the number of tables across the boundary below ``g`` (one player above, one
    below), and ``c = 0`` above the top group and below the last (the field is even). The
    players above a boundary are paired among themselves but for those ``c`` tables, so
    ``c(g)`` has the parity of the boundary: odd on the run, even on the boundaries just
    above and just below it. So the parity of ``c`` changes at two groups per run, ``l`` and
    ``r + 1``, and two runs never share such a group (an even boundary lies between them).
    ``c`` changes at a group by the tables that start there (a player of the group against
    a lower one) minus those that end there, so a parity change at a group needs a pair-down
    with an end in it. A pair-down, however many groups it spans, has two ends, so it
    supplies at most two of the ``2 * runs`` groups: pair-downs >= runs. Rematches aside the
    bound is reached: one table from group ``l`` to group ``r + 1`` per run (it crosses
    exactly the run's boundaries) leaves every group even.
    """
    passed = 0
    carried = 0
    for size in sizes:
        odd = (size + carried) % 2
        if odd and not carried:
            passed += 1
        carried = odd
    return passed


def _parity_walk(f: _Field, seated: Sequence[int]) -> int:
    """:func:`_pair_downs_lower_bound` of the score groups of ``seated``."""
    sizes: dict[int, int] = {}
    for v in seated:
        sizes[f.group[v]] = sizes.get(f.group[v], 0) + 1
    return _pair_downs_lower_bound([sizes[g] for g in sorted(sizes)])


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
        if is_down:  # a pair-down is any table across match points, a rematch or not
            pair_downs += 1
        if is_rematch:
            reason = explain.rematch(ida, idb)
            rematches.append((ida, idb))
        else:
            if is_down:
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
    bound = _parity_walk(f, [v for table in ordered for v in table])
    summary = RoundSummary(
        pairs=len(tables),
        pair_downs=pair_downs,
        rematches=rem,
        byes=0 if bye is None else 1,
        repeat_byes=repeat,
        reason=explain.round_summary(
            round_number, len(tables), pair_downs, rem, 0 if bye is None else 1, bound, f.size
        ),
        pair_downs_lower_bound=bound,
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
    _validate(players)
    awarded = [p for p in players if not p.dropped and p.awarded_byes >= round_number]
    if awarded:  # they sit out this round with their bye; the rest are paired as usual
        sitting_out = {p.id for p in awarded}
        players = [replace(p, dropped=True) if p.id in sitting_out else p for p in players]
    f = _build_field(players, seed=seed, config=config, use_rank=round_number > 1)
    members = list(range(f.size))
    if f.size <= exact_limit:
        pairs, bye = _solve_exact(f, members, allow_bye=True)
    else:
        pairs, bye = _solve_large(f, members)
    result = _assemble(f, pairs, bye, round_number=round_number, seed=seed)
    fixed = {p.id: p.fixed_table for p in players if p.fixed_table is not None}
    return replace(
        result,
        pairings=_seat(result.pairings, fixed) if fixed else result.pairings,
        awarded_byes=tuple(
            Bye(p.id, explain.bye_awarded(p.id, p.awarded_byes))
            for p in sorted(awarded, key=lambda p: p.id)
        ),
    )


def _nearest_free(wanted: int, used: set[int]) -> int:
    """The free table number closest to ``wanted`` (the lower one on a tie)."""
    for distance in range(wanted + len(used) + 1):
        for number in (wanted - distance, wanted + distance):
            if number >= 1 and number not in used:
                return number
    raise AssertionError("unreachable: some number up to wanted + len(used) is free")


def _seat(pairings: Sequence[Pairing], fixed: Mapping[str, int]) -> tuple[Pairing, ...]:
    """Renumber the tables so that players with fixed seating sit at their table.

    Tables are taken in order (table 1 holds the highest-placed players), so when two players
    want the same number the higher-placed one keeps it and the other gets the nearest free
    number; the other tables keep their order on the numbers left, from 1 up.
    """
    number: dict[int, int] = {}
    why: dict[int, Reason] = {}
    taken: dict[int, str] = {}
    refused: list[tuple[int, str, int]] = []
    for index, table in enumerate(pairings):
        for player in table.players:
            wanted = fixed.get(player)
            if wanted is None or index in number:
                if wanted is not None and index in number and number[index] != wanted:
                    refused.append((index, player, wanted))
                continue
            if wanted in taken:
                refused.append((index, player, wanted))
                continue
            number[index], taken[wanted] = wanted, player
            why[index] = explain.seat_fixed(player, wanted)
    used = set(taken)
    for index, player, wanted in refused:
        if index in number:  # the opponent's own fixed seating decided this table
            holder = taken[number[index]]
            why[index] = explain.seat_fixed_shared(player, wanted, holder, number[index])
            continue
        chosen = _nearest_free(wanted, used)
        number[index] = chosen
        used.add(chosen)
        why[index] = explain.seat_fixed_taken(player, wanted, taken[wanted], chosen)
    free = (n for n in itertools.count(1) if n not in used)
    seated = [
        replace(table, table=number[i] if i in number else next(free), seat_reason=why.get(i))
        for i, table in enumerate(pairings)
    ]
    return tuple(sorted(seated, key=lambda table: table.table))


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
