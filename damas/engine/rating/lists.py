"""Which rating list a game goes to: one list per discipline and rate of play (RULES.md §1, CBJD
115; FIDE B.02 1: separate standard, rapid and blitz lists).

A draughts 64 result and a chess result never share a list: the federation keeps a list for each
discipline (draughts 64, draughts 100, chess) and each rate (regular = "clássica/normal", rapid,
blitz), nine in all. An event feeds the list of its discipline and its rate; a rating period, the
public list, a player's career and the imports name one of them.

**[ours]** A rating that comes without a game (the federation's registry, an old URL naming only
the rate) belongs to draughts 64, the federation's own game; a rating-list file goes to the game
staff choose when importing it (draughts 64 unless they say otherwise).

A list's code is ``<discipline>:<rate>`` (``xadrez:rapid``); a bare rate (``rapid``) reads as
draughts 64, so addresses and files written before the lists were split keep their meaning.
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.types import EngineError

__all__ = ["DISCIPLINES", "RATES", "FEDERATION_GAME", "RatingListKey", "ALL_LISTS", "parse_list_code"]

DISCIPLINES = ("damas-64", "damas-100", "xadrez")
RATES = ("regular", "rapid", "blitz")
FEDERATION_GAME = "damas-64"


@dataclass(frozen=True, slots=True, order=True)
class RatingListKey:
    """One rating list: a discipline and a rate of play."""

    discipline: str
    rate: str

    def __post_init__(self) -> None:
        if self.discipline not in DISCIPLINES or self.rate not in RATES:
            raise EngineError(f"unknown rating list {self.discipline}:{self.rate}")

    @property
    def code(self) -> str:
        return f"{self.discipline}:{self.rate}"


ALL_LISTS = tuple(RatingListKey(d, r) for d in DISCIPLINES for r in RATES)


def parse_list_code(code: str | None) -> RatingListKey | None:
    """The list a code names (``xadrez:rapid``; a bare rate is draughts 64's), None if unknown."""
    discipline, _sep, rate = (code or "").strip().rpartition(":")
    try:
        return RatingListKey(discipline or FEDERATION_GAME, rate)
    except EngineError:
        return None
