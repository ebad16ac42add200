"""Tiebreak registry: `get_tiebreak(code)`, `tiebreak_codes()` (RULES.md §4).

Each tiebreak has ``code``, ``name_pt``, ``name_en``, ``article`` and ``compute(ctx)`` giving
``{start_no: int | Fraction}``; build the context with `build_context(state, ruleset, ...)`.
"""
from __future__ import annotations

from damas.engine.tiebreaks import buchholz as _buchholz  # noqa: F401  (registers BH, SB, ...)
from damas.engine.tiebreaks import own as _own  # noqa: F401  (registers DE, WIN, PS, ...)
from damas.engine.tiebreaks import ratings as _ratings  # noqa: F401  (registers ARO, TPR)
from damas.engine.tiebreaks import team as _team  # noqa: F401  (registers OPP-MP, OPP-GP)
from damas.engine.tiebreaks.base import (
    KIND_COUNT,
    KIND_LOT,
    KIND_MATCH,
    KIND_ORDER,
    KIND_POINTS,
    KIND_RATING,
    Tiebreak,
    get_tiebreak,
    register,
    shown_value,
    tiebreak_codes,
    value_text,
    value_texts,
)
from damas.engine.tiebreaks.context import TiebreakContext, build_context

__all__ = [
    "KIND_COUNT",
    "KIND_LOT",
    "KIND_MATCH",
    "KIND_ORDER",
    "KIND_POINTS",
    "KIND_RATING",
    "Tiebreak",
    "TiebreakContext",
    "build_context",
    "get_tiebreak",
    "register",
    "shown_value",
    "tiebreak_codes",
    "value_text",
    "value_texts",
]
