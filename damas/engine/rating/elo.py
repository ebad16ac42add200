"""`cbjd` (and any federation list): an Elo system on FIDE's tables with the federation's
parameters (CBJD 115 names the lists, the seeds are silent on the calculation).

The expected score is table 8.1.2 of FIDE B.02 with a rating-difference cap; ΔR = K·(W − We)
rounded as B.02 8.3.3 (0.5 up). The parameters — K by category (new player, junior, adult,
master), the floor, the initial-rating rule, the minimum games — are the federation page's;
the defaults below are ours and are written on the regulations page.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, fields
from fractions import Fraction
from typing import Any, Mapping

from damas.engine.rating.common import (average_rating, expected_total, performance, rated_opponents,
                                        round_change)
from damas.engine.rating.types import RatingChange, RatingInput
from damas.engine.tiebreaks.ratings import dp
from damas.engine.types import EngineError

CODE = "cbjd"
INITIAL_RULES = ("performance", "fixed")


@dataclass(frozen=True)
class EloParameters:
    """A federation's Elo list. Defaults **[ours]**: FIDE's K values (40 new / junior,
    20 adult, 10 master from 2400), a 400-point cap, a floor of 1000 (a rating never falls
    below it), an initial rating Ra + dp (performance) after 5 games against rated players."""

    k_new: int = 40
    new_games: int = 30
    k_junior: int = 40
    junior_age: int = 18
    junior_below: int = 2300
    k_adult: int = 20
    k_master: int = 10
    master_rating: int = 2400
    cap: int = 400
    floor: int = 1000
    initial_rule: str = "performance"  # "performance" Ra + dp, or "fixed" = initial_value
    initial_value: int = 1500
    initial_min_games: int = 5

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "initial_rule":
                if value not in INITIAL_RULES:
                    raise EngineError(f"unknown initial rating rule {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise EngineError(f"{f.name} must be a whole number >= 0")
        if not 1 <= self.cap <= 800 or self.initial_min_games < 1:
            raise EngineError("cap must be 1..800 and the minimum games at least 1")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any] | None) -> "EloParameters":
        """Stored settings (JSON) over the defaults; unknown keys are ignored."""
        names = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in (data or {}).items() if k in names})

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


class EloSystem:
    """Elo with `EloParameters` (see the module docstring)."""

    code = CODE
    name = "CBJD / federação (Elo)"

    def __init__(self, params: EloParameters | None = None) -> None:
        self.params = params or EloParameters()

    def k_factor(self, player: RatingInput) -> int:
        p = self.params
        if player.games_before < p.new_games:
            return p.k_new
        if player.age is not None and player.age <= p.junior_age and player.rating < p.junior_below:
            return p.k_junior
        if max(player.rating, player.reached) >= p.master_rating:
            return p.k_master
        return p.k_adult

    def initial_rating(self, player: RatingInput) -> int | None:
        rated = rated_opponents(player.games)
        if len(rated) < self.params.initial_min_games:
            return None
        if self.params.initial_rule == "fixed":
            return max(self.params.floor, self.params.initial_value)
        ra = average_rating([g.opponent_rating for g in rated])
        return max(self.params.floor, ra + dp(sum(g.score for g in rated), 2 * len(rated)))

    def rate(self, player: RatingInput) -> RatingChange:
        rated = rated_opponents(player.games)
        score = sum(g.score for g in rated)
        perf = performance(player.games)
        if player.rating <= 0:
            ru = self.initial_rating(player)
            return RatingChange(0, len(rated), score, Fraction(0), 0, 0, Fraction(0), ru,
                                initial=ru is not None, performance=perf)
        k = self.k_factor(player)
        we = expected_total(player.rating, rated, self.params.cap)
        exact = k * (Fraction(score, 2) - we)
        delta = round_change(exact) if rated else 0
        new = max(self.params.floor, player.rating + delta)
        return RatingChange(player.rating, len(rated), score, we, k, new - player.rating, exact, new,
                            performance=perf)
