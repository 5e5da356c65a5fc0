"""Maximum-weight matching in a general graph: Edmonds' primal-dual blossom method.

Written for this package from the published description of the method: Edmonds, "Paths,
trees, and flowers" and "Maximum matching and a polyhedron with 0,1-vertices" (1965); Galil,
"Efficient algorithms for finding maximum matching in graphs" (ACM Computing Surveys, 1986),
whose account of the weighted case and of its O(n^3) bookkeeping this follows; the same
method is in Korte and Vygen, "Combinatorial Optimization", chapter 11.

**The certificate.** A matching ``M`` is of maximum weight when there are vertex duals
``u(v) >= 0`` and odd-set (blossom) duals ``z(B) >= 0`` with every edge's slack
``u(i) + u(j) + sum(z(B) for B holding i and j) - w(i, j)`` at least zero, every edge of
``M`` of slack zero, every ``B`` with ``z(B) > 0`` holding ``(|B| - 1) / 2`` edges of ``M``,
and every vertex with ``u(v) > 0`` matched (linear-programming duality over Edmonds' matching
polytope: the weight of any matching is at most ``sum(u) + sum(z(B) * (|B| - 1) / 2)``, and
these conditions make ``M`` reach it).

**The method.** It keeps a matching and duals that satisfy every condition but the last, and
works in *stages*, each of which either enlarges the matching by one edge or proves it
final. All unmatched vertices always carry the same dual, the smallest of all. A stage grows
an alternating forest from every unmatched vertex over edges of slack zero; the trees' *outer*
vertices (even distance from a root) and *inner* ones alternate, and an odd cycle closed by
an edge between two outer vertices of one tree is contracted into a *blossom*, an outer
vertex of the contracted graph. An edge of slack zero between two trees closes an augmenting
path: the matching is flipped along it (through the blossoms it crosses, which are rotated so
that the path enters at their base) and the stage ends. When the forest is stuck, the duals
move by the largest ``delta`` that keeps every condition: outer vertices ``-delta``, inner
ones ``+delta``, outer blossoms ``+2 delta``, inner blossoms ``-2 delta``. The limits are:

1. the duals of the outer vertices (the unmatched ones are the smallest) reach zero: the last
   condition now holds, and the matching is optimal;
2. an edge from an outer vertex to a vertex outside the forest reaches slack zero: the tree
   grows by that vertex's blossom and its partner's;
3. an edge between two outer blossoms reaches slack zero (it falls by ``2 delta``): a new
   blossom or an augmenting path;
4. an inner blossom's dual reaches zero: it is opened, its sub-blossoms on the even side of
   its cycle join the tree and the others leave it.

With ``maxcardinality`` the first limit is dropped (the duals may then go negative). The
matching after each augmentation is then of maximum weight among matchings of its size: for
any matching ``N`` of the same size, ``w(N)`` is at most the sum of the duals of the vertices
``N`` covers plus the blossom terms, and since the unmatched vertices carry the smallest dual
that is at most ``w(M)``. A stage in which no limit applies leaves no edge from an outer
vertex that is not inside its outer blossom or into an inner vertex, and no inner blossom
(limit 4 opens even those of dual zero); the inner vertices then form a Tutte-Berge set
proving that no larger matching exists. So the result is a maximum-cardinality matching of
maximum weight among those.

**Integers.** The code keeps twice the vertex duals (``pot``) and the blossom duals in units
of ``delta`` (``zeta``), so slacks are ``pot(i) + pot(j) - 2 w(i, j)`` between blossoms. Every
vertex in the forest is joined to a root by edges of slack zero, and all roots carry the
same ``pot``, so every forest vertex has the parity of the roots' ``pot`` and the slack of an
edge between two outer vertices is even: limit 3 is a whole number, as are the others, and
every figure stays an exact integer however large the weights (the pairing engine encodes a
lexicographic objective in one big integer).

**Cost.** A stage scans each vertex's edges once, when it becomes outer (outer vertices stay
outer until the stage ends). For limit 2 each vertex outside the tree remembers its
least-slack edge from an outer vertex; for limit 3 each outer blossom keeps its least-slack
edge to every other outer blossom, and a new blossom merges its members' lists, O(n) per
member; limit 4 reads the inner blossoms. A dual move costs O(n) and there are O(n) of them
per stage, so a stage is O(n^2 + m) and the whole O(n^3) for ``n`` vertices and ``m <= n^2``
edges. Edges of the largest weight are tight for the initial duals, so a matching of them
(``start``, then greedily any others) is a valid start that spares the first stages.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["max_weight_matching"]

_NONE, _OUTER, _INNER = 0, 1, 2
_AUGMENTED, _FINISHED = True, False

_Edge = tuple[int, int, int]  # (outer vertex, other vertex, twice the weight)


class _Solver:
    """The state of one run. Ids ``0..n-1`` are vertices (trivial blossoms); ids
    ``n..2n-1`` are the non-trivial blossoms, taken from and given back to ``spare``."""

    def __init__(self, n: int, adj: list[list[tuple[int, int]]], pot: int) -> None:
        size = 2 * n
        self.n = n
        self.adj = adj  # adj[v]: (neighbour, twice the weight)
        self.mate = [-1] * n
        self.pot = [pot] * n  # twice the vertex duals
        self.zeta = [0] * size  # blossom duals, in units of delta
        self.up = [-1] * size  # the blossom directly around, or -1 at the top
        self.ring: list[list[int]] = [[] for _ in range(size)]  # members, base's first
        # ring_edges[b][k] joins ring[b][k] to ring[b][k + 1] (cyclically), as (x, y) with
        # x in the first and y in the second; the odd positions hold matched edges.
        self.ring_edges: list[list[tuple[int, int]]] = [[] for _ in range(size)]
        self.base = list(range(n)) + [-1] * n
        self.top = list(range(n))  # the top-level blossom of each vertex
        self.spare = list(range(size - 1, n - 1, -1))
        # Per stage.
        self.tag = [_NONE] * size
        self.via: list[tuple[int, int]] = [(-1, -1)] * size  # inner: (its vertex, outer one)
        self.near_src = [-1] * n  # least-slack edge from an outer vertex (limit 2)
        self.near_w2 = [0] * n
        self.cands: list[dict[int, _Edge]] = [{} for _ in range(size)]  # limit 3, per blossom
        self.best: list[_Edge | None] = [None] * size
        self.queue: list[int] = []
        self.mark = [False] * size
        self.root = -1  # an unmatched vertex (limit 1 is its dual)

    # --- structure -----------------------------------------------------------------------

    def leaves(self, b: int) -> list[int]:
        if b < self.n:
            return [b]
        out: list[int] = []
        stack = [b]
        while stack:
            c = stack.pop()
            if c < self.n:
                out.append(c)
            else:
                stack.extend(self.ring[c])
        return out

    def child_holding(self, b: int, v: int) -> int:
        c = v
        while self.up[c] != b:
            c = self.up[c]
        return c

    def rebase(self, b: int, v: int) -> None:
        """Make vertex ``v`` the base of blossom ``b``: flip the matched edges on the even
        way round the cycle from ``v``'s member to the old base's, in every level."""
        n, up, ring, ring_edges, mate = self.n, self.up, self.ring, self.ring_edges, self.mate
        work = [(b, v)]
        while work:
            b, v = work.pop()
            if b < n:
                continue
            c = v
            while up[c] != b:
                c = up[c]
            work.append((c, v))
            kids, links = ring[b], ring_edges[b]
            k = len(kids)
            i = kids.index(c)
            if i & 1:  # forward to the old base: the links at even positions become matched
                for j in range(i + 1, k, 2):
                    x, y = links[j]
                    work.append((kids[j], x))
                    work.append((kids[(j + 1) % k], y))
                    mate[x], mate[y] = y, x
            else:  # backward to the old base
                for j in range(i - 2, -1, -2):
                    x, y = links[j]
                    work.append((kids[j], x))
                    work.append((kids[j + 1], y))
                    mate[x], mate[y] = y, x
            ring[b] = kids[i:] + kids[:i]
            ring_edges[b] = links[i:] + links[:i]
            self.base[b] = v

    def release(self, b: int) -> None:
        """Make the members of top-level blossom ``b`` top-level and free its id."""
        for kid in self.ring[b]:
            self.up[kid] = -1
            for x in self.leaves(kid):
                self.top[x] = kid
        self.ring[b] = []
        self.ring_edges[b] = []
        self.zeta[b] = 0
        self.tag[b] = _NONE
        self.spare.append(b)

    # --- the forest --------------------------------------------------------------------

    def set_outer(self, b: int) -> None:
        self.tag[b] = _OUTER
        self.cands[b] = {}
        self.best[b] = None
        self.queue.extend(self.leaves(b))

    def grow(self, w: int, s: int) -> None:
        """The edge (s, w) of slack zero, s outer, w outside the forest: w's blossom becomes
        inner and the blossom of its base's partner outer."""
        b = self.top[w]
        self.tag[b] = _INNER
        self.via[b] = (w, s)
        self.set_outer(self.top[self.mate[self.base[b]]])

    def parent_outer(self, b: int) -> int:
        """The outer blossom two steps above outer blossom ``b`` in its tree, or -1."""
        m = self.mate[self.base[b]]
        if m < 0:
            return -1
        return self.top[self.via[self.top[m]][1]]

    def apex(self, v: int, w: int) -> int:
        """The lowest common outer blossom of the trees of ``v`` and ``w``, or -1 if their
        trees differ (climbing both paths in turn, so the cost is that of the paths)."""
        mark = self.mark
        seen: list[int] = []
        a, b = self.top[v], self.top[w]
        found = -1
        while a >= 0 or b >= 0:
            if a >= 0:
                if mark[a]:
                    found = a
                    break
                mark[a] = True
                seen.append(a)
                a = self.parent_outer(a)
            a, b = b, a
        for x in seen:
            mark[x] = False
        return found

    def climb(self, b: int, apex: int) -> list[tuple[int, tuple[int, int]]]:
        """The blossoms from ``b`` up to ``apex`` (excluded), each with its edge to the next,
        as (x in it, y in the next)."""
        top, mate, base, via = self.top, self.mate, self.base, self.via
        out: list[tuple[int, tuple[int, int]]] = []
        while b != apex:
            x = base[b]
            y = mate[x]
            t = top[y]
            out.append((b, (x, y)))
            p, q = via[t]
            out.append((t, (p, q)))
            b = top[q]
        return out

    def form(self, apex: int, v: int, w: int) -> None:
        """The edge (v, w) of slack zero closes an odd cycle through ``apex``: contract it."""
        side_v = self.climb(self.top[v], apex)
        side_w = self.climb(self.top[w], apex)
        nb = self.spare.pop()
        kids = [apex] + [b for b, _ in reversed(side_v)] + [b for b, _ in side_w]
        links = [(y, x) for _, (x, y) in reversed(side_v)] + [(v, w)] + [e for _, e in side_w]
        tag, pot, top = self.tag, self.pot, self.top
        for kid in kids:
            self.up[kid] = nb
            if tag[kid] == _INNER:
                self.queue.extend(self.leaves(kid))  # its vertices are outer from now on
        self.ring[nb] = kids
        self.ring_edges[nb] = links
        self.base[nb] = self.base[apex]
        self.zeta[nb] = 0
        self.up[nb] = -1
        tag[nb] = _OUTER
        for x in self.leaves(nb):
            top[x] = nb
        merged: dict[int, _Edge] = {}
        for kid in kids:
            if tag[kid] != _OUTER:
                continue
            for e in self.cands[kid].values():
                other = top[e[1]]
                if other == nb:
                    continue
                old = merged.get(other)
                if old is None or pot[e[0]] + pot[e[1]] - e[2] < pot[old[0]] + pot[old[1]] - old[2]:
                    merged[other] = e
            self.cands[kid] = {}
            self.best[kid] = None
        self.cands[nb] = merged
        self.best[nb] = min(
            merged.values(), key=lambda e: pot[e[0]] + pot[e[1]] - e[2], default=None
        )

    def augment(self, v: int, w: int) -> None:
        """Flip the matching along root ... v - w ... root."""
        for s, o in ((v, w), (w, v)):
            while True:
                b = self.top[s]
                t0 = self.mate[self.base[b]]
                self.rebase(b, s)
                self.mate[s] = o
                if t0 < 0:
                    break
                inner = self.top[t0]
                t1, s1 = self.via[inner]
                self.rebase(inner, t1)
                self.mate[t1] = s1
                s, o = s1, t1

    def meet(self, v: int, w: int) -> bool:
        """An edge of slack zero between outer vertices in different blossoms."""
        a = self.apex(v, w)
        if a < 0:
            self.augment(v, w)
            return _AUGMENTED
        self.form(a, v, w)
        return False

    def open_inner(self, b: int) -> None:
        """Open inner blossom ``b`` (its dual is zero): the members on the even way round its
        cycle from where the tree enters to its base stay in the tree, alternately inner and
        outer; the others leave it."""
        t, s = self.via[b]
        entry = self.child_holding(b, t)
        kids, links = self.ring[b], self.ring_edges[b]
        k = len(kids)
        tag, via = self.tag, self.via
        self.release(b)
        for kid in kids:
            tag[kid] = _NONE
        i = kids.index(entry)
        tag[entry] = _INNER
        via[entry] = (t, s)
        if i & 1:
            for j in range(i, k, 2):
                self.set_outer(kids[j + 1])
                x, y = links[j + 1]
                nxt = kids[(j + 2) % k]
                tag[nxt] = _INNER
                via[nxt] = (y, x)
        else:
            for j in range(i, 0, -2):
                self.set_outer(kids[j - 1])
                x, y = links[j - 2]
                tag[kids[j - 2]] = _INNER
                via[kids[j - 2]] = (x, y)

    # --- a stage -----------------------------------------------------------------------

    def scan(self, v: int) -> bool:
        """Look at every edge of the outer vertex ``v``."""
        top, pot, tag = self.top, self.pot, self.tag
        near_src, near_w2, cands, best = self.near_src, self.near_w2, self.cands, self.best
        pv = pot[v]
        for w, w2 in self.adj[v]:
            bv = top[v]
            bw = top[w]
            if bv == bw:
                continue
            slack = pv + pot[w] - w2
            if tag[bw] == _OUTER:
                if slack == 0:
                    if self.meet(v, w):
                        return _AUGMENTED
                    continue
                old = cands[bv].get(bw)
                if old is None or slack < pot[old[0]] + pot[old[1]] - old[2]:
                    cands[bv][bw] = (v, w, w2)
                    cur = best[bv]
                    if cur is None or slack < pot[cur[0]] + pot[cur[1]] - cur[2]:
                        best[bv] = (v, w, w2)
                continue
            s = near_src[w]
            if s < 0 or slack < pot[s] + pot[w] - near_w2[w]:
                near_src[w] = v
                near_w2[w] = w2
            if slack == 0 and tag[bw] == _NONE:
                self.grow(w, v)
        return False

    def begin(self, roots: list[int]) -> None:
        for b in set(self.top):
            self.tag[b] = _NONE
        self.near_src = [-1] * self.n
        self.queue = []
        self.root = roots[0]
        for r in roots:
            self.set_outer(self.top[r])

    def limit(self, maxcardinality: bool) -> tuple[int, int, tuple[int, int]]:
        """The next dual move: (which limit, delta, what reaches it); limit 0 if none."""
        pot, tag, top = self.pot, self.tag, self.top
        kind, delta, what = 0, 0, (-1, -1)
        if not maxcardinality:
            kind, delta = 1, pot[self.root]
        near_src, near_w2 = self.near_src, self.near_w2
        for v in range(self.n):
            s = near_src[v]
            if s >= 0 and tag[top[v]] == _NONE:
                d = pot[s] + pot[v] - near_w2[v]
                if kind == 0 or d < delta:
                    kind, delta, what = 2, d, (s, v)
        for b in set(top):
            if tag[b] == _OUTER:
                e = self.best[b]
                if e is not None:
                    d = (pot[e[0]] + pot[e[1]] - e[2]) >> 1  # even: see the module's notes
                    if kind == 0 or d < delta:
                        kind, delta, what = 3, d, (e[0], e[1])
            elif tag[b] == _INNER and b >= self.n and (kind == 0 or self.zeta[b] < delta):
                kind, delta, what = 4, self.zeta[b], (b, -1)
        return kind, delta, what

    def move(self, delta: int) -> None:
        pot, tag, top, zeta = self.pot, self.tag, self.top, self.zeta
        for v in range(self.n):
            t = tag[top[v]]
            if t == _OUTER:
                pot[v] -= delta
            elif t == _INNER:
                pot[v] += delta
        for b in set(top):
            if b >= self.n:
                if tag[b] == _OUTER:
                    zeta[b] += delta
                elif tag[b] == _INNER:
                    zeta[b] -= delta

    def stage(self, maxcardinality: bool) -> bool:
        """One stage: True if the matching grew, False if it is final."""
        while True:
            while self.queue:
                if self.scan(self.queue.pop()):
                    return _AUGMENTED
            kind, delta, what = self.limit(maxcardinality)
            if kind == 0:
                return _FINISHED
            self.move(delta)
            if kind == 1:
                return _FINISHED
            if kind == 2:
                self.grow(what[1], what[0])
            elif kind == 3:
                if self.meet(what[0], what[1]):
                    return _AUGMENTED
            else:
                self.open_inner(what[0])

    def end_stage(self) -> None:
        """Open every top-level blossom whose dual is zero (it constrains nothing)."""
        stack = [b for b in set(self.top) if b >= self.n and self.zeta[b] == 0]
        while stack:
            b = stack.pop()
            kids = self.ring[b]
            self.release(b)
            stack.extend(kid for kid in kids if kid >= self.n and self.zeta[kid] == 0)

    def run(self, maxcardinality: bool) -> list[int]:
        while True:
            roots = [v for v in range(self.n) if self.mate[v] < 0]
            if len(roots) < 2:  # no augmenting path can exist; the duals need not move
                return self.mate
            self.begin(roots)
            if not self.stage(maxcardinality):
                return self.mate
            self.end_stage()


def max_weight_matching(
    n: int,
    edges: Sequence[tuple[int, int, int]],
    *,
    maxcardinality: bool = True,
    start: Sequence[tuple[int, int]] = (),
) -> list[int]:
    """A maximum-weight matching of the graph on vertices ``0..n-1``.

    ``edges`` holds ``(i, j, weight)`` with integer weights (at most one edge per pair; a
    repeated pair keeps its last weight; loops are ignored). With ``maxcardinality`` the
    matching is of maximum cardinality first, then of maximum weight among those. ``start``
    may give a matching made only of edges of the largest weight (they are tight for the
    initial duals), which spares the first stages. Returns ``mate`` with ``mate[v]`` the
    partner of ``v`` or -1.
    """
    weight: dict[tuple[int, int], int] = {}
    for i, j, w in edges:
        if i != j:
            weight[(i, j) if i < j else (j, i)] = w
    adj: list[list[tuple[int, int]]] = [[] for _ in range(n)]
    for (i, j), w in weight.items():
        adj[i].append((j, 2 * w))
        adj[j].append((i, 2 * w))
    top_weight = max(weight.values(), default=0)
    pot = top_weight if maxcardinality else max(top_weight, 0)
    solver = _Solver(n, adj, pot)
    mate = solver.mate
    for i, j in start:
        key = (i, j) if i < j else (j, i)
        if weight.get(key) != top_weight or pot != top_weight or mate[i] >= 0 or mate[j] >= 0:
            raise ValueError("the starting matching must use disjoint edges of the largest weight")
        mate[i], mate[j] = j, i
    if pot == top_weight:
        for (i, j), w in weight.items():  # any more edges of slack zero, greedily
            if w == top_weight and mate[i] < 0 and mate[j] < 0:
                mate[i], mate[j] = j, i
    return solver.run(maxcardinality)
