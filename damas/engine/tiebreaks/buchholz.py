"""Buchholz family, Sonneborn-Berger and other opponent-score tiebreaks (FIDE-TB 3; C.07 8-9).

Unplayed-games rules (RULES.md §4), applied to each round of the player:

* ``seed`` (FIDE-TB "Handling of unplayed games"): a round without a played game counts as a
  draw against the player himself: his own final score goes into BH, half of it into SB.
  Opponents (withdrawn ones too) contribute their final table score.
* ``played``: only games played over the board count; unplayed rounds contribute nothing.
* ``fide-2024`` (C.07, 2023/24, art. 16): a played game contributes the opponent's score
  adjusted so that his voluntarily unplayed rounds after his last non-voluntary round count as
  draws (16.3); an unplayed round contributes a dummy opponent with the player's own score,
  with the result as recorded (16.4); low cuts remove voluntarily unplayed rounds first (14.6).
* ``fide-2026`` (C.07 as in force from 1 March 2026): as ``fide-2024``, except the dummy
  opponent's value: a forfeit, won or lost, counts against min(own score, the scheduled
  opponent's adjusted score); a bye of any kind (or a round not paired) against min(own score,
  half the rounds played). The opponent adjustment and the cut order are those of 2024: the
  FIDE reference calculator's 2026-03-01 values (golden/tiebreaks/fide2026, 60 events) agree
  with that reading and with no other we tried (e.g. counting only non-voluntary rounds as
  draws changes 185 of 1,805 Buchholz values).
"""
from __future__ import annotations

from damas.engine.points import Exact, exact
from damas.engine.tiebreaks.base import Tiebreak, register
from damas.engine.tiebreaks.context import TiebreakContext

__all__ = ["adjusted_scores", "contributions", "buchholz_cut", "dummy_value"]


def adjusted_scores(ctx: TiebreakContext) -> list[int]:
    """Opponent scores as opponents' tiebreaks see them (C.07 16.3 under ``fide-2024`` and
    ``fide-2026``)."""
    cached = ctx.cache.get("abh")
    if cached is not None:
        return cached
    if not ctx.fide_unplayed:
        result = ctx.total
    else:
        draw = ctx.round_max // 2
        result = []
        for i in range(ctx.size):
            last = -1
            for r in range(ctx.rounds):
                if not ctx.voluntary(i, r):
                    last = r
            pts, opp = ctx.pts[i], ctx.opp[i]
            result.append(sum(pts[r] if r <= last or opp[r] >= 0 else draw for r in range(ctx.rounds)))
    ctx.cache["abh"] = result
    return result


def dummy_value(ctx: TiebreakContext, i: int, r: int) -> int:
    """The dummy opponent's score for player `i`'s unplayed round `r` (C.07 16.4).

    ``fide-2024``: the player's own score. ``fide-2026``: at most the player's own score; a
    forfeit is worth the scheduled opponent's adjusted score, a bye half the rounds played.
    """
    own = ctx.total[i]
    if ctx.unplayed != "fide-2026":
        return own
    j = ctx.opp[i][r]
    if j >= 0:
        return min(own, adjusted_scores(ctx)[j])
    return min(own, ctx.rounds * (ctx.round_max // 2))


def contributions(ctx: TiebreakContext) -> list[tuple[list[int], list[int]]]:
    """Per player: (values of voluntarily unplayed rounds, other values), each sorted ascending.

    Only ``fide-2024`` and ``fide-2026`` have voluntarily unplayed values to cut first; the
    other rules return everything in the second list.
    """
    cached = ctx.cache.get("bh-contrib")
    if cached is not None:
        return cached
    adj = adjusted_scores(ctx)
    rule = ctx.unplayed
    out = []
    for i in range(ctx.size):
        own = ctx.total[i]
        opp, played = ctx.opp[i], ctx.played[i]
        first: list[int] = []
        rest: list[int] = []
        for r in range(ctx.rounds):
            if played[r]:
                rest.append(adj[opp[r]])
            elif rule == "seed":
                rest.append(own)
            elif ctx.fide_unplayed:
                (first if ctx.voluntary(i, r) else rest).append(dummy_value(ctx, i, r))
        first.sort()
        rest.sort()
        out.append((first, rest))
    ctx.cache["bh-contrib"] = out
    return out


def buchholz_cut(ctx: TiebreakContext, low: int, high: int) -> list[Exact]:
    """Buchholz minus `low` least significant and `high` most significant values (C.07 14)."""
    values = []
    for first, rest in contributions(ctx):
        seq = first + rest  # the low-cut order: voluntarily unplayed rounds first
        n = len(seq)
        lo = min(low, n)
        hi = min(high, n - lo)
        kept = seq[lo:]
        if hi:
            kept = sorted(kept)[: len(kept) - hi]
        values.append(sum(kept))
    return values


def _bh(low: int, high: int):
    return lambda ctx: buchholz_cut(ctx, low, high)


def opponents_sum(ctx: TiebreakContext, values: list[Exact]) -> list[Exact]:
    """Sum of the opponents' `values`; an unplayed round counts the player's own value unless the
    unplayed-games rule is ``played`` (the seed rule, FIDE-TB "Handling of unplayed games")."""
    out = []
    for i in range(ctx.size):
        s: Exact = 0
        for r in range(ctx.rounds):
            if ctx.played[i][r]:
                s += values[ctx.opp[i][r]]
            elif ctx.unplayed != "played":
                s += values[i]
        out.append(s)
    return out


def _sbh(ctx: TiebreakContext) -> list[Exact]:
    return opponents_sum(ctx, BH.values(ctx))


def _sonneborn(ctx: TiebreakContext, game_points: bool = False) -> list[Exact]:
    """Sum of opponent score x own result, the result as a fraction of the round's maximum."""
    adj = adjusted_scores(ctx)
    rule = ctx.unplayed
    draw = ctx.round_max // 2
    table = ctx.gpts if game_points else ctx.pts
    out = []
    for i in range(ctx.size):
        own = ctx.total[i]
        pts, opp, played = table[i], ctx.opp[i], ctx.played[i]
        num = 0
        for r in range(ctx.rounds):
            if played[r]:
                num += adj[opp[r]] * pts[r]
            elif rule == "seed":
                num += own * draw
            elif ctx.fide_unplayed:
                num += dummy_value(ctx, i, r) * pts[r]
        out.append(exact(num, ctx.round_max))
    return out


def _koya(ctx: TiebreakContext) -> list[Exact]:
    """Points scored against opponents with at least `ks_limit` % (50) of the maximum (C.07 9.2)."""
    limit = int(ctx.option("ks_limit", 50))
    threshold = limit * ctx.round_max * ctx.rounds  # compare total * 100 >= threshold
    strong = [t * 100 >= threshold for t in ctx.total]
    only_played = ctx.unplayed == "played"
    out = []
    for i in range(ctx.size):
        pts, opp, played = ctx.pts[i], ctx.opp[i], ctx.played[i]
        out.append(sum(pts[r] for r in range(ctx.rounds)
                       if opp[r] >= 0 and strong[opp[r]] and (played[r] or not only_played)))
    return out


BH = register(Tiebreak("BH", "Milésimos totais (Buchholz)", "Buchholz",
                       "FIDE-TB 3(a); C.07 8.1", _bh(0, 0)))
register(Tiebreak("BH-C1", "Milésimos totais menos o pior", "Buchholz cut 1",
                  "FIDE-TB 3(a3); C.07 8.1, 14", _bh(1, 0)))
register(Tiebreak("BH-C2", "Milésimos totais menos os dois piores", "Buchholz cut 2",
                  "FIDE-TB 3(a4); C.07 8.1, 14", _bh(2, 0)))
register(Tiebreak("BH-M1", "Milésimos medianos", "Median Buchholz",
                  "FIDE-TB 3(a1); C.07 8.1, 14", _bh(1, 1)))
register(Tiebreak("BH-M2", "Milésimos medianos 2", "Median Buchholz 2",
                  "FIDE-TB 3(a2); C.07 8.1, 14", _bh(2, 2)))
register(Tiebreak("SBH", "Soma dos milésimos dos adversários", "Sum of Buchholz", "FIDE-TB 3(a5)", _sbh))
register(Tiebreak("SB", "Sonneborn-Berger", "Sonneborn-Berger", "FIDE-TB 3(b1); C.07 9.1", _sonneborn))
register(Tiebreak("TSB", "Sonneborn-Berger por equipes", "Team Sonneborn-Berger", "FIDE-TB 3(b2)",
                  lambda ctx: _sonneborn(ctx, game_points=True)))
register(Tiebreak("KS", "Koya", "Koya system", "C.07 9.2", _koya))
