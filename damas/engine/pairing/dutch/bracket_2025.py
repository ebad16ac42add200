"""The round procedure of the 2025 Dutch rules (C.04.3 2025 edition, in force for FIDE-rated
events from 1 February 2026).

Brackets are paired from the top score group down as in the 2017 procedure (`dutch.bracket`),
with the three changes of the 2025 text:

* C5 (new, above every quality criterion): the pairing-allocated bye goes to the lowest
  score it can. That score is found first (`bye_score`); only eligible players (C2) of that
  score or lower may then be left unpaired, which the completion check of every bracket
  enforces.
* C4 applies to every bracket (1.9, Art. 2): a bracket's pairing must leave the players
  below it pairable. The 2017 penultimate / collapsed last bracket (A.9) is gone: when the
  best pairing of a bracket fails C4, the bracket is paired again with everybody below it in
  the matching (completion first), and pairing then goes on bracket by bracket. C8 likewise
  counts only next-bracket pairs that a complete pairing can have: when the next bracket's
  best pairing cannot be completed either, the bracket is paired with everybody below it.
* C9: in a bracket whose single downfloater will get the bye (the last bracket, or the
  bracket of the bye score when it pairs all its players but one), that player is the one
  with the fewest unplayed games. The bracket of the bye score is then paired on its own
  (its downfloater cannot help the next bracket: he takes the bye) and the bye is fixed.

The result is the reference engine's on the 150 cases of `golden/dutch2025` (tests).
"""
from __future__ import annotations

from dataclasses import replace

from damas.engine.pairing.dutch.bracket import Completion, pair_bracket
from damas.engine.pairing.dutch.players import DPlayer, RoundContext
from damas.engine.pairing.dutch.colors import compatible, incompatible
from damas.engine.pairing.dutch.shortcuts import max_pairs
from damas.engine.pairing.matching import augment_from
from damas.engine.pairing.dutch.weights_2025 import BracketWeights2025
from damas.engine.types import EngineError

__all__ = ["bye_score", "pair_round_2025"]


def bye_score(players: list[DPlayer], ctx: RoundContext) -> int | None:
    """C5: the lowest score of an eligible player (C2) who can get the pairing-allocated bye
    in a pairing meeting C1-C4 (None when the number of players is even)."""
    if len(players) % 2 == 0:
        return None
    eligible = [p.elig_bye for p in players]
    try:
        for score in sorted({p.score for p in players if p.elig_bye}):
            for p, elig in zip(players, eligible):
                p.elig_bye = elig and p.score <= score
            if Completion(players, ctx).complete():
                return score
    finally:
        for p, elig in zip(players, eligible):
            p.elig_bye = elig
    raise EngineError("no pairing satisfies the absolute criteria (C1-C4)")


def _group_end(players: list[DPlayer], pos: int) -> int:
    """End of the score group starting at `pos` (players are sorted by score)."""
    end = pos
    while end < len(players) and players[end].score >= players[pos].score:
        end += 1
    return end


def _next_bracket_pairs(bw: BracketWeights2025, local: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """A best pairing of the next bracket by C8 (the most pairs, then the highest scores
    paired) given the bracket's pairs `local`: the downfloaters with the next score group.

    Augmenting paths never unpair a paired player, so augmenting from the downfloaters first
    (highest score first) and then from the group gives a maximum pairing that pairs the best
    set of downfloaters (pairable sets of players form a matroid, so the greedy choice is
    optimal).

    A search from a vertex with a free neighbour pairs it with the first one, so that case
    is done without the search (the same pairs: the search scans the root's neighbours
    first, in order, and augments at the first free one)."""
    paired = {v for pr in local for v in pr}
    floaters = [k for k in range(bw.nsgb) if k not in paired]
    verts = floaters + list(range(bw.nsgb, bw.nrest))
    ps, ctx, nf = bw.players, bw.ctx, len(floaters)
    cache: dict[int, list[int]] = {}
    excluded = incompatible([ps[v] for v in verts], ctx)  # C.1/C.3 without testing every pair

    def neighbours(a: int) -> list[int]:
        if a not in cache:
            if excluded is None:
                cache[a] = [b for b in range(len(verts)) if b != a and (a >= nf or b >= nf)
                            and compatible(ps[verts[a]], ps[verts[b]], ctx)]
            else:
                out = excluded(a)
                out.add(a)
                cache[a] = [b for b in range(nf if a < nf else 0, len(verts)) if b not in out]
        return cache[a]

    n = len(verts)
    mate = [-1] * n
    for a in range(n):
        if mate[a] != -1:
            continue
        pa = ps[verts[a]]
        for b in range(nf if a < nf else 0, n):
            if mate[b] == -1 and b != a and compatible(pa, ps[verts[b]], ctx):
                mate[a], mate[b] = b, a
                break
        else:
            augment_from(a, n, neighbours, mate)
    return [(verts[a], verts[b]) for a, b in enumerate(mate) if a < b]


def _ids(index: dict[int, int], bw: BracketWeights2025, pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Pairs of bracket indices as indices into the round's player list (for `Completion`)."""
    return [(index[id(bw.players[a])], index[id(bw.players[b])]) for a, b in pairs]


def _is_c9_bracket(bracket: list[DPlayer], sgb: int, last: bool, ctx: RoundContext) -> bool:
    """C9 applies "to brackets that downfloat exactly one player, who will end up receiving
    the pairing-allocated bye": the last bracket, or the bracket of the bye score (his
    score, C5) when it can pair all its players but one."""
    if ctx.bye_score is None:
        return False
    if last:
        return True
    nsgb = len(bracket)
    return (sgb < nsgb and bracket[sgb].score == ctx.bye_score
            and nsgb - 2 * max_pairs(bracket, 0, nsgb, ctx, sgb) == 1)


def pair_round_2025(players: list[DPlayer], ctx: RoundContext,
                    ) -> tuple[list[tuple[DPlayer, DPlayer]], DPlayer | None]:
    """Pairs of the round and the pairing-allocated bye (or None) under the 2025 rules.

    `players` are sorted by score, then rank (1.2)."""
    n = len(players)
    if n == 0:
        return [], None
    ctx = replace(ctx, bye_score=bye_score(players, ctx))
    if ctx.bye_score is not None:
        for p in players:  # C5: nobody above the bye score may be left unpaired
            p.elig_bye = p.elig_bye and p.score <= ctx.bye_score
    index = {id(p): k for k, p in enumerate(players)}
    completion = Completion(players, ctx)
    if not completion.complete():
        raise EngineError("no pairing satisfies the absolute criteria (C1-C4)")
    result: list[tuple[DPlayer, DPlayer]] = []
    bye: DPlayer | None = None
    pos = _group_end(players, 0)
    bracket, sgb = players[:pos], 0
    while len(bracket) > 1 or pos < n:
        nsgb = len(bracket)
        if nsgb == sgb and pos == n:
            raise EngineError("pairing could not be completed")
        end = _group_end(players, pos) if pos < n else n
        group = players[pos:end]
        c9 = _is_c9_bracket(bracket, sgb, not group, ctx)
        if c9 and group:  # its downfloater takes the bye: the next group does not matter
            bw = BracketWeights2025(bracket, sgb, nsgb, True, False, ctx, c9=True)
        else:
            bw = BracketWeights2025(bracket + group, sgb, nsgb, not group, end == n and bool(group),
                                    ctx, c9=c9)
        local = pair_bracket(bw)
        # C4 for the bracket's pairs; and, as C8 counts only next-bracket pairs that a complete
        # pairing can have, for the pairs of the next bracket the matching counted.
        if group and not c9 and len(local) * 2 < nsgb:
            ok = completion.probe(_ids(index, bw, local + _next_bracket_pairs(bw, local)))
            ok = ok and completion.fix(_ids(index, bw, local))
        else:
            ok = completion.fix(_ids(index, bw, local))
        if not ok:  # pair the bracket again with everybody below it in the matching (C4 first)
            bw = BracketWeights2025(bracket + group + players[end:], sgb, nsgb, True, True, ctx,
                                    nrest=nsgb + len(group), c9=c9)
            local = pair_bracket(bw)
            if not completion.fix(_ids(index, bw, local)):
                raise EngineError("pairing could not be completed")
        result.extend((bw.players[a], bw.players[b]) for a, b in local)
        paired = {v for pr in local for v in pr}
        floaters = [bracket[k] for k in range(nsgb) if k not in paired]
        if c9 and group and len(floaters) == 1:
            bye = floaters.pop()
            if not completion.fix([(index[id(bye)], completion.bye)]):
                raise EngineError("pairing could not be completed")
        bracket, sgb, pos = floaters + group, len(floaters), end
    if bracket:
        bye = bracket[0]
    return result, bye
