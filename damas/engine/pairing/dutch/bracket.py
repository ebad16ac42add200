"""Bracket-by-bracket pairing of the Dutch system (C.04.3 B, C; programmers' guidelines).

Brackets are paired from the top score group down, following the reference engine's
reading of the rules. Each bracket (moved-down players, then the resident score group) is
paired together with the next score group, whose pairs only decide C.7 (which downfloaters
help the next bracket); only the bracket's own pairs are kept. Two weighted matchings per
bracket decide everything:

1. the criteria (`BracketWeights`), then which MDPs are paired (the higher first) and with
   which residents (the highest possible), as lexicographic tie-breaks below the criteria;
2. for the remainder (residents not paired with MDPs): the criteria, then fewest exchanges
   between S1 and S2 with the smallest difference of exchanged numbers (B.3), then the
   exchange of the lowest S1 players and highest S2 players first, then each S1 player's
   opponent as high in S2 as possible (the transposition order of B.2).

Those tie-break weights are huge integers and slow in pure Python, so `dutch.shortcuts`
first tries to prove the answer of the common cases with small matchings (`FAST`):
`dutch.sink` replaces the next score group by one vertex when only one player floats,
`dutch.certify` proves the moved-down players' opponents and the remainder's pairing with
LP duals of the S1-S2 matching, and the criteria weights are computed once per pair of
player profiles (`_base_weights`). Each only skips work; the pairings are the same.

After each bracket a cardinality matching checks that the players left can still all be
paired (C.4 completion); when they cannot, the bracket is paired again as the penultimate
pairing bracket together with all remaining players (A.9 collapsed last bracket).
"""
from __future__ import annotations

from damas.engine.pairing.dutch.certify import certified_mdps
from damas.engine.pairing.dutch.colors import compatible, incompatible
from damas.engine.pairing.dutch.lex import lex_bipartite
from damas.engine.pairing.dutch.players import DPlayer, RoundContext, profile
from damas.engine.pairing.dutch.shortcuts import (
    colour_perfect,
    greedy_mdps,
    ideal_pairing,
    max_pairs,
    mwm,
    next_group_irrelevant,
    without_exchanges,
)
from damas.engine.pairing.dutch.sink import sink_edges
from damas.engine.pairing.dutch.weights import BracketWeights
from damas.engine.pairing.matching import augment_from
from damas.engine.types import EngineError

# The shortcuts (dutch.shortcuts) only skip work whose outcome they prove; tests compare
# them with FAST = False.
FAST = True


class Completion:
    """Cardinality matching over the players still unpaired (plus a bye vertex when the
    number is odd), repaired incrementally as brackets fix their pairs (C.4)."""

    def __init__(self, players: list[DPlayer], ctx: RoundContext) -> None:
        self.players = players
        self.ctx = ctx
        n = len(players)
        self.bye = n if n % 2 else -1
        self.n = n + (1 if n % 2 else 0)
        self.alive = [True] * self.n
        self._adj: dict[int, list[int]] = {}
        self._excluded = incompatible(players, ctx)  # C.1/C.3 without testing every pair
        self.mate = [-1] * self.n
        free = list(range(n))  # greedy start: each player with the next free compatible one
        k = 0
        while k < len(free):
            v = free[k]
            for t in range(k + 1, min(len(free), k + 8)):
                u = free[t]
                if compatible(players[v], players[u], ctx):
                    self.mate[v], self.mate[u] = u, v
                    del free[t]
                    break
            k += 1

    def _neighbours_all(self, v: int) -> list[int]:
        adj = self._adj.get(v)
        if adj is None:
            ps, ctx = self.players, self.ctx
            if v == self.bye:
                adj = [u for u in range(len(ps)) if ps[u].elig_bye]
            else:
                p = ps[v]
                if self._excluded is None:
                    adj = [u for u in range(len(ps)) if u != v and compatible(p, ps[u], ctx)]
                else:
                    out = self._excluded(v)
                    out.add(v)
                    adj = [u for u in range(len(ps)) if u not in out]
                if self.bye >= 0 and p.elig_bye:
                    adj.append(self.bye)
            self._adj[v] = adj
        return adj

    def _neighbours(self, v: int) -> list[int]:
        alive = self.alive
        return [u for u in self._neighbours_all(v) if alive[u]]

    def complete(self) -> bool:
        for v in range(self.n):
            if self.alive[v] and self.mate[v] == -1:
                if not augment_from(v, self.n, self._neighbours, self.mate):
                    return False
        return True

    def fix(self, pairs: list[tuple[int, int]]) -> bool:
        """Remove the fixed pairs; True when the rest can still be completed. On failure the
        state is left as before."""
        saved_mate, saved_alive = list(self.mate), list(self.alive)
        for a, b in pairs:
            for v in (a, b):
                old = self.mate[v]
                if old != -1:
                    self.mate[old] = -1
                self.mate[v] = -1
        for a, b in pairs:
            self.alive[a] = self.alive[b] = False
        if self.complete():
            return True
        self.mate, self.alive = saved_mate, saved_alive
        return False

    def probe(self, pairs: list[tuple[int, int]]) -> bool:
        """Whether the rest could still be completed with these pairs fixed too; the state is
        left as before either way."""
        saved_mate, saved_alive = list(self.mate), list(self.alive)
        ok = self.fix(pairs)
        self.mate, self.alive = saved_mate, saved_alive
        return ok


def _base_weights(bw: BracketWeights, m: int) -> dict[tuple[int, int], int]:
    """The weights of every compatible pair of bw.players[:m] (i < j, j from the first
    resident), each profile pair computed once: a score group holds hundreds of players but
    few distinct profiles (colour preference, floats, bye eligibility)."""
    ps, ctx, nsgb = bw.players, bw.ctx, bw.nsgb
    prof: dict[tuple, int] = {}
    kind = [prof.setdefault(profile(p), len(prof)) for p in ps[:m]]
    cache: dict[tuple[int, int, bool, bool], int] = {}
    base: dict[tuple[int, int], int] = {}
    excluded = incompatible(ps[:m], ctx, reverse=True)
    for j in range(bw.sgb, m):
        lo, kj, lin = ps[j], kind[j], j < nsgb
        out = excluded(j) if excluded is not None else None
        for i in range(j):
            if (not compatible(ps[i], lo, ctx)) if out is None else i in out:
                continue
            key = (kind[i], kj, i < nsgb, lin)
            w = cache.get(key)
            if w is None:
                w = cache[key] = bw.weight(i, j)
            if w:
                base[(i, j)] = w
    return base


def pair_bracket(bw: BracketWeights) -> list[tuple[int, int]]:
    """Pairs (higher index, lower index) of the bracket in `bw` (indices into bw.players)."""
    ps, sgb, nsgb = bw.players, bw.sgb, bw.nsgb
    # The shortcuts reason about one resident score group (not a collapsed last bracket).
    fast = FAST and len({ps[j].score for j in range(sgb, nsgb)}) == 1
    ideal = ideal_pairing(bw) if fast else None
    if ideal is not None:
        return ideal
    m = len(ps)
    sink = False
    sink_w: dict[int, int] | None = None
    if FAST and not bw.special and m > nsgb:
        if next_group_irrelevant(bw):
            # The next group is replaced by one vertex standing for "floats and is paired there".
            m = nsgb
            sink = nsgb % 2 == 1
        else:
            # The same with a gain per floater (dutch.sink), when only one player floats.
            sink_w = sink_edges(bw, max_pairs(ps, 0, nsgb, bw.ctx, sgb))
            if sink_w is not None:
                m = nsgb
                sink = True
    if fast and not sgb and nsgb % 2 == 0 and m == nsgb and (not bw.special or len(ps) == nsgb):
        found = colour_perfect(bw, list(range(nsgb // 2)), list(range(nsgb // 2, nsgb)), m)
        if found is not None:
            return found
    base = _base_weights(bw, m) if FAST else {
        (i, j): w for j in range(sgb, m) for i in range(j) if (w := bw.weight(i, j))}
    if sink:
        for i in range(nsgb):
            w = bw.sink_weight(i) if sink_w is None else sink_w.get(i, 0)
            if w:
                base[(i, nsgb)] = w
        m = nsgb + 1

    # Stage 1: criteria, then MDP selection and their opponents (lexicographic).
    pairs: list[tuple[int, int]] = []
    if fast and sgb and m == nsgb + sink:
        greedy = greedy_mdps(bw, base, m, sink)
        if greedy is not None:
            return greedy
        certified = certified_mdps(bw, base, m)
        if certified is not None:
            return certified
    if sgb:
        fb = (nsgb - sgb + 1).bit_length()
        sel_off = sgb * fb
        top = sel_off + sgb + 1
        weights = {}
        for (i, j), w in base.items():
            w <<= top
            if i < sgb <= j < nsgb:
                w += (1 << (sel_off + sgb - 1 - i)) + ((nsgb - j) << ((sgb - 1 - i) * fb))
            weights[(i, j)] = w
        mate = mwm(m, weights)
        pairs = [(i, mate[i]) for i in range(sgb) if sgb <= mate[i] < nsgb]
        taken = {v for pr in pairs for v in pr}
        rem = [j for j in range(sgb, nsgb) if j not in taken]
        rp = sum(1 for j in rem if (mate[j] if mate[j] != -1 else j) < j)
    elif FAST and not bw.special:
        # C.5 is the first criterion: the remainder has as many pairs as the bracket allows.
        taken = set()
        rem = list(range(nsgb))
        rp = max_pairs(ps, 0, nsgb, bw.ctx)
    elif FAST and m == nsgb:
        # The last bracket: C.4 completion pairs everybody but the bye.
        taken = set()
        rem = list(range(nsgb))
        rp = nsgb // 2
    else:
        mate = mwm(m, base)
        taken = set()
        rem = list(range(nsgb))
        rp = sum(1 for j in rem if (mate[j] if mate[j] != -1 else j) < j)
    if not rem or rp == 0:
        return pairs

    # Stage 2: the remainder, S1 = its first rp players, S2 the rest.
    pos = {v: k for k, v in enumerate(rem)}
    n_rem, n_s2 = len(rem), len(rem) - rp
    fb2 = (n_rem + 1).bit_length()
    o2 = n_rem * fb2
    o1 = o2 + n_s2 + 1
    top = o1 + rp + 2
    pcb2 = 2 * bw.pcb
    if fast and m == nsgb + sink:
        found = without_exchanges(bw, base, rem, rp, m, bound_only=False)
        if found is not None:
            return pairs + found
        # Otherwise roles first (criteria, then fewest exchanges, smallest BSN difference).
        wa = {}
        for (i, j), w in base.items():
            pi, pj = pos.get(i), pos.get(j)
            if pi is not None and pj is not None:
                wa[(i, j)] = w + ((((pi < rp) << pcb2) - pi) << 1)
            elif pi is not None and j == nsgb:
                wa[(i, j)] = w
        mate = mwm(m, wa)
        if all(i < mate[i] < nsgb for i in rem[:rp]):
            s1, s2 = set(rem[:rp]), set(rem[rp:])
            wb = {e: w for e, w in base.items()
                  if (e[0] in s1 and e[1] in s2) or (e[0] in s2 and e[1] == nsgb)}
            mate = lex_bipartite(m, rem[:rp], wb)
            return pairs + [(i, mate[i]) for i in rem[:rp]]
    weights = {}
    for (i, j), w in base.items():
        if i in taken or j in taken:
            continue
        pi, pj = pos.get(i), pos.get(j)
        if pi is not None and pj is not None:
            w += (((pi < rp) << pcb2) - pi) << 1
            w <<= top
            if pi < rp:
                w -= 1 << (o1 + pi)
            else:
                w += 1 << (o2 + n_s2 - 1 - (pi - rp))
            w += (n_rem - pj) << ((n_rem - 1 - pi) * fb2)
        else:
            w <<= top
        weights[(i, j)] = w
    mate = mwm(m, weights)
    for i in rem:
        if i < mate[i] < nsgb:
            pairs.append((i, mate[i]))
    return pairs


def pair_round(players: list[DPlayer], ctx: RoundContext) -> tuple[list[tuple[DPlayer, DPlayer]], DPlayer | None]:
    """Pairs of the round and the player who receives the pairing-allocated bye (or None).

    `players` are sorted by score, then rank (A.2)."""
    n = len(players)
    if n == 0:
        return [], None
    index = {id(p): k for k, p in enumerate(players)}
    completion = Completion(players, ctx)
    if not completion.complete():
        raise EngineError("no pairing satisfies the absolute criteria (C.1-C.3)")
    pos = 0
    while pos < n and players[pos].score >= players[0].score:
        pos += 1
    bracket = players[:pos]
    special = pos == n
    sgb = 0
    result: list[tuple[DPlayer, DPlayer]] = []
    while len(bracket) > 1 or pos < n:
        nsgb = len(bracket)
        if nsgb - sgb == 0 and pos == n:
            raise EngineError("pairing could not be completed")
        saved_pos = pos
        group = players[pos:] if special else [
            p for p in players[pos:] if p.score >= players[pos].score]
        pos += len(group)
        work = bracket + group
        bw = BracketWeights(work, sgb, nsgb, special, pos == n, ctx)
        local = pair_bracket(bw)
        if not special:
            ok = completion.fix([(index[id(work[a])], index[id(work[b])]) for a, b in local])
            if not ok:
                pos = saved_pos
                special = True
                continue
        result.extend((work[a], work[b]) for a, b in local)
        special = pos == n
        paired = {v for pr in local for v in pr}
        floaters = [work[k] for k in range(nsgb) if k not in paired]
        bracket = floaters + work[nsgb:]
        sgb = len(floaters)
    return result, (bracket[0] if bracket else None)
