"""Standings and crosstable of an event as plain data (pages and PDFs render the same dicts).

The engine does the work: the event is mapped to a TournamentState (complete rounds only),
withdrawals are applied under the rule set's policy (RULES.md §5), then `compute_standings`
ranks by points and the event's tiebreak order (RULES.md §4).
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask_babel import get_locale

from damas.engine.crosstable import build_crosstable
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import compute_standings
from damas.engine.tiebreaks import get_tiebreak
from damas.engine.withdrawals import apply_withdrawals
from damas.models import EntryStatus, Event
from damas.services.mapping import snapshot

SYSTEM_KINDS = {"berger": "roundrobin", "dutch": "swiss", "sb-swiss": "swiss", "micromatch": "micromatch",
                "knockout": "knockout"}


def system_kind(event: Event) -> str:
    return SYSTEM_KINDS.get(event.pairing_system, "swiss")


def event_ruleset(event: Event) -> Any:
    """The rule set scoring this event: micro-match events with their game/match-points choice (§2)."""
    if event.pairing_system == "micromatch":
        from damas.engine.micromatch_scoring import micro_ruleset
        from damas.services.mapping import micro_scoring

        return micro_ruleset(event.ruleset, micro_scoring(event))
    return get_ruleset(event.ruleset)


def tiebreak_order(event: Event) -> tuple[str, ...]:
    """The event's own order, or the rule set's default for its system (RULES.md §4); a
    micro-match event's default follows its game/match-points choice (§2)."""
    if event.pairing_system == "micromatch":
        from damas.services.mapping import micro_scoring
        from damas.services.micromatch import tiebreaks_for

        return tiebreaks_for(event, micro_scoring(event))
    if event.tiebreak_order.strip():
        return tuple(c.strip().upper() for c in event.tiebreak_order.split(",") if c.strip())
    return get_ruleset(event.ruleset).default_tiebreaks(system_kind(event))


def drawable_order(event: Event, order: tuple[str, ...]) -> tuple[str, ...]:
    """The order without LOT until its lot is drawn (when the event finishes): players
    still equal share their place meanwhile."""
    if event.tiebreak_lot_seed is None:
        return tuple(c for c in order if c != "LOT")
    return order


def format_value(value: Any) -> str:
    """Exact tiebreak values: integers as is, fractions as exact decimals where finite."""
    if isinstance(value, Fraction):
        if value.denominator == 1:
            return str(value.numerator)
        for places in range(1, 5):
            if (value * 10**places).denominator == 1:
                return _decimal(value, places)
        return _decimal(value, 2)
    return str(value)


def _decimal(value: Fraction, places: int) -> str:
    scaled = value * 10**places
    whole = (scaled.numerator * 2 + scaled.denominator) // (2 * scaled.denominator)  # round half up
    sign = "-" if whole < 0 else ""
    whole = abs(whole)
    return f"{sign}{whole // 10**places}.{whole % 10**places:0{places}d}"


def _english() -> bool:
    return str(get_locale()) == "en"


def _withdrawals(event: Event, snap: Any) -> Any:
    gone = {no: e.withdrawn_after_round or 0 for no, e in snap.entry_by_no.items()
            if e.status != EntryStatus.REGISTERED and e.withdrawn_after_round is not None}
    if not gone:
        return None
    n = len(snap.entry_by_no)
    scheduled = (n - 1) * (2 if event.double_round_robin else 1)  # odd fields: one bye, n-1 games
    kind = "round_robin" if event.pairing_system == "berger" else "swiss"
    return apply_withdrawals(snap.state, event.ruleset, kind, gone, max(scheduled, 1),
                             double=event.double_round_robin)


def event_table(event: Event, *, only: set[int] | None = None, order: tuple[str, ...] | None = None,
                snap: Any = None) -> tuple[Any, Any, Any, dict[str, Any]]:
    """(snapshot, withdrawals, engine Standings, options) after the last complete round; the
    category tables (damas.reports.awards) rank with the same state and lot seed."""
    snap = snap or snapshot(event)
    rs = event_ruleset(event)
    withdrawn = _withdrawals(event, snap)
    state = withdrawn.state if withdrawn else snap.state
    order = drawable_order(event, order or tiebreak_order(event))
    options: dict[str, Any] = {}
    if event.tiebreak_by_lot and event.tiebreak_lot_seed is not None:
        options["draw_order"] = True
    standings = compute_standings(state, rs, order, lot_seed=event.tiebreak_lot_seed, only=only, options=options)
    return snap, withdrawn, standings, options


def table_rows(event: Event, snap: Any, withdrawn: Any, standings: Any) -> list[dict[str, Any]]:
    """Plain rows of an engine table (rank label, name, points, tiebreak values)."""
    rs = event_ruleset(event)
    english = _english()
    reasons = {}
    if withdrawn:
        reasons = {no: (st.reason_en if english else st.reason_pt) for no, st in withdrawn.statuses.items()}
    rows = []
    for row in standings.rows:
        entry = snap.entry_by_no[row.start_no]
        p = entry.player
        rows.append({
            "rank": row.rank_label,
            "start_no": row.start_no,
            "player_id": p.id,
            "name": p.full_name,
            "club": (p.club.short_name or p.club.name) if p.club else "",
            "state": p.state,
            "rating": entry.rating_at_entry,
            "points": rs.format_points(row.points),
            "tiebreaks": [format_value(v) for v in row.tiebreaks],
            "excluded": row.excluded,
            "note": reasons.get(row.start_no, ""),
        })
    return rows


def tiebreak_columns(standings: Any) -> list[dict[str, str]]:
    english = _english()
    return [{"code": c, "name": (get_tiebreak(c).name_en if english else get_tiebreak(c).name_pt)}
            for c in standings.tiebreak_order]


def standings_context(event: Event, *, only: set[int] | None = None, order: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Rows (rank label, name, points, tiebreak values) after the last complete round."""
    snap, withdrawn, standings, options = event_table(event, only=only, order=order)
    return {"rows": table_rows(event, snap, withdrawn, standings), "columns": tiebreak_columns(standings),
            "after_round": snap.complete_rounds, "drawn_order": bool(options), "lot_seed": standings.lot_seed}


def crosstable_context(event: Event) -> dict[str, Any]:
    """Crosstable rows by pairing number with rank and tiebreak columns (round robin page)."""
    snap = snapshot(event)
    withdrawn = _withdrawals(event, snap)
    table_state = withdrawn.table_state if withdrawn else snap.state
    standing = standings_context(event)
    ranks = {r["start_no"]: r["rank"] for r in standing["rows"]}
    tbs = {r["start_no"]: r["tiebreaks"] for r in standing["rows"]}
    table = build_crosstable(table_state, event.ruleset, score_state=withdrawn.state if withdrawn else None,
                             marks=withdrawn.marks if withdrawn else None)
    rows = []
    for r in table.rows:
        rows.append({
            "number": r.number, "start_no": r.start_no, "name": r.name, "rating": r.rating,
            "cells": [c.text if c else "" for c in r.cells],
            "other": list(r.other), "total": r.total_text, "counted": r.counted,
            "rank": ranks.get(r.start_no, ""), "tiebreaks": tbs.get(r.start_no, []),
            "player_id": snap.entry_by_no[r.start_no].player_id,
        })
    return {"rows": rows, "columns": standing["columns"], "numbers": list(range(1, len(rows) + 1)),
            "after_round": snap.complete_rounds}
