"""An event's standings: ONE computation for every output (RULES.md §4, §5, §8).

The standings page, the micro-match page, their PDFs, the API, the crosstables, the category
tables and the prize allocation all rank through `standings_of`, so they cannot disagree: the
same snapshot (complete rounds), the same withdrawals (the rule set's policy), the same order
(the event's announced one, drawn by lot when announced so, CBJD 123, 127), the same lot seed
and the same finished playoffs (FIDE-GR "Playoff").

**[ours]** The absolute category is the event's standings (`Category.tiebreak_order`): its
finished playoffs are applied on the standings page too, and an event without categories ranks
as its absolute category.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from damas.engine.categories import Category, members
from damas.engine.playoffs import apply_playoff
from damas.engine.standings import Standings
from damas.engine.types import EngineError
from damas.formats import FormatTable, get_format
from damas.formats.event_rules import event_ruleset, system_kind, tiebreak_order
from damas.formats.mapping import EventSnapshot
from damas.models import Event
from damas.services.standings.categories import event_categories, find
from damas.services.standings.playoff_state import playoffs_of, status_of


@dataclass(frozen=True)
class EventStandings:
    """One ranked table of an event and what it was computed from."""

    snap: EventSnapshot
    withdrawn: Any  # engine WithdrawalOutcome, or None when nobody left
    standings: Standings
    options: dict[str, Any]  # {"draw_order": True} when the order was drawn by lot
    category: Category | None
    playoffs_applied: tuple[int, ...]  # ids of the finished playoffs written into the table


def announced_order(event: Event) -> tuple[str, ...] | None:
    """The order the event set itself before round 1, None when it keeps the rule set's defaults
    (a micro-match event's default already depends on its scoring, so it counts as set)."""
    if get_format(event).announces_order(event):
        return tiebreak_order(event)
    return None


def order_of(event: Event, category: Category | None = None) -> tuple[str, ...]:
    """The tiebreak order a table of the event ranks by, before any drawing by lot: the event's
    order for the absolute table (CBJD 123, 127), a category's per `Category.tiebreak_order`."""
    if category is None or category.is_absolute:
        return tiebreak_order(event)
    return category.tiebreak_order(event_ruleset(event), system_kind(event), announced_order(event))


def _category(event: Event, category: Category | str | None) -> Category | None:
    if category is None or isinstance(category, Category):
        return category
    found = find(event, category)
    if found is None:
        raise EngineError(f"no category {category!r}")
    return found


def _absolute(event: Event) -> Category | None:
    return next((c for c in event_categories(event) if c.is_absolute), None)


def standings_of(event: Event, category: Category | str | None = None, *,
                 snap: EventSnapshot | None = None) -> EventStandings:
    """The event's table after its last complete round; with `category` (a `Category` or its
    code) that category's table: its members, its order, its finished playoffs (CBJD 124).

    `standings_of(event)` and the absolute category's table are the same computation.
    """
    fmt = get_format(event)
    snap = snap or fmt.snapshot(event)
    chosen = _category(event, category)
    if chosen is None or chosen.is_absolute:
        table_category = chosen or _absolute(event)
        only = None
    else:
        table_category = chosen
        only = set(members(chosen, snap.state.entrants, event.start_date.year))
    snap, withdrawn, standings, options = fmt.table(event, snap, only, order_of(event, chosen))
    applied: list[int] = []
    if table_category is not None:
        standings, applied = _with_playoffs(event, table_category, standings)
    return EventStandings(snap, withdrawn, standings, options, table_category, tuple(applied))


def subset_table(event: Event, *, only: set[int] | None = None, order: tuple[str, ...] | None = None,
                 snap: EventSnapshot | None = None) -> FormatTable:
    """An ad-hoc sub-table through the event's format (the same computation as `standings_of`,
    without categories and playoffs): `only` some starting numbers, in `order`."""
    fmt = get_format(event)
    return fmt.table(event, snap or fmt.snapshot(event), only, order or tiebreak_order(event))


def _with_playoffs(event: Event, category: Category, standings: Standings) -> tuple[Standings, list[int]]:
    """The table with the category's finished playoffs (FIDE-GR "Playoff" (e), (f)); a playoff
    the table can no longer take (results corrected since) is left out, not an error."""
    applied = []
    for playoff in playoffs_of(event, category.code):
        try:
            status = status_of(playoff)
            if status.finished:
                standings = apply_playoff(standings, status)
                applied.append(playoff.id)
        except EngineError:
            continue
    return standings, applied
