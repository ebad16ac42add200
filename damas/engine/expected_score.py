"""FIDE's expected score of a game from the rating difference (FIDE Rating Regulations, B.02,
table 8.1.2: difference in rating D into scoring probability PD, for the higher rated player H
and the lower rated player L = 1 - H).

The table is data: `_UPPER_D[k]` is the largest D for which H = 0.50 + k/100 (k = 0 .. 49);
beyond the last bound H = 1.00. 8.3.1: a difference of more than 400 points counts as 400.
"""
from __future__ import annotations

from bisect import bisect_left
from fractions import Fraction

__all__ = ["expected_score", "RATING_DIFFERENCE_CAP"]

RATING_DIFFERENCE_CAP = 400
_UPPER_D = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,  # .50 - .59
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,  # .60 - .69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,  # .70 - .79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,  # .80 - .89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,  # .90 - .99
)


def expected_score(rating: int, opponent: int, cap: bool = True) -> Fraction:
    """PD of the player rated `rating` against `opponent`, exact in hundredths (8.1.2);
    with `cap` the difference counts at most 400 (8.3.1)."""
    d = abs(rating - opponent)
    if cap:
        d = min(d, RATING_DIFFERENCE_CAP)
    higher = Fraction(50 + bisect_left(_UPPER_D, d), 100)
    return higher if rating >= opponent else 1 - higher
