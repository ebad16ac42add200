"""The time control in one short phrase, "60x60, normal": the label once
and the class in lower case, instead of "60x60 (Normal (clássica))" that printed it twice; and
the rate of play as pages and PDFs show it (`rate_facts`)."""
from __future__ import annotations

from typing import Any

from damas.engine.rate_of_play import NAMES, RateClass, RateOfPlay, classify
from damas.presentation.labels import pick, rating_list_name
from damas.presentation.labels import english as in_english

SHORT_NAMES = {
    RateClass.BLITZ: ("relâmpago", "blitz"),
    RateClass.RAPID: ("rápida", "rapid"),
    RateClass.SEMI_RAPID: ("semirrápida", "semi-rapid"),
    RateClass.NORMAL: ("normal", "standard"),
}


def rate_text(rop: RateOfPlay, english: bool) -> str:
    return f"{rop.label}, {SHORT_NAMES[rop.rate_class][english]}"


def rate_facts(time_minutes: int, time_increment: int, seed_list: str, discipline: str) -> dict[str, Any]:
    """The rate of play of an event (minutes, increment) with its class, the rating list it
    feeds and `seed_list`, the list of its starting order (the event's choice),
    both lists of the event's game (`discipline`)."""
    rop = classify(time_minutes, time_increment)
    return {
        "label": rop.label,
        "text": rate_text(rop, in_english()),  # "60x60, normal": what pages and PDFs print
        "class_name": pick(NAMES[rop.rate_class]),
        "rating_list": rop.rating_list,
        "rating_list_name": rating_list_name(discipline, rop.rating_list),
        "seed_list": seed_list,
        "seed_list_name": rating_list_name(discipline, seed_list),
        "notation_required": rop.notation_required,
    }
