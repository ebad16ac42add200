"""Moved-down players paired by a proof instead of the big first matching of dutch.bracket.

The first matching of a heterogeneous bracket decides only which resident each moved-down
player (MDP) meets: the criteria first, then the MDPs in order, each with the highest
resident possible (C.04.3 B.2-B.3 as the reference engine reads them). The natural answer
is "each MDP in order with the highest resident still free"; `greedy_mdps` (dutch.shortcuts)
takes it when every criterion is met. This module proves it in the other cases with LP
duality: the remainder (residents left) is paired S1 against S2 as the second matching
would (`without_exchanges`), that pairing is shown optimal for the remainder with vertex
duals, and the duals are extended to the MDPs and their opponents. When the extended duals
are feasible for every edge of the bracket, the greedy pairs plus the remainder's optimum
are an optimal pairing of the whole bracket (weak duality), so the first matching would pick
the same MDP opponents; the remainder's pairs are then what the second matching picks.
The remainder's duals come first from its players' profiles (`dutch.transport`, cheap),
chosen to extend (`lifted_bipartite`), then from the blossom kernel.
"""
from __future__ import annotations

from damas.engine.pairing.dutch.lex import bipartite_optimum, lex_refine
from damas.engine.pairing.dutch.players import profile
from damas.engine.pairing.dutch.transport import profile_optimum
from damas.engine.pairing.dutch.weights import BracketWeights

CANDIDATES = 4  # opponents of the first MDP tried, highest first


def certified_mdps(bw: BracketWeights, base: dict[tuple[int, int], int],
                   m: int) -> list[tuple[int, int]] | None:
    """The bracket's pairs (MDP pairs, then the remainder's) when the greedy MDP choice is
    proved optimal, else None. `base` holds the criteria weights (vertex `nsgb` is the sink
    of dutch.sink when m == nsgb + 1)."""
    sgb, nsgb = bw.sgb, bw.nsgb
    if m == nsgb and nsgb % 2 == 1:
        # One player stays unpaired (the bye of the last bracket): a virtual vertex meeting
        # everybody at the same weight stands for him, so that duals exist with nobody
        # exposed. Every pairing gains the same, so the optimal pairings do not change.
        base = dict(base)
        for v in range(nsgb):
            base[(v, nsgb)] = 1
        m = nsgb + 1
    # The first MDP may not get the highest resident (colours): try its first candidates;
    # a later one is right when the proof also shows the higher ones cannot be optimal.
    # Any order is sound (each proof covers the higher residents); the highest resident of
    # the first MDP's heaviest edge is tried first, as the likeliest answer, even when he
    # is not among the first candidates.
    edges = [j for j in range(sgb, nsgb) if (0, j) in base]
    first = edges[:CANDIDATES]
    heaviest = max(edges, key=lambda j: (base[(0, j)], -j), default=None)
    order = [heaviest] + [j for j in first if j != heaviest] if edges else []
    # First with the remainder's duals from its profiles, lifted by the MDP's edges (cheap,
    # and they often extend); then with the blossom kernel's duals.
    # An attempt whose duals extend but leave a higher resident's edge tight names him: he
    # is tried next (the MDP's opponent in any optimal pairing is a tight neighbour).
    for lifted in (True, False):
        queue, tried = list(order), set()
        while queue:
            j0 = queue.pop(0)
            if j0 in tried:
                continue
            tried.add(j0)
            hint: list[int] = []
            found = _attempt(bw, base, m, j0, edges[:edges.index(j0)], lifted, hint)
            if found is None:
                break  # the remainder has no vertex duals to extend: no use trying more
            if found:
                return found
            queue = hint + queue
    return None


def _attempt(bw: BracketWeights, base: dict[tuple[int, int], int], m: int, j0: int,
             higher: list[int], lifted: bool = False,
             hint: list[int] | None = None) -> list[tuple[int, int]] | None:
    """The bracket's pairs with MDP 0 against `j0` and the other MDPs greedy, when proved
    optimal with MDP 0 meeting none of the `higher` residents in any optimal pairing; []
    when the remainder's duals exist but do not extend (another `j0` may do), None when
    they do not exist. `lifted` takes the remainder's optimum and duals from its profiles
    (`lifted_bipartite`); then every failure is [] (the kernel's duals may still do).
    `hint` receives a higher resident whose edge to MDP 0 the extended duals leave tight."""
    sgb, nsgb = bw.sgb, bw.nsgb
    pairs: list[tuple[int, int]] = [(0, j0)]
    taken: set[int] = {j0}
    for i in range(1, sgb):
        j = next((j for j in range(sgb, nsgb) if j not in taken and (i, j) in base), None)
        if j is None:
            return None
        pairs.append((i, j))
        taken.add(j)
    rem = [j for j in range(sgb, nsgb) if j not in taken]
    rp = len(rem) // 2
    pos = set(rem)
    s1, s2 = set(rem[:rp]), set(rem[rp:])
    wb = {e: w for e, w in base.items()
          if (e[0] in s1 and e[1] in s2) or (e[0] in s2 and e[1] == nsgb)}
    if lifted:
        got = lifted_bipartite(bw, base, m, rem, rp, wb)
        if got is None:
            return []
        mate, bip = got
    else:
        mate, bip = cached_bipartite(bw, m, rem, rp, wb)
    if not all(i < mate[i] < nsgb for i in rem[:rp]):
        return []
    known = pos | ({nsgb} if m > nsgb else set())
    side = {v: (1 if v in s1 or v == nsgb else -1) for v in known}
    found = certificates(base, bip, side, mate, nsgb if m > nsgb else None)
    if not found:
        # No such duals bound the remainder (a general optimum's duals would need more
        # blossoms; tried, they seldom extend): no proof this way.
        return [] if lifted else None
    fixed = {v for pr in pairs for v in pr}
    adj: dict[int, list[tuple[int, int]]] = {v: [] for v in fixed}
    for (a, b), w in base.items():
        if a in fixed:
            adj[a].append((b, w))
        if b in fixed:
            adj[b].append((a, w))
    y = None
    for t, z in found:
        y = _extend(pairs, base, adj, {v: bip[v] + side[v] * t for v in known}, higher, z, hint)
        if y is not None:
            break
    if y is None:
        return []
    mate = lex_refine(rem[:rp], wb, mate, bip)
    return pairs + [(i, mate[i]) for i in rem[:rp]]


def cached_bipartite(bw: BracketWeights, m: int, rem: list[int], rp: int,
                     wb: dict[tuple[int, int], int], profiles: bool = False) -> tuple[list[int], list[int]]:
    """`bipartite_optimum` of the S1-S2 graph `wb` of remainder `rem`, once per bracket (the
    shortcuts and the MDP proof often ask for the same remainder), from the players'
    profiles when `profiles` asks and that proves optimal (`dutch.transport`), else by the
    blossom kernel. The MDP proof keeps the kernel's duals: they extend more often.
    Copies: callers refine the matching in place."""
    cache = bw.__dict__.setdefault("_bipartite", {})
    key = (m, rp, tuple(rem), profiles)
    if key not in cache and not profiles:
        cache[key] = bipartite_optimum(m, wb)
    elif key not in cache:
        nsgb, ps = bw.nsgb, bw.players
        left = set(rem[:rp]) | {nsgb}
        kinds = {v: (profile(ps[v]), wb.get((v, nsgb))) for v in rem}
        kinds[nsgb] = None
        cache[key] = profile_optimum(m, wb, left, kinds) or bipartite_optimum(m, wb)
    mate, duals = cache[key]
    return list(mate), list(duals)


def lifted_bipartite(bw: BracketWeights, base: dict[tuple[int, int], int], m: int, rem: list[int],
                     rp: int, wb: dict[tuple[int, int], int]) -> tuple[list[int], list[int]] | None:
    """The S1-S2 optimum of remainder `rem` and its doubled duals from the players' profiles
    (`dutch.transport`), the duals chosen as high as optimality allows by the weight of each
    player's edge to MDP 0; None when the profiles give no proof.

    `_extend` gives MDP 0 the dual max(2 w(0, u) - y_u): duals that grow with w(0, u) keep
    it low, so that it and his opponent's fit under their edge (the kernel's duals happen to
    do so; the profiles' plain duals, equal within S1 and within S2, seldom do)."""
    nsgb, ps = bw.nsgb, bw.players
    left = set(rem[:rp]) | {nsgb}
    kinds: dict[int, object] = {v: (profile(ps[v]), wb.get((v, nsgb))) for v in rem}
    kinds[nsgb] = None
    lift = {v: base.get((0, v), 0) for v in rem}
    lift[nsgb] = base.get((0, nsgb), 0)
    return profile_optimum(m, wb, left, kinds, lift)


def certificates(wr: dict[tuple[int, int], int], bip: list[int], side: dict[int, int],
                 mate: list[int], sink: int | None) -> list[tuple[int, int]]:
    """Dual solutions (t, z) proving the S1-S2 pairing `mate` optimal on the remainder graph
    (the remainder plus the sink, if any: the vertices of `side`; the edges of `wr` between
    them); empty when none is found this way.

    The bipartite duals `bip` stay optimal for the S1-S2 graph, with the same tight edges,
    when the S1 side (S1 and the sink) gains t and S2 loses t. With an odd remainder whose
    odd player meets the sink, the whole remainder is moreover an odd set of Edmonds' LP
    with dual z (its players' duals drop by z, the sink's rises by z; within the remainder
    nothing changes). Such duals prove optimality when every edge of `wr` is covered, every
    dual is non-negative and unpaired vertices are at 0 (complementary slackness)."""
    odd = sink is not None and mate[sink] != -1 and (len(side) - 1) % 2 == 1
    if odd:  # z > 0 needs a full odd set: (|R| - 1) / 2 of its pairs inside (the sink's aside)
        inside = sum(1 for v in side if v != sink and mate[v] not in (-1, sink) and mate[v] in side)
        odd = inside == len(side) - 2
    lo, hi = None, None
    get = side.get
    for (i, j), w in wr.items():
        si, sj = get(i), get(j)
        if si is None or sj is None:
            continue
        c = si + sj
        gap = bip[i] + bip[j] - 2 * w
        if c == 0:
            if gap < 0:
                return []
        elif c > 0:
            lo = _max(lo, -(gap // 2))  # 2t >= -gap
        else:
            hi = _min(hi, gap // 2)  # 2t <= gap
    for v, sd in side.items():
        if v == sink and odd:
            continue  # its dual may be lifted by z
        if mate[v] == -1:
            lo, hi = _max(lo, -sd * bip[v]), _min(hi, -sd * bip[v])
        elif sd > 0:
            lo = _max(lo, -bip[v])
        else:
            hi = _min(hi, bip[v])
    lo = 0 if lo is None else lo
    hi = max(lo, 0) if hi is None else hi
    if lo > hi:
        return []
    up = [bip[v] for v, sd in side.items() if sd > 0 and v != sink]
    down = [bip[v] for v, sd in side.items() if sd < 0]
    balance = (sum(down) // max(len(down), 1) - sum(up) // max(len(up), 1)) // 2
    tries = [balance, (lo + hi) // 2, lo, hi]
    if odd:
        m1, m2 = min(up, default=0), min(down, default=0)
        tries += [(m2 - m1) // 2, (m2 - m1) // 2 + 1, -bip[sink]]  # type: ignore[index]
    out: list[tuple[int, int]] = []
    for t in tries:
        t = min(max(t, lo), hi)
        z = max(0, -(bip[sink] + t)) if odd else 0  # type: ignore[index]
        if z and min(bip[v] + side[v] * t for v in side if v != sink) < z:
            continue
        if (t, z) not in out:
            out.append((t, z))
    return out


def _max(a: int | None, b: int) -> int:
    return b if a is None else max(a, b)


def _min(a: int | None, b: int) -> int:
    return b if a is None else min(a, b)


def _extend(pairs: list[tuple[int, int]], base: dict[tuple[int, int], int],
            adj: dict[int, list[tuple[int, int]]], duals: dict[int, int], higher: list[int],
            z: int, hint: list[int] | None = None) -> dict[int, int] | None:
    """Duals for each fixed pair (x, j) with y_x + y_j = 2 w(x, j) (tight, doubled) that
    cover every edge to a vertex already given one, and leave the edges from MDP 0 to the
    `higher` residents slack (so no optimal pairing uses them: complementary slackness);
    None when this construction finds none. `duals` are effective duals (the odd-set dual
    z added back): the MDPs and their opponents join the remainder's odd set, so their own
    duals must be at least z to stay non-negative once it is taken off. `adj` lists the
    edges (other end, weight) of the fixed players. When only a `higher` edge stays tight,
    its resident goes to `hint` (if given and still empty)."""
    y = dict(duals)
    for x, j in pairs:
        w2 = 2 * base[(x, j)]
        need_x = max((2 * w - y[u] for u, w in adj.get(x, ()) if u in y), default=0)
        need_j = max((2 * w - y[u] for u, w in adj.get(j, ()) if u in y), default=0)
        need_x, need_j = max(need_x, z), max(need_j, z)
        if need_x + need_j > w2:
            return None
        y[x] = need_x
        y[j] = w2 - need_x
    x0 = pairs[0][0]
    for j in higher:
        # the smallest y_x0 was taken: raising it (and lowering y_j0) can only help here,
        # but the edges of j0 then need room; keep it simple and just check.
        if y[x0] + y[j] <= 2 * base[(x0, j)]:
            if hint is not None and not hint:
                hint.append(j)
            return None
    return y
