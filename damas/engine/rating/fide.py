"""`fide`: the FIDE Rating Regulations B.02 in force since 1 March 2024 (FIDE Handbook B.02).

* 8.1.2 (table): the expected score PD of each game from the rating difference D;
  8.3.1: a difference in rating of more than 400 points is counted as 400 (since 2024 in every
  game, no longer once per event). As amended from 1 October 2025, on the standard list a
  player rated 2650 or more counts the full difference for his own expected score. On the
  rapid and blitz lists (from 1 December 2024) a game between players 600 or more points
  apart, one of them rated above 2600, is not rated.
* 8.3: ΔR = Σ K·(W − We) over the event's rated games, rounded to the nearest whole number,
  0.5 rounded up whether the change is positive or negative.
* 8.3.3 K: 40 for a player new to the list until he has completed events with at least 30
  games; 40 until the end of the year of his 18th birthday while his rating is under 2300;
  20 while his rating stays under 2400; 10 once his published rating has reached 2400, even if
  it drops below later; and if K × n (games in the period, here the event) exceeds 700, K is
  the largest whole number with K × n ≤ 700.
* 7.1 initial rating of an unrated player: at least 5 games against rated opponents (7.1.1
  zero points against them: no rating), Ru = Ra + dp where two hypothetical opponents rated
  1800, each a draw, are added to his games (7.1.4), Ra rounded to the nearest whole number,
  dp from table 8.1.1 with p rounded to 0.01, at most 2200 (7.1.4, 8.2); published only at
  1400 or more.
* 7.2.1 rating floor 1400: a player whose rating drops below 1400 is listed as unrated.
* Games against unrated opponents are not rated for a rated player (no expected score).

The 2025 amendment, the rapid/blitz rule and the 2200 ceiling are read from secondary
transcriptions of the Handbook (the Handbook page itself was not reachable here).

Our reading: the games of one event stand for the rating period (FIDE rates a period, the
rating officer closes it per event here); the 5 games of 7.1 are this event's (FIDE pools
events over 26 months).
"""
from __future__ import annotations

from fractions import Fraction

from damas.engine.rating.common import (average_rating, expected_total, performance, rated_opponents,
                                        round_change)
from damas.engine.rating.types import DRAW, RatedGame, RatingChange, RatingInput
from damas.engine.tiebreaks.ratings import dp

CODE = "fide"
CAP = 400
FLOOR = 1400
INITIAL_MIN_GAMES = 5
HYPOTHETICAL = 1800  # 7.1.4: two opponents rated 1800, each game a draw
K_CEILING = 700  # 8.3.3: K x n <= 700
INITIAL_CEILING = 2200  # 7.1.4: an initial rating is at most 2200
FULL_DIFFERENCE_FROM = 2650  # 8.3.1 (standard list, from 1 October 2025)
FAST_GAP, FAST_TOP = 600, 2600  # rapid / blitz (from 1 December 2024): such games are not rated
FAST_LISTS = ("rapid", "blitz")


def k_factor(rating: int, games_before: int, age: int | None, reached: int, games: int) -> int:
    """K by 8.3.3 (see the module docstring), then the K × n ≤ 700 ceiling."""
    if games_before < 30 or (age is not None and age <= 18 and rating < 2300):
        k = 40
    elif max(rating, reached) >= 2400:
        k = 10
    else:
        k = 20
    if games and k * games > K_CEILING:
        k = K_CEILING // games
    return k


def initial_rating(games: tuple[RatedGame, ...]) -> int | None:
    """Ru of 7.1: None below 5 rated opponents or with no point against them (7.1.1)."""
    rated = rated_opponents(games)
    if len(rated) < INITIAL_MIN_GAMES or sum(g.score for g in rated) == 0:
        return None
    ratings = [g.opponent_rating for g in rated] + [HYPOTHETICAL, HYPOTHETICAL]
    score = sum(g.score for g in rated) + 2 * DRAW
    return min(INITIAL_CEILING, average_rating(ratings) + dp(score, 2 * len(ratings)))


class FideSystem:
    """FIDE B.02 (2024): see the module docstring."""

    code = CODE
    name = "FIDE B.02 (2024)"

    def __init__(self, rating_list: str = "regular") -> None:
        self.rating_list = rating_list

    def _rated(self, player: RatingInput) -> tuple[RatedGame, ...]:
        rated = rated_opponents(player.games)
        if self.rating_list in FAST_LISTS and player.rating:
            rated = tuple(g for g in rated if not (abs(player.rating - g.opponent_rating) >= FAST_GAP
                                                   and max(player.rating, g.opponent_rating) > FAST_TOP))
        return rated

    def rate(self, player: RatingInput) -> RatingChange:
        rated = self._rated(player)
        score = sum(g.score for g in rated)
        perf = performance(player.games)
        if player.rating <= 0:
            ru = initial_rating(player.games)
            if ru is not None and ru < FLOOR:
                ru = None
            return RatingChange(0, len(rated), score, Fraction(0), 0, 0, Fraction(0), ru,
                                initial=ru is not None, performance=perf)
        k = k_factor(player.rating, player.games_before, player.age, player.reached, len(rated))
        full = self.rating_list not in FAST_LISTS and player.rating >= FULL_DIFFERENCE_FROM
        we = expected_total(player.rating, rated, None if full else CAP)
        exact = k * (Fraction(score, 2) - we)
        delta = round_change(exact) if rated else 0
        new = player.rating + delta
        return RatingChange(player.rating, len(rated), score, we, k, delta, exact,
                            new if new >= FLOOR else None, performance=perf)
