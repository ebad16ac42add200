"""Shortcuts of the bracket procedure: each proves the answer of a common case without the
big tie-break matchings of `dutch.bracket` (the ideal S1-S2 pairing, a next group that cannot
matter, exchanges that are not needed, moved-down players that all get their first choice).

Each one applies only when it can show that its pairing is as good as any under the C.04.3
criteria, and then picks it in the order of C.04.3 B.2-B.3, so the result is what the plain
procedure gives (tests compare both with `dutch.bracket.FAST` off).
"""
from __future__ import annotations

from damas.engine.pairing.dutch.certify import cached_bipartite, certificates
from damas.engine.pairing.dutch.colors import compatible, incompatible
from damas.engine.pairing.dutch.lex import lex_refine, lex_refine_tight
from damas.engine.pairing.dutch.players import DOWN, UP, DPlayer, RoundContext
from damas.engine.pairing.dutch.weights import BracketWeights, colours_all_met
from damas.engine.pairing.matching import augment_from, max_weight_matching


def _value(mate: list[int], weights: dict[tuple[int, int], int]) -> int:
    return sum(weights[(v, u)] for v, u in enumerate(mate) if u > v)


def mwm(n: int, weights: dict[tuple[int, int], int]) -> list[int]:
    return max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()])


def max_pairs(ps: list[DPlayer], lo: int, hi: int, ctx: RoundContext, sgb: int = 0) -> int:
    """Maximum number of compatible pairs among ps[lo:hi] (no pair of two MDPs below sgb)."""
    return sum(1 for v, u in enumerate(_max_matching(ps, lo, hi, ctx, sgb)) if u > v)


def _max_matching(ps: list[DPlayer], lo: int, hi: int, ctx: RoundContext,
                  sgb: int = 0) -> list[int]:
    """A maximum matching of ps[lo:hi] (local indices): greedy start, then augmenting paths
    over neighbour lists built only for the vertices a search reaches."""
    n = hi - lo
    cache: dict[int, list[int]] = {}

    def ok(v: int, u: int) -> bool:
        return not (v + lo < sgb and u + lo < sgb) and compatible(ps[v + lo], ps[u + lo], ctx)

    excluded = incompatible(ps[lo:hi], ctx)

    def neighbours(v: int) -> list[int]:
        adj = cache.get(v)
        if adj is None:
            if excluded is None:
                adj = [u for u in range(n) if u != v and ok(v, u)]
            else:
                out = excluded(v)
                out.add(v)
                if v + lo < sgb:
                    out.update(range(sgb - lo))
                adj = [u for u in range(n) if u not in out]
            cache[v] = adj
        return adj

    mate = [-1] * n
    for v in range(n):
        if mate[v] == -1:
            for u in range(v + 1, min(n, v + 8)):
                if mate[u] == -1 and ok(v, u):
                    mate[v], mate[u] = u, v
                    break
    for v in range(n):
        if mate[v] == -1:
            augment_from(v, n, neighbours, mate)
    return mate


def ideal_pairing(bw: BracketWeights) -> list[tuple[int, int]] | None:
    """The untransposed pairing S1[k]-S2[k] of a homogeneous bracket when it provably meets
    every criterion as well as any pairing could (then it is the answer, B.2-B.3); else None.

    It must pair everyone it can with every colour preference met; a lone floater must not
    be a repeated downfloater and must be pairable in the next bracket (C.7), or get the bye
    (C.2) when no bracket follows."""
    ps, nsgb, ctx = bw.players, bw.nsgb, bw.ctx
    if bw.sgb or nsgb < 2:
        return None
    half = nsgb // 2
    pairs = [(k, half + k) for k in range(half)]
    for i, j in pairs:
        if not compatible(ps[i], ps[j], ctx) or not colours_all_met(ps[i], ps[j]):
            return None
    nxt = len(ps) - nsgb
    if nsgb % 2 == 0:
        return pairs if (not bw.special or nxt == 0) else None
    floater = ps[nsgb - 1]
    if floater.float1 == DOWN or floater.float2 == DOWN:
        return None
    if bw.special:
        return pairs if nxt == 0 and takes_bye(bw, floater) else None
    if bw.final or nxt % 2 == 0:
        return None
    if max_pairs(ps, nsgb - 1, len(ps), ctx) == (nxt + 1) // 2:
        return pairs
    return None


def takes_bye(bw: BracketWeights, p: DPlayer) -> bool:
    """True when `p` left unpaired in the last bracket is as good a bye assignee as any: he
    is eligible (C.2; 2025 C2 and C5) and, where 2025 C9 applies (`bw.c9`), no eligible
    player of the bracket with the bye score has fewer unplayed games."""
    if not p.elig_bye:
        return False
    if not bw.c9 or p.score != bw.ctx.bye_score:
        return True
    return all(p.unplayed <= q.unplayed for q in bw.players[:bw.nsgb]
               if q.score == p.score and q.elig_bye)


def _meets_every_criterion(bw: BracketWeights, rem: list[int], rp: int, mate: list[int],
                           base: dict[tuple[int, int], int], m: int) -> bool:
    """True when a remainder pairing (all of S1 paired inside the bracket) scores the most
    any pairing can: every pair meets C.8-C.11, no repeated downfloater floats (C.12-C.19;
    residents share one score, so nothing else differs), the floater gains the most any
    resident could in the next bracket (C.7, the sink edge of dutch.sink) and a lone
    unpaired player of the last bracket may take the bye (C.2)."""
    ps, nsgb = bw.players, bw.nsgb
    for i in rem[:rp]:
        if not colours_all_met(ps[i], ps[mate[i]]):
            return False
    sink_best = max((base.get((j, nsgb), 0) for j in range(bw.sgb, nsgb)), default=0) \
        if m == nsgb + 1 else 0
    for i in rem:
        if not 0 <= mate[i] < nsgb:
            p = ps[i]
            if p.float1 == DOWN or p.float2 == DOWN or (bw.special and not takes_bye(bw, p)):
                return False
            if base.get((i, nsgb), 0) != sink_best:
                return False
    return True


def next_group_irrelevant(bw: BracketWeights) -> bool:
    """True when the next score group cannot change the bracket's pairing (C.7 indifferent).

    C.5 pairs at most one player out of the bracket; with an even bracket nobody floats. With
    one floater, every possible floater must be pairable in the next bracket as well as any
    other: then the next bracket's pairs and score differences are the same whoever floats."""
    ps, nsgb, ctx = bw.players, bw.nsgb, bw.ctx
    if max_pairs(ps, 0, nsgb, ctx, bw.sgb) != nsgb // 2:
        return False
    if nsgb % 2 == 0:
        return True
    nxt = ps[nsgb:]
    g = len(nxt)
    mate = _max_matching(ps, nsgb, len(ps), ctx)
    free = [v for v in range(g) if mate[v] == -1]
    if g % 2 == 0:
        if free:
            return False
        # Final brackets: whoever floats, an eligible player of the last group can take the
        # bye (C.2) while the floater is paired (the floater's partner's mate gets it).
        reach = {y for y in range(g) if not bw.final or nxt[mate[y]].elig_bye}
    else:
        if len(free) != 1:
            return False
        adj = [[u for u in range(g) if u != v and compatible(nxt[v], nxt[u], ctx)]
               for v in range(g)]
        reach = _outer_vertices(free[0], g, adj, mate)
    for x in ps[:nsgb]:
        if not any(compatible(x, nxt[y], ctx) for y in reach):
            return False
    return True


def _outer_vertices(root: int, n: int, adj: list[list[int]], mate: list[int]) -> set[int]:
    """Vertices left exposed by some maximum matching when `root` is the only exposed vertex
    (the even vertices of an Edmonds search from root; Gallai-Edmonds D)."""
    trial = list(mate)
    collect: list[int] = []
    if augment_from(root, n, adj.__getitem__, trial, collect):
        return set()  # not a maximum matching after all: claim nothing (no shortcut)
    return set(collect)


def without_exchanges(bw: BracketWeights, base: dict[tuple[int, int], int], rem: list[int],
                       rp: int, m: int, bound_only: bool) -> list[tuple[int, int]] | None:
    """The remainder's pairs when pairing S1 against S2 without exchanges is optimal, else None.

    Without exchanges S1/S2 are the roles and the transpositions are bipartite (dutch.lex).
    It is optimal (B.3: no exchange needed) when the best S1-S2 pairing meets every
    criterion, or its duals bound every pairing of the remainder, or a general matching is
    no better. With `bound_only` only the first proof counts (it also proves the MDP choice)."""
    nsgb = bw.nsgb
    pos = set(rem)
    s1, s2 = set(rem[:rp]), set(rem[rp:])
    wb = {e: w for e, w in base.items()
          if (e[0] in s1 and e[1] in s2) or (e[0] in s2 and e[1] == nsgb)}
    mate, duals = cached_bipartite(bw, m, rem, rp, wb, profiles=True)
    if not all(i < mate[i] < nsgb for i in rem[:rp]):
        return None
    best = _meets_every_criterion(bw, rem, rp, mate, base, m)
    if not best and bound_only:
        return None
    if not best:
        side = {v: (1 if v in s1 or v == nsgb else -1) for v in pos | ({nsgb} if m > nsgb else set())}
        best = bool(certificates(base, duals, side, mate, nsgb if m > nsgb else None))
        if not best:  # no shift of the duals is a certificate: compare with the general optimum
            wr = {(i, j): w for (i, j), w in base.items()
                  if (i in pos or i == nsgb) and (j in pos or j == nsgb)}
            best = _value(mwm(m, wr), wr) == _value(mate, wb)
    if not best:
        return None
    mate = lex_refine(rem[:rp], wb, mate, duals)
    return [(i, mate[i]) for i in rem[:rp]]


def colour_perfect(bw: BracketWeights, s1: list[int], s2: list[int], m: int) -> list[tuple[int, int]] | None:
    """Pairs S1[k]-S2 when every S1 player can get an S2 opponent meeting all colour criteria.

    Within one score group a pair's weight is a sum of per-player terms (floats, byes) plus
    its colour criteria, so when all players are paired the optimal pairings are exactly the
    perfect S1-S2 pairings of colour-perfect compatible pairs (B.3: no exchange needed);
    the transposition order then picks one (dutch.lex)."""
    ps, ctx = bw.players, bw.ctx
    tight: dict[int, list[int]] = {}
    for h in s1:
        for lo in s2:
            if h < lo and compatible(ps[h], ps[lo], ctx) and colours_all_met(ps[h], ps[lo]):
                tight.setdefault(h, []).append(lo)
                tight.setdefault(lo, []).append(h)
    mate = [-1] * m
    for h in s1:
        for lo in tight.get(h, ()):
            if mate[lo] == -1:
                mate[h], mate[lo] = lo, h
                break
    for h in s1:
        if mate[h] == -1 and not augment_from(h, m, lambda v: tight.get(v, ()), mate):
            return None
    mate = lex_refine_tight(s1, tight, mate, [1] * m)
    return [(h, mate[h]) for h in s1]


def greedy_mdps(bw: BracketWeights, base: dict[tuple[int, int], int], m: int,
                 sink: bool) -> list[tuple[int, int]] | None:
    """Every MDP, in order, with the highest resident still free, when that provably is the
    best choice (C.5-C.6 pair them all; each pair and the remainder meet every criterion)."""
    ps, sgb, nsgb = bw.players, bw.sgb, bw.nsgb
    pairs: list[tuple[int, int]] = []
    taken: set[int] = set()
    for i in range(sgb):
        j = next((j for j in range(sgb, nsgb) if j not in taken and (i, j) in base), None)
        if j is None:
            return None
        lo = ps[j]
        if not colours_all_met(ps[i], lo) or lo.float1 == UP or lo.float2 == UP:
            return None
        pairs.append((i, j))
        taken.add(j)
    rem = [j for j in range(sgb, nsgb) if j not in taken]
    if not rem:
        return pairs
    if len(rem) % 2 == 0:
        half = len(rem) // 2
        found = colour_perfect(bw, rem[:half], rem[half:], m)
        if found is not None:
            return pairs + found
    found = without_exchanges(bw, base, rem, len(rem) // 2, m, bound_only=True)
    return None if found is None else pairs + found
