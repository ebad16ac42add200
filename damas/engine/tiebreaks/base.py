"""One small object per tiebreak code, in a registry (RULES.md §4; DESIGN.md principle 3).

A tiebreak computes, for every entrant, an exact value (int or Fraction, in rule-set units
for point-valued tiebreaks); a higher value ranks higher. Opponent-based tiebreaks follow
the context's unplayed-games rule (``seed``, ``played``, ``fide-2024`` or ``fide-2026``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from damas.engine.points import Exact, format_value, to_points
from damas.engine.tiebreaks.context import TiebreakContext
from damas.engine.types import EngineError

__all__ = [
    "Tiebreak", "register", "get_tiebreak", "tiebreak_codes",
    "KIND_POINTS", "KIND_MATCH", "KIND_COUNT", "KIND_RATING", "KIND_LOT", "KIND_ORDER",
    "shown_value", "value_text", "value_texts",
]

KIND_POINTS = "points"  # rule-set units: shown divided by units_per_point
KIND_MATCH = "match"  # match points: 2/1/0 per match in every rule set (CBJD 120; C.07 team), as is
KIND_COUNT = "count"  # a number of games
KIND_RATING = "rating"  # rating points
KIND_LOT = "lot"
KIND_ORDER = "order"  # a number shown as it is, the lower ranking higher (TPN)


@dataclass(frozen=True)
class Tiebreak:
    """A tiebreak: stable `code`, names, the `article` it implements, and its computation.

    `func(ctx)` returns one value per player position (``ctx.nos[i]``). `group_func`, when
    set, computes the value among a group of tied players only (direct encounter).
    `key_func` turns a value into a sort key when "higher is better" is not the whole story
    (TPR of players who did not complete the schedule).
    """

    code: str
    name_pt: str
    name_en: str
    article: str
    func: Callable[[TiebreakContext], list[Exact]]
    kind: str = KIND_POINTS
    group_func: Callable[[TiebreakContext, Sequence[int]], list[Exact]] | None = None
    key_func: Callable[[TiebreakContext, int, Exact], Any] | None = None

    @property
    def among_tied(self) -> bool:
        return self.group_func is not None

    def values(self, ctx: TiebreakContext) -> list[Exact]:
        """Values by player position, cached in the context."""
        key = "tb:" + self.code
        cached = ctx.cache.get(key)
        if cached is None:
            cached = ctx.cache[key] = self.func(ctx)
        return cached

    def compute(self, ctx: TiebreakContext) -> dict[int, Exact]:
        """Values by starting number."""
        vals = self.values(ctx)
        return {no: vals[i] for i, no in enumerate(ctx.nos)}

    def compute_group(self, ctx: TiebreakContext, group: Sequence[int]) -> list[Exact]:
        """Values for the players at positions `group` (in that order)."""
        if self.group_func is not None:
            return self.group_func(ctx, group)
        vals = self.values(ctx)
        return [vals[i] for i in group]

    def sort_key(self, ctx: TiebreakContext, i: int, value: Exact) -> Any:
        return value if self.key_func is None else self.key_func(ctx, i, value)

    def shown(self, value: Exact, units_per_point: int) -> Exact:
        """The value as published: a score in the rule set's points (FIDE-TB: a Buchholz is a
        sum of points, 1 per win in chess; the engine keeps 2 units per win), anything else as
        it is (ratings, counts, match points, the lot)."""
        if self.kind == KIND_POINTS:
            return to_points(value, units_per_point)
        return value


_REGISTRY: dict[str, Tiebreak] = {}


def register(tb: Tiebreak) -> Tiebreak:
    if tb.code in _REGISTRY:
        raise EngineError(f"tiebreak {tb.code!r} registered twice")
    _REGISTRY[tb.code] = tb
    return tb


def shown_value(code: str, value: Exact, units_per_point: int) -> Exact:
    """`Tiebreak.shown` by code: the one conversion every output (pages, PDFs, API, CSV, CLI)
    applies to a tiebreak value before printing it."""
    return get_tiebreak(code).shown(value, units_per_point)


def value_text(code: str, value: Exact, units_per_point: int) -> str:
    """A tiebreak value as every table prints it: `shown_value`, then the engine's
    `format_value` (``12``, ``10.75``; a TPR average rounded to two places)."""
    return format_value(shown_value(code, value, units_per_point))


def value_texts(codes: Sequence[str], values: Sequence[Exact], units_per_point: int) -> list[str]:
    """`value_text` of one table row (`values` in the order of `codes`)."""
    return [value_text(code, value, units_per_point) for code, value in zip(codes, values)]


def get_tiebreak(code: str) -> Tiebreak:
    try:
        return _REGISTRY[code.upper()]
    except KeyError:
        raise EngineError(f"unknown tiebreak {code!r} (known: {', '.join(tiebreak_codes())})") from None


def tiebreak_codes() -> tuple[str, ...]:
    return tuple(_REGISTRY)
