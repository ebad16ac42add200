"""The S1-S2 optimum of a big remainder from its players' profiles, proved by LP duality.

A score group of hundreds of players holds few distinct profiles (colour preference,
floats, bye eligibility), and a pair's criteria weight depends only on the two profiles
(`dutch.bracket._base_weights`). The best S1-S2 pairing is then a transportation problem
between the profiles of S1 and those of S2: a min-cost flow on a dozen nodes, whose node
potentials are vertex duals shared by every player of a profile. The players are then
paired on the edges those duals make tight, covering every player of positive dual; when
that works and the duals are feasible for every edge, the pairing is optimal (complementary
slackness), exactly as the blossom kernel's would be, with optimal duals. Players who have
met (a missing edge inside a profile pair) are what can make it fail; the caller then runs
the general kernel. Nothing here chooses between optimal pairings: `dutch.lex` does that.
"""
from __future__ import annotations

from typing import Hashable, Mapping

from damas.engine.pairing.dutch.lex import augment

_INF = float("inf")


def profile_optimum(n: int, weights: Mapping[tuple[int, int], int], left: set[int],
                    key: Mapping[int, Hashable], lift: Mapping[int, int] | None = None,
                    ) -> tuple[list[int], list[int]] | None:
    """A maximum-weight matching of the bipartite graph `weights` (each edge has one end in
    `left`) and its doubled vertex duals, as `lex.bipartite_optimum` returns them, or None
    when the profile classes `key` (vertex -> hashable) give no proof.

    Optimal duals are not unique; `lift` (vertex -> int; a class takes its members'
    highest) asks for duals that are, as far as optimality allows, higher by `lift` (a
    caller that extends the duals to other vertices, as `dutch.certify` does, wants the
    players it prefers to weigh more)."""
    cls: dict[int, int] = {}
    names: dict[tuple[bool, Hashable], int] = {}
    size: list[int] = []
    is_left: list[bool] = []
    cw: dict[tuple[int, int], int] = {}
    for (u, v), w in weights.items():
        if u not in left:
            u, v = v, u
        for x, lx in ((u, True), (v, False)):
            if x not in cls:
                c = names.setdefault((lx, key[x]), len(names))
                if c == len(size):
                    size.append(0)
                    is_left.append(lx)
                size[c] += 1
                cls[x] = c
        pair = (cls[u], cls[v])
        if cw.get(pair, 0) < w:
            cw[pair] = w
    if not cw:
        return None
    aim = None
    if lift is not None:
        high = [0] * len(size)
        for x, c in cls.items():
            high[c] = max(high[c], lift.get(x, 0))
        aim = [h if is_left[c] else -h for c, h in enumerate(high)]
    potential = _flow_potentials(size, is_left, cw, aim)
    if potential is None:
        return None
    y = [0] * n
    for x, c in cls.items():
        y[x] = 2 * potential[c]
    return _realise(n, weights, left, y)


def _flow_potentials(size: list[int], is_left: list[bool], cw: dict[tuple[int, int], int],
                     aim: list[int] | None = None) -> list[int] | None:
    """Class duals a_c (left), b_d (right) of the maximum-weight transportation between the
    classes (capacities `size`, gains `cw`): a, b >= 0, a_c + b_d >= cw, equality on the
    pairs carrying flow, zero on classes not filled. `aim` (per class) starts the final
    shortest paths: the potentials are then the greatest ones below it."""
    k = len(size)
    s, t = k, k + 1
    cap: dict[tuple[int, int], int] = {}
    cost: dict[tuple[int, int], int] = {}
    adj: list[list[int]] = [[] for _ in range(k + 2)]

    def arc(a: int, b: int, c: int, capacity: int) -> None:
        cap[(a, b)] = capacity
        cap.setdefault((b, a), 0)
        cost[(a, b)], cost[(b, a)] = c, -c
        adj[a].append(b)
        adj[b].append(a)

    total = sum(size)
    for c in range(k):
        if is_left[c]:
            arc(s, c, 0, size[c])
        else:
            arc(c, t, 0, size[c])
    for (c, d), w in cw.items():
        arc(c, d, -w, total)
    flow = 0
    while True:
        dist, prev = _bellman_ford(k + 2, [s], adj, cap, cost)
        if dist[t] == _INF or dist[t] >= 0:
            break
        push, x = total, t
        while x != s:
            push = min(push, cap[(prev[x], x)])
            x = prev[x]
        x = t
        while x != s:
            cap[(prev[x], x)] -= push
            cap[(x, prev[x])] += push
            x = prev[x]
        flow += push
    # Potentials of the final residual graph, with the flow amount free (t -> s both ways
    # when some flow runs), so that pi(s) == pi(t).
    arc(t, s, 0, total)
    cap[(s, t)] = flow
    dist, _ = _bellman_ford(k + 2, list(range(k + 2)), adj, cap, cost,
                            None if aim is None else aim + [0, 0])
    if any(d == _INF for d in dist):
        return None
    ps, pt = dist[s], dist[t]
    return [max(0, int(dist[c] - ps)) if is_left[c] else max(0, int(pt - dist[c])) for c in range(k)]


def _bellman_ford(n: int, sources: list[int], adj: list[list[int]], cap: dict[tuple[int, int], int],
                  cost: dict[tuple[int, int], int], start: list[int] | None = None) -> tuple[list, list[int]]:
    """Shortest paths over arcs with residual capacity (queue-based; the graph is tiny and,
    by the optimality of successive shortest paths, has no negative cycle), the sources
    starting at `start` (0 by default)."""
    dist: list = [_INF] * n
    prev = [-1] * n
    for x in sources:
        dist[x] = 0 if start is None else start[x]
    queue = list(sources)
    queued = [False] * n
    for x in sources:
        queued[x] = True
    rounds = 0
    while queue:
        rounds += 1
        if rounds > n * n * 4 + 16:
            return [_INF] * n, prev  # a negative cycle: no potentials (never expected)
        nxt: list[int] = []
        for a in queue:
            queued[a] = False
        for a in queue:
            da = dist[a]
            for b in adj[a]:
                if cap[(a, b)] > 0 and da + cost[(a, b)] < dist[b]:
                    dist[b] = da + cost[(a, b)]
                    prev[b] = a
                    if not queued[b]:
                        queued[b] = True
                        nxt.append(b)
        queue = nxt
    return dist, prev


def _realise(n: int, weights: Mapping[tuple[int, int], int], left: set[int],
             y: list[int]) -> tuple[list[int], list[int]] | None:
    """A matching on the edges tight under `y` covering every vertex of positive dual, when
    `y` is feasible for every edge; with it, matching and duals are optimal."""
    tight: dict[int, list[int]] = {}
    for (u, v), w in weights.items():
        gap = y[u] + y[v] - 2 * w
        if gap < 0:
            return None
        if gap == 0:
            tight.setdefault(u, []).append(v)
            tight.setdefault(v, []).append(u)
    mate = [-1] * n
    for u in sorted(tight):
        if u in left and mate[u] == -1:
            for v in tight[u]:
                if mate[v] == -1 and y[v] > 0:
                    mate[u], mate[v] = v, u
                    break
            else:
                if y[u] > 0:
                    for v in tight[u]:
                        if mate[v] == -1:
                            mate[u], mate[v] = v, u
                            break
    for v in range(n):
        if y[v] > 0 and mate[v] == -1:
            if v not in tight or not augment(v, mate, y, tight, set()):
                return None
    if any(y[v] > 0 and mate[v] == -1 for v in range(n)):
        return None
    return mate, y
