"""The season ranking ("ranking estadual", circuits): each counted event gives
its players season points from a points table, by place or by score; the season table adds
them up, per category (CBJD 124: each category's own table of the event).

Points are exact integers. Tie rule **[ours]** (stated on the ranking page): equal season
points are split by the number of best places (more 1st places, then more 2nd places, ...),
then by the number of events counted (more is better), then the players share the rank.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Hashable, Sequence

from damas.engine.types import EngineError

__all__ = ["EventResult", "SeasonRow", "season_points", "season_table", "PLACE", "SCORE"]

PLACE, SCORE = "place", "score"


@dataclass(frozen=True, slots=True)
class EventResult:
    """A player's result in one counted event: his place in the (category) table and his
    score in rule-set units."""

    player: Hashable
    place: int
    score: int


@dataclass(frozen=True)
class SeasonRow:
    rank: int
    player: Hashable
    total: int
    per_event: tuple[int | None, ...]  # season points per event, None = not in it
    places: tuple[int | None, ...]


def season_points(kind: str, table: Sequence[int], result: EventResult) -> int:
    """By place: the table's value for the place (0 beyond the table); by score: the score in
    rule-set units times the table's first value (1 = the score itself)."""
    if kind == PLACE:
        return table[result.place - 1] if 1 <= result.place <= len(table) else 0
    if kind == SCORE:
        return result.score * (table[0] if table else 1)
    raise EngineError(f"unknown season points kind {kind!r}")


def season_table(kind: str, table: Sequence[int], events: Sequence[Sequence[EventResult]]) -> list[SeasonRow]:
    """The season's rows, best first, by the tie rule of the module docstring."""
    if any(p < 0 for p in table):
        raise EngineError("season points cannot be negative")
    players: dict[Hashable, list[int | None]] = {}
    places: dict[Hashable, list[int | None]] = {}
    for i, results in enumerate(events):
        for r in results:
            players.setdefault(r.player, [None] * len(events))[i] = season_points(kind, table, r)
            places.setdefault(r.player, [None] * len(events))[i] = r.place
    deepest = max((p for ps in places.values() for p in ps if p), default=0)

    def key(player: Hashable) -> tuple:
        total = sum(v or 0 for v in players[player])
        counts = [sum(1 for p in places[player] if p == k) for k in range(1, deepest + 1)]
        counted = sum(1 for v in players[player] if v is not None)
        return (-total, *(-c for c in counts), -counted)

    ordered = sorted(players, key=lambda p: (key(p), str(p)))
    rows: list[SeasonRow] = []
    for i, player in enumerate(ordered, start=1):
        rank = rows[-1].rank if rows and key(ordered[i - 2]) == key(player) else i
        rows.append(SeasonRow(rank, player, sum(v or 0 for v in players[player]), tuple(players[player]),
                              tuple(places[player])))
    return rows
