"""The rating systems' narrow input and output (DESIGN.md principle 2).

Scores are in half points (win 2, draw 1, loss 0), ratings whole numbers, 0 = unrated.
Rating changes are computed exactly (`Fraction`) and rounded once, as each system says.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from damas.engine.types import EngineError

WIN, DRAW, LOSS = 2, 1, 0


@dataclass(frozen=True, slots=True)
class RatedGame:
    """One played game of the player: the opponent's rating (0 = unrated) and the player's
    score in half points (2 win, 1 draw, 0 loss)."""

    opponent_rating: int
    score: int

    def __post_init__(self) -> None:
        if self.score not in (WIN, DRAW, LOSS):
            raise EngineError(f"score must be 0, 1 or 2 half points, not {self.score!r}")
        if self.opponent_rating < 0:
            raise EngineError("a rating cannot be negative")


@dataclass(frozen=True, slots=True)
class RatingInput:
    """A player's state before the event and his played games in it.

    `rating` Ro (0 = unrated); `games_before` rated games of his career before the event;
    `age` in whole years at the end of the event's year (None = unknown, taken as adult);
    `reached` the highest published rating he ever had (for K = 10 once 2400 is reached).
    """

    rating: int
    games: tuple[RatedGame, ...]
    games_before: int = 30
    age: int | None = None
    reached: int = 0


@dataclass(frozen=True, slots=True)
class RatingChange:
    """What the rating officer publishes for one player of one event.

    `counted` the games rated (against rated opponents), `score` W in half points, `expected`
    We in points (exact), `k` the K factor, `delta` ΔR rounded (0 when nothing is rated),
    `exact_delta` K·(W − We) before rounding, `new_rating` after the event (None = unrated:
    an initial rating not yet reached, or below the floor), `initial` True when `new_rating`
    is the player's first rating, `performance` Rp (None without a rated opponent).
    """

    rating: int
    counted: int
    score: int
    expected: Fraction
    k: int
    delta: int
    exact_delta: Fraction
    new_rating: int | None
    initial: bool = False
    performance: int | None = None
    notes: tuple[str, ...] = field(default=())
