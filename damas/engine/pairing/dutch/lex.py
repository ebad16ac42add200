"""Transposition order without huge tie-break weights (C.04.3 B.2 with fixed S1/S2 roles).

Once it is known which players are the higher of their pair (S1 after exchanges) and which
the lower, the bracket's pairing is a bipartite problem: first maximise the criteria weight,
then give each S1 player, in order, the highest-ranked opponent any optimal pairing allows.
One weighted matching gives an optimum and its vertex duals; an edge can be in an optimal
pairing only if it is tight, and a pairing is optimal exactly when it uses tight edges and
covers every vertex of positive dual. The lexicographic choice is then made greedily with
alternating-path searches in the tight graph, which is exact for bipartite graphs.
"""
from __future__ import annotations

from collections import deque

from damas.engine.pairing.matching import max_weight_matching


def lex_bipartite(n: int, higher: list[int], weights: dict[tuple[int, int], int]) -> list[int]:
    """`mate` of the optimal pairing on edges (h, l), h in `higher` (in priority order),
    preferring for each h in turn the lowest-numbered l. Returns mate over 0..n-1."""
    mate, duals = bipartite_optimum(n, weights)
    return lex_refine(higher, weights, mate, duals)


def bipartite_optimum(n: int, weights: dict[tuple[int, int], int]) -> tuple[list[int], list[int]]:
    """A maximum-weight matching and its (doubled) vertex duals."""
    duals: list[int] = []
    mate = max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()], duals=duals)
    return mate, duals


def lex_refine(higher: list[int], weights: dict[tuple[int, int], int], mate: list[int],
               duals: list[int]) -> list[int]:
    """Move an optimal bipartite matching to the lexicographically best optimal one."""
    tight: dict[int, list[int]] = {}
    for (i, j), w in weights.items():
        if duals[i] + duals[j] == 2 * w:
            tight.setdefault(i, []).append(j)
            tight.setdefault(j, []).append(i)
    return lex_refine_tight(higher, tight, mate, duals)


def lex_refine_tight(higher: list[int], tight: dict[int, list[int]], mate: list[int],
                     duals: list[int]) -> list[int]:
    """The same, given the edges optimal pairings may use (`tight`) and the vertices they
    must cover (positive `duals`)."""
    for v in tight:
        tight[v].sort()
    blocked: set[int] = set()
    for h in higher:
        for q in tight.get(h, ()):
            if q in blocked or q <= h:
                continue
            if mate[h] == q or _try(h, q, mate, duals, tight, blocked):
                break
        blocked.add(h)
        if mate[h] != -1:
            blocked.add(mate[h])
    return mate


def _try(h: int, q: int, mate: list[int], duals: list[int], tight: dict[int, list[int]],
         blocked: set[int]) -> bool:
    saved = list(mate)
    r, h2 = mate[h], mate[q]
    if r != -1:
        mate[r] = -1
    if h2 != -1:
        mate[h2] = -1
    mate[h], mate[q] = q, h
    stop = blocked | {h, q}
    for v in (r, h2):
        if v != -1 and duals[v] > 0 and mate[v] == -1 and not augment(v, mate, duals, tight, stop):
            mate[:] = saved
            return False
    return True


def augment(v: int, mate: list[int], duals: list[int], tight: dict[int, list[int]],
             stop: set[int]) -> bool:
    """Re-cover exposed `v` by an alternating path of tight edges that ends at an exposed
    vertex or frees a vertex of zero dual."""
    parent: dict[int, int | None] = {v: None}
    queue = deque([v])
    while queue:
        x = queue.popleft()
        for z in tight.get(x, ()):
            if z in stop or z in parent:
                continue
            parent[z] = x
            w = mate[z]
            if w == -1 or duals[w] == 0:
                if w != -1:
                    mate[w] = -1
                    mate[z] = -1
                cur: int | None = z
                while cur is not None:
                    x2 = parent[cur]
                    nxt = parent[x2] if x2 != v else None  # type: ignore[index]
                    mate[x2], mate[cur] = cur, x2  # type: ignore[index]
                    cur = nxt
                return True
            if w in stop or w in parent:
                continue
            parent[w] = z
            queue.append(w)
    return False
