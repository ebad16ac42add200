"""Maximum-cardinality matching (Edmonds' blossom algorithm, BFS with contraction) with a warm
start, and the single augmenting-path search it is built on.

Part of `damas.engine.pairing.matching`, beside the maximum-weight kernel (`blossom`).
"""
from __future__ import annotations

from collections import deque
from typing import Callable, Iterable, Sequence

__all__ = ["max_cardinality_matching", "augment_from"]


def max_cardinality_matching(
    n: int, adj: Sequence[Sequence[int]], initial: Sequence[int] | None = None
) -> list[int]:
    """A maximum-cardinality matching (Edmonds), grown from `initial` (a valid matching).

    `adj[v]` lists the neighbours of v. Only free vertices start augmenting searches, so a
    nearly complete initial matching is repaired quickly.
    """
    mate = list(initial) if initial is not None else [-1] * n
    if initial is None:
        for v in range(n):
            if mate[v] == -1:
                for u in adj[v]:
                    if mate[u] == -1 and u != v:
                        mate[v], mate[u] = u, v
                        break
    for root in range(n):
        if mate[root] == -1:
            augment_from(root, n, adj.__getitem__, mate)
    return mate


def augment_from(root: int, n: int, neighbours: Callable[[int], Iterable[int]],
                 mate: list[int], outer: list[int] | None = None) -> bool:
    """Search one augmenting path from free vertex `root` (BFS with blossom contraction) and
    apply it to `mate`; False when none exists. `neighbours(v)` gives v's adjacent vertices.
    When the search fails, `outer` (if given) receives the even (outer) vertices reached.

    The search scans the root's neighbours first, in order, and augments at the first free
    one: that case is taken directly (the same result, without the search's set-up)."""
    for to in neighbours(root):
        if to != root and mate[to] == -1:
            mate[root], mate[to] = to, root
            return True
    return _search(root, n, neighbours, mate, outer)


def _search(root: int, n: int, neighbours: Callable[[int], Iterable[int]],
            mate: list[int], outer: list[int] | None = None) -> bool:
    """The augmenting-path search of `augment_from` itself."""
    parent = [-1] * n
    base = list(range(n))
    used = [False] * n
    used[root] = True
    q = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if mate[a] == -1:
                break
            a = parent[mate[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[mate[b]]

    def mark_path(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[mate[v]]] = True
            parent[v] = child
            child = mate[v]
            v = parent[mate[v]]

    while q:
        v = q.popleft()
        for to in neighbours(v):
            if base[v] == base[to] or mate[v] == to:
                continue
            if to == root or (mate[to] != -1 and parent[mate[to]] != -1):
                curbase = lca(v, to)
                blossom = [False] * n
                mark_path(v, curbase, to, blossom)
                mark_path(to, curbase, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = curbase
                        if not used[i]:
                            used[i] = True
                            q.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if mate[to] == -1:
                    while to != -1:
                        pv = parent[to]
                        ppv = mate[pv]
                        mate[to] = pv
                        mate[pv] = to
                        to = ppv
                    return True
                used[mate[to]] = True
                q.append(mate[to])
    if outer is not None:
        outer.extend(v for v in range(n) if used[v])
    return False
