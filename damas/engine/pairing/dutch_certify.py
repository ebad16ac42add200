"""Moved-down players paired by a proof instead of the big first matching of dutch_bracket.

The first matching of a heterogeneous bracket decides only which resident each moved-down
player (MDP) meets: the criteria first, then the MDPs in order, each with the highest
resident possible (C.04.3 B.2-B.3 as the reference engine reads them). The natural answer
is "each MDP in order with the highest resident still free"; `greedy_mdps` (dutch_shortcuts)
takes it when every criterion is met. This module proves it in the other cases with LP
duality: the remainder (residents left) is paired S1 against S2 as the second matching
would (`without_exchanges`), that pairing is shown optimal for the remainder with vertex
duals, and the duals are extended to the MDPs and their opponents. When the extended duals
are feasible for every edge of the bracket, the greedy pairs plus the remainder's optimum
are an optimal pairing of the whole bracket (weak duality), so the first matching would pick
the same MDP opponents; the remainder's pairs are then what the second matching picks.
"""
from __future__ import annotations

from damas.engine.pairing.dutch_lex import bipartite_optimum, lex_refine
from damas.engine.pairing.dutch_weights import BracketWeights

CANDIDATES = 4  # opponents of the first MDP tried, highest first


def certified_mdps(bw: BracketWeights, base: dict[tuple[int, int], int],
                   m: int) -> list[tuple[int, int]] | None:
    """The bracket's pairs (MDP pairs, then the remainder's) when the greedy MDP choice is
    proved optimal, else None. `base` holds the criteria weights (vertex `nsgb` is the sink
    of dutch_sink when m == nsgb + 1)."""
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
    first = [j for j in range(sgb, nsgb) if (0, j) in base][:CANDIDATES]
    for k, j0 in enumerate(first):
        found = _attempt(bw, base, m, j0, first[:k])
        if found is None:
            return None  # the remainder has no vertex duals to extend: no use trying more
        if found:
            return found
    return None


def _attempt(bw: BracketWeights, base: dict[tuple[int, int], int], m: int, j0: int,
             higher: list[int]) -> list[tuple[int, int]] | None:
    """The bracket's pairs with MDP 0 against `j0` and the other MDPs greedy, when proved
    optimal with MDP 0 meeting none of the `higher` residents in any optimal pairing; []
    when the remainder's duals exist but do not extend (another `j0` may do), None when
    they do not exist."""
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
    mate, bip = cached_bipartite(bw, m, rem, rp, wb)
    if not all(i < mate[i] < nsgb for i in rem[:rp]):
        return []
    wr = {(i, j): w for (i, j), w in base.items()
          if (i in pos or i == nsgb) and (j in pos or j == nsgb)}
    known = pos | ({nsgb} if m > nsgb else set())
    side = {v: (1 if v in s1 or v == nsgb else -1) for v in known}
    window = _shift_window(wr, bip, side, mate)
    if window is None:
        # No shift of the bipartite duals bounds the remainder (the general optimum's
        # duals would need blossoms; tried, they seldom extend): no proof this way.
        return None
    y = None
    for t in _shifts(window, bip, side):
        y = _extend(pairs, base, {v: bip[v] + side[v] * t for v in known}, higher)
        if y is not None:
            break
    if y is None:
        return []
    mate = lex_refine(rem[:rp], wb, mate, bip)
    return pairs + [(i, mate[i]) for i in rem[:rp]]


def cached_bipartite(bw: BracketWeights, m: int, rem: list[int], rp: int,
                     wb: dict[tuple[int, int], int]) -> tuple[list[int], list[int]]:
    """`bipartite_optimum` of the S1-S2 graph `wb` of remainder `rem`, once per bracket (the
    shortcuts and the MDP proof often ask for the same remainder). Copies: callers refine
    the matching in place."""
    cache = bw.__dict__.setdefault("_bipartite", {})
    key = (m, rp, tuple(rem))
    if key not in cache:
        cache[key] = bipartite_optimum(m, wb)
    mate, duals = cache[key]
    return list(mate), list(duals)


def _shift_window(wr: dict[tuple[int, int], int], bip: list[int], side: dict[int, int],
                  mate: list[int]) -> tuple[int, int] | None:
    """The shifts t (S1 side +t, S2 side -t: the S1-S2 pairing stays optimal with the same
    tight edges) for which the bipartite duals bound every edge of the remainder, stay
    non-negative and leave unpaired vertices at 0 (complementary slackness); None if none."""
    lo, hi = None, None

    def at_least(x: int) -> None:
        nonlocal lo
        lo = x if lo is None else max(lo, x)

    def at_most(x: int) -> None:
        nonlocal hi
        hi = x if hi is None else min(hi, x)

    for (i, j), w in wr.items():
        c = side[i] + side[j]
        gap = bip[i] + bip[j] - 2 * w
        if c == 0:
            if gap < 0:
                return None
        elif c > 0:
            at_least(-(gap // 2))  # 2t >= -gap
        else:
            at_most(gap // 2)  # 2t <= gap
    for v, sd in side.items():
        if mate[v] == -1:
            at_least(-sd * bip[v])
            at_most(-sd * bip[v])
        elif sd > 0:
            at_least(-bip[v])
        else:
            at_most(bip[v])
    lo = 0 if lo is None else lo
    hi = max(lo, 0) if hi is None else hi
    return (lo, hi) if lo <= hi else None


def _shifts(window: tuple[int, int], bip: list[int], side: dict[int, int]) -> list[int]:
    """Shifts to try: the one balancing the two sides' mean duals, then the window's ends
    and middle."""
    lo, hi = window
    up = [bip[v] for v, sd in side.items() if sd > 0]
    down = [bip[v] for v, sd in side.items() if sd < 0]
    balance = (sum(down) // max(len(down), 1) - sum(up) // max(len(up), 1)) // 2
    out: list[int] = []
    for t in (min(max(balance, lo), hi), (lo + hi) // 2, lo, hi):
        if t not in out:
            out.append(t)
    return out


def _extend(pairs: list[tuple[int, int]], base: dict[tuple[int, int], int],
            duals: dict[int, int], higher: list[int]) -> dict[int, int] | None:
    """Duals for each fixed pair (x, j) with y_x + y_j = 2 w(x, j) (tight, doubled) that
    cover every edge to a vertex already given one, and leave the edges from MDP 0 to the
    `higher` residents slack (so no optimal pairing uses them: complementary slackness);
    None when this construction finds none."""
    y = dict(duals)
    adj: dict[int, list[tuple[int, int]]] = {}
    for (a, b), w in base.items():
        adj.setdefault(a, []).append((b, w))
        adj.setdefault(b, []).append((a, w))
    for x, j in pairs:
        w2 = 2 * base[(x, j)]
        need_x = max((2 * w - y[u] for u, w in adj.get(x, ()) if u in y), default=0)
        need_j = max((2 * w - y[u] for u, w in adj.get(j, ()) if u in y), default=0)
        need_x, need_j = max(need_x, 0), max(need_j, 0)
        if need_x + need_j > w2:
            return None
        y[x] = need_x
        y[j] = w2 - need_x
    x0 = pairs[0][0]
    for j in higher:
        # the smallest y_x0 was taken: raising it (and lowering y_j0) can only help here,
        # but the edges of j0 then need room; keep it simple and just check.
        if y[x0] + y[j] <= 2 * base[(x0, j)]:
            return None
    return y
