"""What the Elo systems share: expected score, performance, rounding (FIDE B.02 8.1, 8.2, 8.3)."""
from __future__ import annotations

from fractions import Fraction
from math import floor

from damas.engine.expected_score import expected_score
from damas.engine.rating.types import RatedGame
from damas.engine.tiebreaks.ratings import dp, round_half_up

__all__ = ["expected_total", "performance", "round_change", "rated_opponents", "average_rating"]


def rated_opponents(games: tuple[RatedGame, ...]) -> tuple[RatedGame, ...]:
    """The games against rated opponents: only they are rated (FIDE B.02 8.2: the rating of
    an unrated opponent is unknown, so the game gives no expected score)."""
    return tuple(g for g in games if g.opponent_rating > 0)


def expected_total(rating: int, games: tuple[RatedGame, ...], cap: int | None) -> Fraction:
    """We: the sum of the expected scores PD of table 8.1.2, a difference above `cap` counted
    as `cap` (FIDE B.02 8.3.1: 400; None = no cap). Exact in hundredths."""
    total = Fraction(0)
    for g in games:
        opponent = g.opponent_rating
        if cap is not None and abs(rating - opponent) > cap:
            opponent = rating - cap if rating > opponent else rating + cap
        total += expected_score(rating, opponent, cap=False)
    return total


def average_rating(ratings: list[int]) -> int:
    """Ra: the average of the ratings, to the nearest whole number, halves up (B.02 8.2)."""
    return round_half_up(sum(ratings), len(ratings))


def performance(games: tuple[RatedGame, ...]) -> int | None:
    """Rp = Ra + dp over the rated opponents (B.02 8.2, table 8.1.1: p rounded to 0.01)."""
    rated = rated_opponents(games)
    if not rated:
        return None
    ra = average_rating([g.opponent_rating for g in rated])
    return ra + dp(sum(g.score for g in rated), 2 * len(rated))


def round_change(value: Fraction) -> int:
    """ΔR to the nearest whole number, 0.5 rounded up whether the change is positive or
    negative (B.02 8.3.3): +2.5 -> +3, -2.5 -> -2."""
    return floor(value + Fraction(1, 2))
