"""Standings and crosstable of an event as plain data (pages and PDFs render the same dicts).

The engine does the work: the event is mapped to a TournamentState (complete rounds only),
withdrawals are applied under the rule set's policy (RULES.md §5), then `compute_standings`
ranks by points and the event's tiebreak order (RULES.md §4).
"""
from __future__ import annotations

from typing import Any

from flask_babel import get_locale

from damas.engine.crosstable import build_crosstable, build_swiss_crosstable
from damas.engine.pairing import family_of
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import Standings, compute_standings
from damas.engine.tiebreaks import get_tiebreak
from damas.engine.types import Outcome
from damas.engine.withdrawals import apply_withdrawals
from damas.models import EntryStatus, Event
from damas.presentation.numbers import tiebreak_text
from damas.services.mapping import micro_scoring, snapshot
from damas.engine.micromatch_scoring import micro_ruleset
from damas.engine.knockout_standings import complete_rounds, knockout_standings
from damas.services.knockout import load_bracket

# services/team_standings and services/micromatch read this name here (lead: switch them to
# damas.presentation.numbers.tiebreak_text when the rows move out of reports, issue 15 point 4).
format_value = tiebreak_text

SYSTEM_KINDS = {"berger": "roundrobin", "dutch": "swiss", "sb-swiss": "swiss", "micromatch": "micromatch",
                "knockout": "knockout"}


def system_kind(event: Event) -> str:
    return SYSTEM_KINDS.get(family_of(event.pairing_system), "swiss")


def unplayed_rule(event: Event) -> str:
    """The event's unplayed-games rule for the tiebreaks (§4): its own choice, else the rule
    set's default on its start date (FIDE events from 1 March 2026: ``fide-2026``)."""
    chosen = (event.tiebreak_options or {}).get("unplayed")
    return chosen or get_ruleset(event.ruleset).unplayed_on(event.start_date)


def event_ruleset(event: Event) -> Any:
    """The rule set scoring this event: micro-match events with their game/match-points choice
    (§2), and the event's unplayed-games rule for the tiebreaks (§4, `unplayed_rule`)."""
    overrides: dict[str, Any] = {"unplayed": unplayed_rule(event)}
    overrides.update(bye_override(event))
    if event.pairing_system == "micromatch":
        return micro_ruleset(event.ruleset, micro_scoring(event), **overrides)
    return get_ruleset(event.ruleset, **overrides)


def bye_override(event: Event) -> dict[str, int]:
    """The event's pairing-bye score as a rule-set option (RULES.md §1), {} for the default."""
    if not event.pairing_bye_score:
        return {}
    base = get_ruleset(event.ruleset)
    return {"pairing_bye": {"win": base.win, "draw": base.draw, "zero": 0}[event.pairing_bye_score]}


def pairing_ruleset(event: Event) -> Any:
    """What the pairing systems score with: the rule-set code, or the event's own rule set when
    it changes what a pairing bye scores (so pairing and standings agree)."""
    return event_ruleset(event) if event.pairing_bye_score else event.ruleset


def tiebreak_settings(event: Event) -> dict[str, Any]:
    """The event's tiebreak switches the engine reads (``win_forfeits``, ``tpr_350``)."""
    stored = event.tiebreak_options or {}
    return {key: True for key in ("win_forfeits", "tpr_350") if stored.get(key)}


def tiebreak_order(event: Event) -> tuple[str, ...]:
    """The event's own order, or the rule set's default for its system (RULES.md §4); a
    micro-match event's default follows its game/match-points choice (§2)."""
    if event.pairing_system == "micromatch":
        from damas.services.micromatch import tiebreaks_for  # imports us back (point 4)

        return tiebreaks_for(event, micro_scoring(event))
    if event.tiebreak_order.strip():
        return tuple(c.strip().upper() for c in event.tiebreak_order.split(",") if c.strip())
    return get_ruleset(event.ruleset).default_tiebreaks(system_kind(event))


def shown_tiebreak_order(event: Event) -> tuple[str, ...]:
    """The order the event's pages announce: a team micro-match event ranks its teams (the
    table that matters) by the team order; every other event by `tiebreak_order`."""
    if event.pairing_system == "micromatch":
        from damas.services.micromatch import get_settings  # imports us back (point 4)

        settings = get_settings(event)
        if settings is not None and settings.team:
            from damas.services.team_standings import team_tiebreak_order  # imports us back (point 4)

            return team_tiebreak_order(event, settings.scoring)
    return tiebreak_order(event)


def drawable_order(event: Event, order: tuple[str, ...]) -> tuple[str, ...]:
    """The order without LOT until its lot is drawn (when the event finishes): players
    still equal share their place meanwhile."""
    if event.tiebreak_lot_seed is None:
        return tuple(c for c in order if c != "LOT")
    return order


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
    """(snapshot, withdrawals, engine Standings, options) after the last complete round for a
    given order and subset. Outputs go through `services.standings.standings_of`, which picks
    the order (event / category) and applies the playoffs: call that, not this."""
    snap = snap or snapshot(event)
    if event.pairing_system == "knockout":
        return _knockout_table(event, snap, only)
    rs = event_ruleset(event)
    withdrawn = _withdrawals(event, snap)
    state = withdrawn.state if withdrawn else snap.state
    order = drawable_order(event, order or tiebreak_order(event))
    options: dict[str, Any] = {}
    if event.tiebreak_by_lot and event.tiebreak_lot_seed is not None:
        options["draw_order"] = True
    standings = compute_standings(state, rs, order, lot_seed=event.tiebreak_lot_seed, only=only,
                                  options={**options, **tiebreak_settings(event)})
    return snap, withdrawn, standings, options


def _knockout_table(event: Event, snap: Any, only: set[int] | None) -> tuple[Any, Any, Any, dict[str, Any]]:
    """A knockout ranks by its bracket's final places (its rounds are the bracket's rounds)."""
    from dataclasses import replace


    loaded = load_bracket(event)
    if loaded is None:  # not started: nobody is placed yet
        return snap, None, Standings((), (), None, event.ruleset, ""), {}
    standings = knockout_standings(loaded.bracket, event.ruleset, only=only)
    return replace(snap, complete_rounds=complete_rounds(loaded.bracket)), None, standings, {}


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
            "tiebreaks": [tiebreak_text(v) for v in row.tiebreaks],
            "excluded": row.excluded,
            "note": reasons.get(row.start_no, ""),
            "pending": list(row.pending),  # rounds of an adjourned game (C.04.2 #1): no points yet
        })
    return rows


def tiebreak_columns(standings: Any) -> list[dict[str, str]]:
    english = _english()
    return [{"code": c, "name": (get_tiebreak(c).name_en if english else get_tiebreak(c).name_pt)}
            for c in standings.tiebreak_order]


def standings_context(event: Event, *, only: set[int] | None = None, order: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Rows (rank label, name, points, tiebreak values) after the last complete round: the
    event's table (`services.standings.standings_of`, the one every output shares); `only` /
    `order` give an ad-hoc sub-table."""
    if only is None and order is None:
        from damas.services.standings import standings_of  # imports us back (point 4)

        table = standings_of(event)
        snap, withdrawn, standings, options = table.snap, table.withdrawn, table.standings, table.options
    else:
        snap, withdrawn, standings, options = event_table(event, only=only, order=order)
    return {"rows": table_rows(event, snap, withdrawn, standings), "columns": tiebreak_columns(standings),
            "after_round": snap.complete_rounds, "drawn_order": bool(options), "lot_seed": standings.lot_seed}


SWISS_CROSSTABLE = ("dutch", "sb-swiss", "micromatch")  # system families (every Dutch edition)


def crosstable_kind(event: Event) -> str | None:
    """'grid' (round robin: N x N), 'swiss' (Swiss and individual micro-match events: one
    column per round) or None (knockout, team events: their own pages)."""
    if event.pairing_system == "berger":
        return "grid"
    if family_of(event.pairing_system) in SWISS_CROSSTABLE:
        if event.pairing_system == "micromatch":
            from damas.services.micromatch import is_team_event  # imports us back (point 4)

            if is_team_event(event):
                return None
        return "swiss"
    return None


def crosstable_context(event: Event) -> dict[str, Any]:
    """The event's crosstable: the Swiss one for Swiss and micro-match events, else the grid."""
    if crosstable_kind(event) == "swiss":
        return swiss_crosstable_context(event)
    return grid_crosstable_context(event)


def _no_opponent_labels() -> dict[Outcome, str]:
    from flask_babel import gettext as _

    return {Outcome.PAIRING_BYE: _("isento"), Outcome.FULL_BYE: _("bye"), Outcome.HALF_BYE: _("bye")}


def swiss_crosstable_context(event: Event) -> dict[str, Any]:
    """One row per player in rank order; per round the opponent's line, colour and result
    (e.g. "12b2"), then points and tiebreaks. One snapshot, one ranking: linear in
    players x rounds."""
    from damas.services.standings import standings_of  # imports us back (point 4)

    table = standings_of(event)
    snap, withdrawn, standings, options = table.snap, table.withdrawn, table.standings, table.options
    rows = table_rows(event, snap, withdrawn, standings)
    table_state = withdrawn.table_state if withdrawn else snap.state
    table = build_swiss_crosstable(table_state, event_ruleset(event), [r["start_no"] for r in rows],
                                   score_state=withdrawn.state if withdrawn else None,
                                   marks=withdrawn.marks if withdrawn else None)
    labels = _no_opponent_labels()
    for row, line in zip(rows, table.rows):
        cells = []
        for c in line.cells:
            if c.opponent is not None:
                cells.append(c.text)
            elif c.outcome in labels:
                cells.append(f"{labels[c.outcome]} {c.result}")
            else:
                cells.append("—")
        row.update(line=line.line, cells=cells, counted=line.counted)
    return {"swiss": True, "rows": rows, "columns": tiebreak_columns(standings),
            "rounds": list(range(1, snap.complete_rounds + 1)), "after_round": snap.complete_rounds,
            "drawn_order": bool(options), "lot_seed": standings.lot_seed,
            "annulled": any(c.annulled for line in table.rows for c in line.cells)}


def grid_crosstable_context(event: Event) -> dict[str, Any]:
    """Crosstable rows by pairing number with rank and tiebreak columns (round robin page), on
    the standings' own computation (`standings_of`); `annulled`: some game is shown in
    brackets, not counted (CBJD 105 A a), so the page prints the legend."""
    from damas.services.standings import standings_of  # imports us back (point 4)

    computed = standings_of(event)
    snap, withdrawn = computed.snap, computed.withdrawn
    table_state = withdrawn.table_state if withdrawn else snap.state
    standing = table_rows(event, snap, withdrawn, computed.standings)
    ranks = {r["start_no"]: r["rank"] for r in standing}
    tbs = {r["start_no"]: r["tiebreaks"] for r in standing}
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
    return {"rows": rows, "columns": tiebreak_columns(computed.standings), "numbers": list(range(1, len(rows) + 1)),
            "after_round": snap.complete_rounds,
            "annulled": any("[" in cell for row in rows for cell in row["cells"])}
