"""The next score group of a bracket reduced to one "sink" vertex (C.04.3 C.7).

A bracket is paired together with the next score group only so that C.7 (pairs and score
differences of the next bracket) can choose who floats down. When the bracket pairs all its
players but one (C.5), the next group's pairs only depend on that one floater, so the next
group can be replaced by a single vertex whose edge to each bracket player weighs what the
next bracket gains when that player floats. `next_group_irrelevant` (dutch.shortcuts) covers
the case where every floater gains the same; `sink_edges` computes the gains one by one
(Gallai-Edmonds decomposition of the next group), for instance a huge score group above a
tiny one whose players cannot all meet each other.

Exact by construction, with the next group's own pairs all weighing the same (checked; else
no shortcut): with N the next group, P the weight of one of its pairs, ν its maximum number
of pairs and D its vertices left unpaired by some maximum pairing, the next bracket is worth
P·ν when floater x is not paired there, W(x, y) + P·ν when x meets y in D (the rest still
has ν pairs) and W(x, y) + P·(ν - 1) for any other y; the sink edge weighs the best of these
minus P·ν (no edge when nothing is gained).
"""
from __future__ import annotations

from damas.engine.pairing.dutch.colors import compatible
from damas.engine.pairing.dutch.weights import BracketWeights
from damas.engine.pairing.matching import augment_from


def sink_edges(bw: BracketWeights, max_pairs_in_bracket: int) -> dict[int, int] | None:
    """Weight of the sink edge of each bracket player (missing: no edge), or None when the
    reduction does not apply (the bracket would leave more than one player, or the next
    group's pairs differ in weight). Not for special (collapsed) or final brackets, whose
    weights also carry C.4 completion and the bye."""
    ps, nsgb, ctx = bw.players, bw.nsgb, bw.ctx
    if bw.special or bw.final or nsgb % 2 == 0 or max_pairs_in_bracket != nsgb // 2:
        return None
    g = len(ps) - nsgb
    adj: list[list[int]] = [[] for _ in range(g)]
    pair_weight = None
    for a in range(g):
        for b in range(a + 1, g):
            w = bw.weight(nsgb + a, nsgb + b)
            if not w:
                continue
            if pair_weight is None:
                pair_weight = w
            elif w != pair_weight:
                return None
            adj[a].append(b)
            adj[b].append(a)
    mate = [-1] * g
    for v in range(g):
        if mate[v] == -1:
            augment_from(v, g, adj.__getitem__, mate)
    exposable: set[int] = set()
    for v in range(g):
        if mate[v] == -1:
            outer: list[int] = []
            if augment_from(v, g, adj.__getitem__, list(mate), outer):
                return None  # not maximum after all: claim nothing
            exposable.update(outer)
    p = pair_weight or 0
    edges: dict[int, int] = {}
    for i in range(nsgb):
        best = 0
        for y in range(g):
            if not compatible(ps[i], ps[nsgb + y], ctx):
                continue
            w = bw.weight(i, nsgb + y)
            best = max(best, w if y in exposable else w - p)
        if best > 0:
            edges[i] = best
    return edges
