"""The time control in one short phrase, "60x60, normal" (issue 17, point 9): the label once
and the class in lower case, instead of "60x60 (Normal (clássica))" that printed it twice."""
from __future__ import annotations

from damas.engine.rate_of_play import RateClass, RateOfPlay

SHORT_NAMES = {
    RateClass.BLITZ: ("relâmpago", "blitz"),
    RateClass.RAPID: ("rápida", "rapid"),
    RateClass.SEMI_RAPID: ("semirrápida", "semi-rapid"),
    RateClass.NORMAL: ("normal", "standard"),
}


def rate_text(rop: RateOfPlay, english: bool) -> str:
    return f"{rop.label}, {SHORT_NAMES[rop.rate_class][english]}"
