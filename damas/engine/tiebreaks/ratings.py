"""Rating-based tiebreaks: ARO, ARO-C1, TPR (FIDE-TB 4; C.07 10; FIDE B.02 8.1a).

Ratings are whole numbers; an average is rounded to the nearest whole number, halves up.
Unrated opponents (rating 0) are left out. Unplayed-games rule:
``seed`` an unplayed round counts the player's own rating, divided by all rounds (FIDE-TB 4a);
``played``, ``fide-2024`` and ``fide-2026`` average over played games only (C.07 10.1).
TPR follows the same rule as ARO (C.07 10.2 builds it on the ratings ARO uses): under ``seed``
an unplayed round is a draw against an opponent of the player's own rating, as in Buchholz
(FIDE-TB "Handling of unplayed games") [ours: the seed text names no rating tiebreak].
"""
from __future__ import annotations

from damas.engine.points import Exact
from damas.engine.tiebreaks.base import KIND_RATING, Tiebreak, register
from damas.engine.tiebreaks.context import TiebreakContext
from damas.engine.types import Outcome

# FIDE B.02 table 8.1a: dp for a percentage score p = 0.00 .. 1.00 (index = 100 p).
_DP_HIGH = (0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
            158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
            351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800)
DP_TABLE = tuple(-d for d in reversed(_DP_HIGH[1:])) + _DP_HIGH  # index 0 -> p=0.00 -> -800
_SKIPPED = frozenset({Outcome.HALF_BYE, Outcome.FULL_BYE, Outcome.ZERO_BYE, Outcome.NOT_PAIRED})


def round_half_up(numerator: int, denominator: int) -> int:
    """Nearest whole number of numerator/denominator (denominator > 0), halves up."""
    return (2 * numerator + denominator) // (2 * denominator)


def dp(numerator: int, denominator: int) -> int:
    """dp of a percentage score p = numerator/denominator, p rounded to two decimals."""
    return DP_TABLE[round_half_up(100 * numerator, denominator)]


def _ratings(ctx: TiebreakContext, i: int) -> list[int]:
    own = ctx.rating[i]
    cap = 350 if ctx.option("tpr_350") else None
    out = []
    for r in range(ctx.rounds):
        if ctx.played[i][r]:
            rating = ctx.rating[ctx.opp[i][r]]
            if rating <= 0:
                continue
            if cap is not None and own > 0:
                rating = max(own - cap, min(own + cap, rating))
            out.append(rating)
        elif ctx.unplayed == "seed" and own > 0:
            out.append(own)
    return out


def _aro(cut: int):
    def compute(ctx: TiebreakContext) -> list[Exact]:
        values = []
        for i in range(ctx.size):
            ratings = sorted(_ratings(ctx, i))
            if ctx.fide_unplayed:
                unrated = sum(1 for r in range(ctx.rounds)
                              if ctx.played[i][r] and ctx.rating[ctx.opp[i][r]] <= 0)
                ratings = ratings[max(0, cut - unrated):]  # unrated opponents are cut first
            else:
                ratings = ratings[cut:]
            values.append(round_half_up(sum(ratings), len(ratings)) if ratings else 0)
        return values
    return compute


def _tpr(ctx: TiebreakContext) -> list[Exact]:
    """ARO + dp(percentage scored), over the same rounds as ARO (C.07 10.2; B.02 8.1a).

    Played games against rated opponents count their result; under ``seed`` an unplayed round
    counts as a draw against the player's own rating (see the module docstring).
    """
    cap = 350 if ctx.option("tpr_350") else None
    draw = ctx.round_max // 2
    values = []
    for i in range(ctx.size):
        own = ctx.rating[i]
        total = n = score = 0
        for r in range(ctx.rounds):
            if ctx.played[i][r]:
                rating = ctx.rating[ctx.opp[i][r]]
                if rating <= 0:
                    continue
                if cap is not None and own > 0:
                    rating = max(own - cap, min(own + cap, rating))
                result = ctx.pts[i][r]
            elif ctx.unplayed == "seed" and own > 0:
                rating, result = own, draw
            else:
                continue
            total += rating
            n += 1
            score += result
        values.append(round_half_up(total, n) + dp(score, n * ctx.round_max) if n else 0)
    return values


def _tpr_key(ctx: TiebreakContext, i: int, value: Exact):
    """FIDE-TB 4(c): electing not to play more than two games ranks below the full schedule."""
    skipped = sum(1 for oc in ctx.outcome[i] if oc in _SKIPPED)
    return (0 if skipped > 2 else 1, value)


register(Tiebreak("ARO", "Média de rating dos adversários", "Average rating of opponents",
                  "FIDE-TB 4(a); C.07 10.1", _aro(0), kind=KIND_RATING))
register(Tiebreak("ARO-C1", "Média de rating dos adversários menos o pior",
                  "Average rating of opponents cut 1", "FIDE-TB 4(b); C.07 10.1, 14", _aro(1),
                  kind=KIND_RATING))
register(Tiebreak("TPR", "Performance", "Tournament performance rating",
                  "FIDE-TB 4(c); C.07 10.2; B.02 8.1a", _tpr, kind=KIND_RATING, key_func=_tpr_key))
