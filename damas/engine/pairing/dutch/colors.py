"""Absolute colour criterion (C.3) and colour allocation (C.04.3 E.1-E.5)."""
from __future__ import annotations

from typing import Callable

from damas.engine.pairing.dutch.players import BLACK, WHITE, DPlayer, RoundContext


def invert(c: str | None) -> str | None:
    return None if c is None else (BLACK if c == WHITE else WHITE)


def prefs_compatible(a: str | None, b: str | None) -> bool:
    return a != b or a is None or b is None


def compatible(p: DPlayer, q: DPlayer, ctx: RoundContext) -> bool:
    """C.1 no rematch of a played game; C.3 two players with the same absolute colour
    preference do not meet, except topscorers (score over 50 % of the maximum) when pairing
    the last round."""
    if q.no in p.forbidden:
        return False
    if not p.absolute or not q.absolute or p.pref != q.pref:
        return True
    threshold = (ctx.played_rounds * max(ctx.win, ctx.draw)) >> 1
    return ctx.played_rounds >= ctx.total_rounds - 1 and (p.score > threshold or q.score > threshold)


def incompatible(ps: list[DPlayer], ctx: RoundContext,
                 reverse: bool = False) -> Callable[[int], set[int]] | None:
    """`excluded(v)`: the indices u of `ps` with compatible(ps[v], ps[u]) false (C.1 a game
    already played; C.3 the same absolute colour preference), or compatible(ps[u], ps[v])
    false with `reverse`, as a new set built without testing every pair; None in the last
    rounds, where C.3 has exceptions (then test each pair)."""
    if ctx.played_rounds >= ctx.total_rounds - 1:
        return None
    index = {p.no: k for k, p in enumerate(ps)}
    same: dict[str | None, set[int]] = {}
    met_by: dict[int, set[int]] = {}
    for k, p in enumerate(ps):
        if p.absolute:
            same.setdefault(p.pref, set()).add(k)
        if reverse:
            for x in p.forbidden:
                met_by.setdefault(x, set()).add(k)

    def excluded(v: int) -> set[int]:
        p = ps[v]
        if reverse:
            out = set(met_by.get(p.no, ()))
        else:
            out = {index[x] for x in p.forbidden if x in index}
        if p.absolute:
            out |= same[p.pref]
        return out

    return excluded


def _first_difference(p: DPlayer, q: DPlayer) -> tuple[str | None, str | None]:
    """E.3: the colours of the two players in the latest round in which they differed,
    walking back through played games only (C.04.2 #5)."""
    a = [c for c in p.colors if c is not None]
    b = [c for c in q.colors if c is not None]
    i, j = len(a) - 1, len(b) - 1
    while i >= 0 and j >= 0 and a[i] == b[j]:
        i -= 1
        j -= 1
    return (a[i] if i >= 0 else None), (b[j] if j >= 0 else None)


def _neutral_colour(p: DPlayer, q: DPlayer) -> str | None:
    """E.1-E.3: the colour of `p`, or None when the rules up to E.3 do not decide."""
    if prefs_compatible(p.pref, q.pref):
        if p.pref is not None:
            return p.pref
        if q.pref is not None:
            return invert(q.pref)
        return None
    if p.absolute and (p.imbalance > q.imbalance or not q.absolute):
        return p.pref
    if q.absolute and (q.imbalance > p.imbalance or not p.absolute):
        return invert(q.pref)
    if p.strong and not q.strong:
        return p.pref
    if q.strong and not p.strong:
        return invert(q.pref)
    mine, theirs = _first_difference(p, q)
    if mine is not None and theirs is not None:
        return theirs
    return None


def _ranks_below(p: DPlayer, q: DPlayer) -> bool:
    """True when p is placed below q (score, then pairing number; A.2)."""
    return (p.score, q.rank) < (q.score, p.rank)


def colour_of(p: DPlayer, q: DPlayer, ctx: RoundContext) -> str:
    """The colour `p` gets against `q`: E.1-E.3, then E.4 (the higher ranked player's
    preference), then E.5 (the higher ranked player's pairing number: odd gets the colour
    drawn for player 1 in round 1)."""
    result = _neutral_colour(p, q)
    if result is not None:
        return result
    if p.pref is None:
        if _ranks_below(p, q):
            return ctx.first_color if q.rank & 1 else invert(ctx.first_color)  # type: ignore[return-value]
        return invert(ctx.first_color) if p.rank & 1 else ctx.first_color  # type: ignore[return-value]
    if _ranks_below(p, q):
        return invert(q.pref)  # type: ignore[return-value]
    return p.pref


def colour_criteria(p: DPlayer, o: DPlayer) -> tuple[bool, bool, bool, bool]:
    """The four colour criteria a pair meets, `p` the lower and `o` the higher player: no
    colour difference beyond +-2 (2017 C.8 / 2025 C10), no third colour in a row (C.9 / C11),
    both preferences granted (C.10 / C12), both strong preferences granted (C.11 / C13). The
    first two only matter for topscorers, the only players C.3 lets meet with the same
    absolute preference."""
    same_absolute = p.absolute and o.absolute and p.pref == o.pref
    beyond_two = p.abs_imbalance and o.abs_imbalance and p.pref == o.pref
    if not same_absolute:
        third_in_row = False
    elif p.imbalance == o.imbalance:
        third_in_row = p.repeated is not None and p.repeated == o.repeated
    else:
        third_in_row = (o if p.imbalance > o.imbalance else p).repeated == invert(p.pref)
    granted = prefs_compatible(p.pref, o.pref)
    strong_granted = ((not p.strong and not p.absolute) or (not o.strong and not o.absolute)
                      or (p.absolute and o.absolute) or p.pref != o.pref)
    return not beyond_two, not third_in_row, granted, strong_granted
