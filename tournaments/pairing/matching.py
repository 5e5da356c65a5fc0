"""Maximum-weight matching in a general graph (Edmonds' blossom algorithm with duals).

The primal-dual algorithm of Edmonds as described by Galil ("Efficient algorithms for finding
maximum matching in graphs", ACM Computing Surveys, 1986), in the form of Joris van
Rantwijk's ``mwmatching.py``, which NetworkX also ships as ``max_weight_matching``
(BSD-3-Clause). This module is a port of that algorithm to integer vertices, integer weights
and adjacency lists, with an optional starting matching. O(n^3); the pairing engine uses it
on the reduced graphs described in :mod:`tournaments.pairing.swiss`.

With integer weights every computation is done in integers, so the result is exact however
large the weights (the engine encodes a lexicographic objective in one big integer).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence

__all__ = ["max_weight_matching"]


class _Blossom:
    """A non-trivial blossom: an odd cycle of sub-blossoms, contracted."""

    __slots__ = ("childs", "edges", "mybestedges")

    def __init__(self) -> None:
        self.childs: list[_Node] = []
        self.edges: list[tuple[int, int]] = []
        self.mybestedges: list[tuple[int, int]] | None = None

    def leaves(self) -> Iterator[int]:
        stack: list[_Node] = [*self.childs]
        while stack:
            t = stack.pop()
            if isinstance(t, _Blossom):
                stack.extend(t.childs)
            else:
                yield t


_Node = int | _Blossom


def _known[T](value: T | None) -> T:
    """``value``, which the algorithm's invariants guarantee is set."""
    if value is None:  # pragma: no cover - a broken invariant
        raise RuntimeError("matching invariant broken")
    return value


def max_weight_matching(  # noqa: C901 - one algorithm; its steps share its state
    n: int,
    edges: Sequence[tuple[int, int, int]],
    *,
    maxcardinality: bool = True,
    start: Sequence[tuple[int, int]] = (),
) -> list[int]:
    """A maximum-weight matching of the graph on vertices ``0..n-1``.

    ``edges`` holds ``(i, j, weight)`` with integer weights (at most one edge per pair).
    With ``maxcardinality`` the matching is of maximum cardinality first, then of maximum
    weight among those. ``start`` may give a matching made only of edges of the largest
    weight (they are tight for the initial duals), which spares the first stages.
    Returns ``mate`` with ``mate[v]`` the partner of ``v`` or -1.
    """
    if n == 0:
        return []
    weight: dict[tuple[int, int], int] = {}
    adj: list[list[int]] = [[] for _ in range(n)]
    maxweight = 0
    for i, j, w in edges:
        if i == j:
            continue
        key = (i, j) if i < j else (j, i)
        if key not in weight:
            adj[i].append(j)
            adj[j].append(i)
        weight[key] = w
        maxweight = max(maxweight, w)

    mate: dict[int, int] = {}
    for i, j in start:
        key = (i, j) if i < j else (j, i)
        if weight.get(key) != maxweight or i in mate or j in mate:
            raise ValueError("the starting matching must use disjoint edges of the largest weight")
        mate[i] = j
        mate[j] = i

    label: dict[_Node, int] = {}
    labeledge: dict[_Node, tuple[int, int] | None] = {}
    inblossom: dict[int, _Node] = {v: v for v in range(n)}
    blossomparent: dict[_Node, _Blossom | None] = dict.fromkeys(range(n))
    blossombase: dict[_Node, int] = {v: v for v in range(n)}
    bestedge: dict[_Node, tuple[int, int] | None] = {}
    dualvar: list[int] = [maxweight] * n
    blossomdual: dict[_Blossom, int] = {}
    allowedge: set[tuple[int, int]] = set()
    queue: list[int] = []

    def slack(v: int, w: int) -> int:
        return dualvar[v] + dualvar[w] - 2 * weight[(v, w) if v < w else (w, v)]

    def assign_label(w: int, t: int, v: int | None) -> None:
        b = inblossom[w]
        label[w] = label[b] = t
        if v is not None:
            labeledge[w] = labeledge[b] = (v, w)
        else:
            labeledge[w] = labeledge[b] = None
        bestedge[w] = bestedge[b] = None
        if t == 1:
            if isinstance(b, _Blossom):
                queue.extend(b.leaves())
            else:
                queue.append(b)
        elif t == 2:
            base = blossombase[b]
            assign_label(mate[base], 1, base)

    def scan_blossom(v: int, w: int) -> int:
        """Trace back from v and w to a common base (a new blossom) or two roots (-1)."""
        path: list[_Node] = []
        base = -1
        vv: int | None = v
        ww: int | None = w
        while vv is not None:
            b = inblossom[vv]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            edge = labeledge[b]
            if edge is None:
                vv = None
            else:
                vv = edge[0]
                b = inblossom[vv]
                edge_t = _known(labeledge[b])
                vv = edge_t[0]
            if ww is not None:
                vv, ww = ww, vv
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, v: int, w: int) -> None:
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = _Blossom()
        blossombase[b] = base
        blossomparent[b] = None
        blossomparent[bb] = b
        path: list[_Node] = []
        edgs: list[tuple[int, int]] = [(v, w)]
        b.childs = path
        b.edges = edgs
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            edge = _known(labeledge[bv])
            edgs.append(edge)
            v = edge[0]
            bv = inblossom[v]
        path.append(bb)
        path.reverse()
        edgs.reverse()
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            edge = _known(labeledge[bw])
            edgs.append((edge[1], edge[0]))
            w = edge[0]
            bw = inblossom[w]
        label[b] = 1
        labeledge[b] = labeledge[bb]
        blossomdual[b] = 0
        for leaf in b.leaves():
            if label[inblossom[leaf]] == 2:
                queue.append(leaf)
            inblossom[leaf] = b
        bestedgeto: dict[_Node, tuple[int, int]] = {}
        for sub in path:
            if isinstance(sub, _Blossom):
                if sub.mybestedges is not None:
                    nblist = sub.mybestedges
                    sub.mybestedges = None
                else:
                    nblist = [(x, y) for x in sub.leaves() for y in adj[x]]
            else:
                nblist = [(sub, y) for y in adj[sub]]
            for k in nblist:
                i, j = k
                if inblossom[j] == b:
                    i, j = j, i
                bj = inblossom[j]
                if bj != b and label.get(bj) == 1:
                    known = bestedgeto.get(bj)
                    if known is None or slack(i, j) < slack(*known):
                        bestedgeto[bj] = (i, j)
            bestedge[sub] = None
        b.mybestedges = list(bestedgeto.values())
        mybestedge: tuple[int, int] | None = None
        mybestslack = 0
        for k in b.mybestedges:
            kslack = slack(*k)
            if mybestedge is None or kslack < mybestslack:
                mybestedge = k
                mybestslack = kslack
        bestedge[b] = mybestedge

    def expand_blossom(b: _Blossom, endstage: bool) -> None:  # noqa: C901 - as published
        def recurse(b: _Blossom, endstage: bool) -> Iterator[_Blossom]:  # noqa: C901
            for s in b.childs:
                blossomparent[s] = None
                if isinstance(s, _Blossom):
                    if endstage and blossomdual[s] == 0:
                        yield s
                    else:
                        for leaf in s.leaves():
                            inblossom[leaf] = s
                else:
                    inblossom[s] = s
            if (not endstage) and label.get(b) == 2:
                entry = _known(labeledge[b])
                entrychild = inblossom[entry[1]]
                j = b.childs.index(entrychild)
                if j & 1:
                    j -= len(b.childs)
                    jstep = 1
                else:
                    jstep = -1
                v, w = entry
                while j != 0:
                    if jstep == 1:
                        p, q = b.edges[j]
                    else:
                        q, p = b.edges[j - 1]
                    label.pop(w, None)
                    label.pop(q, None)
                    assign_label(w, 2, v)
                    allowedge.add((p, q))
                    allowedge.add((q, p))
                    j += jstep
                    if jstep == 1:
                        v, w = b.edges[j]
                    else:
                        w, v = b.edges[j - 1]
                    allowedge.add((v, w))
                    allowedge.add((w, v))
                    j += jstep
                bw = b.childs[j]
                label[w] = label[bw] = 2
                labeledge[w] = labeledge[bw] = (v, w)
                bestedge[bw] = None
                j += jstep
                while b.childs[j] != entrychild:
                    bv = b.childs[j]
                    if label.get(bv) == 1:
                        j += jstep
                        continue
                    found: int | None = None
                    if isinstance(bv, _Blossom):
                        for leaf in bv.leaves():
                            if label.get(leaf):
                                found = leaf
                                break
                    else:
                        found = bv
                    if found is not None and label.get(found):
                        label.pop(found, None)
                        label.pop(mate[blossombase[bv]], None)
                        edge = _known(labeledge[found])
                        assign_label(found, 2, edge[0])
                    j += jstep
            label.pop(b, None)
            labeledge.pop(b, None)
            bestedge.pop(b, None)
            del blossomparent[b]
            del blossombase[b]
            del blossomdual[b]

        stack = [recurse(b, endstage)]
        while stack:
            top = stack[-1]
            for s in top:
                stack.append(recurse(s, endstage))
                break
            else:
                stack.pop()

    def augment_blossom(b: _Blossom, v: int) -> None:
        def recurse(b: _Blossom, v: int) -> Iterator[tuple[_Blossom, int]]:
            t: _Node = v
            while blossomparent[t] != b:
                t = _known(blossomparent[t])
            if isinstance(t, _Blossom):
                yield (t, v)
            i = j = b.childs.index(t)
            if i & 1:
                j -= len(b.childs)
                jstep = 1
            else:
                jstep = -1
            while j != 0:
                j += jstep
                t = b.childs[j]
                if jstep == 1:
                    w, x = b.edges[j]
                else:
                    x, w = b.edges[j - 1]
                if isinstance(t, _Blossom):
                    yield (t, w)
                j += jstep
                t = b.childs[j]
                if isinstance(t, _Blossom):
                    yield (t, x)
                mate[w] = x
                mate[x] = w
            b.childs = b.childs[i:] + b.childs[:i]
            b.edges = b.edges[i:] + b.edges[:i]
            blossombase[b] = blossombase[b.childs[0]]

        stack = [recurse(b, v)]
        while stack:
            top = stack[-1]
            for args in top:
                stack.append(recurse(*args))
                break
            else:
                stack.pop()

    def augment_matching(v: int, w: int) -> None:
        for s0, j0 in ((v, w), (w, v)):
            s, j = s0, j0
            while True:
                bs = inblossom[s]
                if isinstance(bs, _Blossom):
                    augment_blossom(bs, s)
                mate[s] = j
                edge = labeledge[bs]
                if edge is None:
                    break
                t = edge[0]
                bt = inblossom[t]
                edge_t = _known(labeledge[bt])
                s, j = edge_t
                if isinstance(bt, _Blossom):
                    augment_blossom(bt, j)
                mate[j] = s

    while True:
        label.clear()
        labeledge.clear()
        bestedge.clear()
        for blossom in blossomdual:
            blossom.mybestedges = None
        allowedge.clear()
        queue.clear()
        for v in range(n):
            if v not in mate and label.get(inblossom[v]) is None:
                assign_label(v, 1, None)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                for w in adj[v]:
                    bv = inblossom[v]
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    kslack = 0
                    if (v, w) not in allowedge:
                        kslack = slack(v, w)
                        if kslack <= 0:
                            allowedge.add((v, w))
                            allowedge.add((w, v))
                    if (v, w) in allowedge:
                        if label.get(bw) is None:
                            assign_label(w, 2, v)
                        elif label.get(bw) == 1:
                            base = scan_blossom(v, w)
                            if base >= 0:
                                add_blossom(base, v, w)
                            else:
                                augment_matching(v, w)
                                augmented = True
                                break
                        elif label.get(w) is None:
                            label[w] = 2
                            labeledge[w] = (v, w)
                    elif label.get(bw) == 1:
                        known = bestedge.get(bv)
                        if known is None or kslack < slack(*known):
                            bestedge[bv] = (v, w)
                    elif label.get(w) is None:
                        known = bestedge.get(w)
                        if known is None or kslack < slack(*known):
                            bestedge[w] = (v, w)
            if augmented:
                break
            deltatype = -1
            delta = 0
            deltaedge: tuple[int, int] | None = None
            deltablossom: _Blossom | None = None
            if not maxcardinality:
                deltatype = 1
                delta = min(dualvar)
            for v in range(n):
                known = bestedge.get(v)
                if label.get(inblossom[v]) is None and known is not None:
                    d = slack(*known)
                    if deltatype == -1 or d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = known
            for node, parent in blossomparent.items():
                if parent is None and label.get(node) == 1:
                    known = bestedge.get(node)
                    if known is not None:
                        d = slack(*known) // 2
                        if deltatype == -1 or d < delta:
                            delta = d
                            deltatype = 3
                            deltaedge = known
            for blossom, bdual in blossomdual.items():
                if (
                    blossomparent[blossom] is None
                    and label.get(blossom) == 2
                    and (deltatype == -1 or bdual < delta)
                ):
                    delta = bdual
                    deltatype = 4
                    deltablossom = blossom
            if deltatype == -1:
                deltatype = 1
                delta = max(0, min(dualvar))
            for v in range(n):
                lab = label.get(inblossom[v])
                if lab == 1:
                    dualvar[v] -= delta
                elif lab == 2:
                    dualvar[v] += delta
            for blossom in blossomdual:
                if blossomparent[blossom] is None:
                    lab = label.get(blossom)
                    if lab == 1:
                        blossomdual[blossom] += delta
                    elif lab == 2:
                        blossomdual[blossom] -= delta
            if deltatype == 1:
                break
            if deltatype in (2, 3):
                v, w = _known(deltaedge)
                allowedge.add((v, w))
                allowedge.add((w, v))
                queue.append(v)
            else:
                expand_blossom(_known(deltablossom), False)
        if not augmented:
            break
        for blossom in list(blossomdual):
            if blossom not in blossomdual:
                continue
            if (
                blossomparent[blossom] is None
                and label.get(blossom) == 1
                and blossomdual[blossom] == 0
            ):
                expand_blossom(blossom, True)
    return [mate.get(v, -1) for v in range(n)]
