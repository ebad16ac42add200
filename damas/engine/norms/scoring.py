"""The numbers of a FIDE norm, pure (B.01 2024, 1.4.6 to 1.4.9): the opponents' ratings with the
adjusted rating floor, the average Ra, the percentage p, dp, Rp = Ra + dp, the least score that makes
the norm, and the derived points-needed table. Every rule cites its article; "[ours]" marks a
decision where the text is silent.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Sequence

from damas.engine.norms.tables import (
    DP_BY_PERCENT,
    MIN_SCORE_PERCENT,
    UNRATED_RATING,
    NormTitle,
    TitleRequirement,
    requirement,
)
from damas.engine.norms.types import FloorAdjustment, NormGame

__all__ = [
    "NormTableRow",
    "dp_for",
    "floor_adjustment",
    "min_score_half",
    "norm_table",
    "opponent_rating",
    "percentage",
    "performance",
    "points_needed",
    "round_half_up",
]


def round_half_up(value: Fraction) -> int:
    """Nearest whole number, the fraction 0.5 rounded upward (1.4.7b; the note under 1.4.9)."""
    return math.floor(value + Fraction(1, 2))


def percentage(points_half: int, games: int) -> int:
    """p of 1.4.9 in whole percent: "All percentages are rounded to the nearest whole number.
    0.5% is rounded up." (`points_half` in half-points over `games` games, games > 0)."""
    return round_half_up(Fraction(100 * points_half, 2 * games))


def dp_for(points_half: int, games: int) -> int:
    """dp of the 1.4.9 table for a score of `points_half` half-points in `games` games."""
    return DP_BY_PERCENT[percentage(points_half, games)]


def performance(average_rating: int, points_half: int, games: int) -> int:
    """1.4.8: Rp = Ra + dp, Ra the rounded average of 1.4.7."""
    return average_rating + dp_for(points_half, games)


def min_score_half(games: int) -> int:
    """1.4.8b, the least half-points that are at least 35% of `games` [ours: compared exactly,
    not after rounding p]."""
    return math.ceil(Fraction(MIN_SCORE_PERCENT * 2 * games, 100))


def points_needed(title: NormTitle | str, games: int, average_rating: int) -> int | None:
    """The least score (half-points) meeting 1.4.8 and 1.4.8b with `games` games against an
    average Ra of `average_rating`; None when Ra is below 1.4.8a or no score reaches it."""
    req = requirement(title)
    if games <= 0 or average_rating < req.min_average:
        return None
    for half in range(min_score_half(games), 2 * games + 1):
        if average_rating + dp_for(half, games) >= req.min_performance:
            return half
    return None


@dataclass(frozen=True)
class NormTableRow:
    """One score of a derived norm table: with `points_half` in `games` games, the norm needs
    Ra >= `min_average` (1.4.8, 1.4.8a, 1.4.8b)."""

    games: int
    points_half: int
    percentage: int
    dp: int
    min_average: int

    @property
    def points(self) -> Fraction:
        return Fraction(self.points_half, 2)


def norm_table(title: NormTitle | str, games: int) -> tuple[NormTableRow, ...]:
    """The points-needed table of `title` for `games` games, derived from 1.4.8/1.4.9: one row per
    score from 35% (1.4.8b) to all the games, the least Ra that gives the norm with it. The 2024
    edition has no table of its own in 1.4 (the 1.48 table of old editions is gone); the Annex of
    1.7 gives such tables for 7 to 19 rounds, and "in the case of any discrepancy, the regulations
    above shall take precedence" - so this is computed, not transcribed."""
    req = requirement(title)
    rows = []
    for half in range(min_score_half(games), 2 * games + 1):
        d = dp_for(half, games)
        rows.append(NormTableRow(games, half, percentage(half, games), d,
                                 max(req.min_average, req.min_performance - d)))
    return tuple(rows)


def opponent_rating(game: NormGame) -> int:
    """1.4.6d: an unrated opponent counts 1400 (unless he is the one raised by 1.4.6c)."""
    return UNRATED_RATING if game.opponent_rating is None else game.opponent_rating


def floor_adjustment(counted: Sequence[NormGame], req: TitleRequirement) -> FloorAdjustment | None:
    """1.4.6b-c: "No more than one opponent shall have their rating raised to this adjusted rating
    floor. Where more than one opponent is below the floor, the rating of the lowest rated
    opponent shall be raised." An unrated opponent (1400) is below every floor, so he is the one
    raised when he is the lowest. [ours] Between equal lowest ratings, the earliest round."""
    below = [g for g in counted if opponent_rating(g) < req.rating_floor]
    if not below:
        return None
    lowest = min(below, key=lambda g: (opponent_rating(g), g.round))
    return FloorAdjustment(lowest.round, lowest.opponent_id, lowest.opponent_name,
                           opponent_rating(lowest), req.rating_floor, lowest.opponent_rating is None)
