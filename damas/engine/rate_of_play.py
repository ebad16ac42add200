"""Rate-of-play classes and the rating list an event feeds (CBJD 1, 3, 115; RULES.md §1).

CBJD names the classes by minutes per player: blitz 3x3 or 5x5, rápida 15x15,
semi-rápida 21x21 or 30x30, normal 45x45 or more. Between the named controls we take
the class of the next slower named control below it **[ours]**: under 15 minutes is
blitz, 15–20 rápida, 21–44 semi-rápida, 45 or more normal. Only normal games go to the
regular rating list; everything faster goes to the rapid list (CBJD 115). Games of 30
minutes or less need no notation (CBJD 3).

The increment counts as in FIDE practice: the expected game time for 60 moves,
`minutes + increment_seconds`, decides the class (a 60-move game adds one minute per
second of increment).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from damas.engine.types import EngineError


class RateClass(str, Enum):
    BLITZ = "blitz"
    RAPID = "rapida"
    SEMI_RAPID = "semi-rapida"
    NORMAL = "normal"


NAMES = {
    RateClass.BLITZ: ("Relâmpago (blitz)", "Blitz"),
    RateClass.RAPID: ("Rápida", "Rapid"),
    RateClass.SEMI_RAPID: ("Semirrápida", "Semi-rapid"),
    RateClass.NORMAL: ("Normal (clássica)", "Standard"),
}


@dataclass(frozen=True, slots=True)
class RateOfPlay:
    """A classified time control: its class, the rating list it feeds, notation duty."""

    minutes: int
    increment_seconds: int
    rate_class: RateClass
    rating_list: str  # "regular" or "rapid"
    notation_required: bool

    @property
    def label(self) -> str:
        inc = f" + {self.increment_seconds}s" if self.increment_seconds else ""
        return f"{self.minutes}x{self.minutes}{inc}"


def classify(minutes: int, increment_seconds: int = 0) -> RateOfPlay:
    """Classify a time control given in minutes per player plus an increment in seconds."""
    if minutes < 1 or increment_seconds < 0:
        raise EngineError("time control needs at least 1 minute and a non-negative increment")
    effective = minutes + increment_seconds  # 60 moves x increment seconds = increment minutes
    if effective < 15:
        rate_class = RateClass.BLITZ
    elif effective < 21:
        rate_class = RateClass.RAPID
    elif effective < 45:
        rate_class = RateClass.SEMI_RAPID
    else:
        rate_class = RateClass.NORMAL
    return RateOfPlay(
        minutes=minutes,
        increment_seconds=increment_seconds,
        rate_class=rate_class,
        rating_list="regular" if rate_class is RateClass.NORMAL else "rapid",
        notation_required=effective > 30,
    )
