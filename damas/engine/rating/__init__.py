"""Rating systems behind a registry keyed by stable codes: `fide` (B.02 2024) and
`cbjd` (an Elo list with the federation's parameters). Pure: no database, no web."""
from __future__ import annotations

from typing import Any, Mapping, Protocol

from damas.engine.rating.elo import EloParameters, EloSystem
from damas.engine.rating.fide import FideSystem
from damas.engine.rating.types import DRAW, LOSS, WIN, RatedGame, RatingChange, RatingInput
from damas.engine.types import EngineError

__all__ = ["RatingSystem", "get_rating_system", "rating_system_codes", "RatedGame", "RatingChange",
           "RatingInput", "EloParameters", "WIN", "DRAW", "LOSS"]


class RatingSystem(Protocol):
    code: str
    name: str

    def rate(self, player: RatingInput) -> RatingChange: ...


_SYSTEMS = {"fide": lambda params: FideSystem((params or {}).get("rating_list", "regular")), "cbjd": lambda params: EloSystem(EloParameters.from_mapping(params))}


def rating_system_codes() -> tuple[str, ...]:
    return tuple(_SYSTEMS)


def get_rating_system(code: str, params: Mapping[str, Any] | None = None) -> RatingSystem:
    """The system of `code`; `params` the federation's stored parameters (cbjd), or the list
    rated (fide: {"rating_list": "regular" | "rapid" | "blitz"})."""
    try:
        return _SYSTEMS[code](params)
    except KeyError:
        raise EngineError(f"unknown rating system {code!r}") from None
