"""The individual table of an event: withdrawals under the rule set's policy (RULES.md §5), then
points and the event's tiebreak order (RULES.md §4), drawn by lot when announced so (CBJD 123,
127). Shared by the round-based and micro-match formats."""
from __future__ import annotations

from typing import Any

from damas.engine.standings import compute_standings
from damas.engine.tiebreaks import build_context
from damas.engine.withdrawals import apply_withdrawals
from damas.formats.base import EventFormat, FormatTable
from damas.formats.mapping import EventSnapshot
from damas.formats.rule_options import drawable_order, own_order, ruleset_overrides, tiebreak_settings
from damas.models import EntryStatus, Event


def withdrawals(event: Event, snap: EventSnapshot, kind: str) -> Any:
    """The engine's withdrawal outcome for the players who left, None when nobody did (once per
    snapshot: every category table of a request shares it)."""
    key = ("withdrawals", kind)
    if key not in snap.memo:
        snap.memo[key] = _withdrawals(event, snap, kind)
    return snap.memo[key]


def _withdrawals(event: Event, snap: EventSnapshot, kind: str) -> Any:
    gone = {no: e.withdrawn_after_round or 0 for no, e in snap.rows_by_no.items()
            if e.status != EntryStatus.REGISTERED and e.withdrawn_after_round is not None}
    if not gone:
        return None
    n = len(snap.rows_by_no)
    scheduled = (n - 1) * (2 if event.double_round_robin else 1)  # odd fields: one bye, n-1 games
    return apply_withdrawals(snap.state, event.ruleset, kind, gone, max(scheduled, 1),
                             double=event.double_round_robin)


def individual_table(fmt: EventFormat, event: Event, snap: EventSnapshot, only: set[int] | None,
                     order: tuple[str, ...]) -> FormatTable:
    """The ranked individual table after the last complete round for `order` and subset `only`:
    the event's format (`fmt`) scores it and says its default order and withdrawal policy."""
    rs = fmt.ruleset(event, ruleset_overrides(event))
    withdrawn = fmt.withdrawals(event, snap)
    state = withdrawn.state if withdrawn else snap.state
    order = drawable_order(event, order or own_order(event) or fmt.default_tiebreaks(event))
    options: dict[str, Any] = {}
    if event.tiebreak_by_lot and event.tiebreak_lot_seed is not None:
        options["draw_order"] = True
    settings = {**options, **tiebreak_settings(event)}
    key = ("context", id(state), rs.code, rs.unplayed, repr(sorted(settings.items())), event.tiebreak_lot_seed)
    context = snap.memo.get(key)  # the categories rank subsets of one field: tiebreaks computed once
    if context is None:
        context = snap.memo[key] = build_context(state, rs, options=settings, lot_seed=event.tiebreak_lot_seed)
    standings = compute_standings(state, rs, order, lot_seed=event.tiebreak_lot_seed, only=only,
                                  options=settings, context=context)
    return FormatTable(snap, withdrawn, standings, options)
