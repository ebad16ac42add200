"""Standings and crosstable of an event as plain data (pages and PDFs render the same dicts).

The tables come from `services.standings` (through the event's format, `damas.formats`); the
event's rules (rule set, tiebreak order) from `damas.formats.event_rules`. This module only
turns them into rows.
"""
from __future__ import annotations

from typing import Any


from flask_babel import gettext as _

from damas.presentation.labels import english as in_english
from damas.engine.crosstable import build_crosstable, build_swiss_crosstable
from damas.presentation.numbers import tiebreak_texts
from damas.engine.tiebreaks import get_tiebreak
from damas.engine.types import Outcome
from damas.formats import get_format
from damas.formats.event_rules import event_ruleset
from damas.models import Event
from damas.services.standings.compute import standings_of, subset_table


def table_rows(event: Event, snap: Any, withdrawn: Any, standings: Any) -> list[dict[str, Any]]:
    """Plain rows of an engine table (rank label, name, points, tiebreak values)."""
    rs = event_ruleset(event)
    english = in_english()
    reasons = {}
    if withdrawn:
        reasons = {no: (st.reason_en if english else st.reason_pt) for no, st in withdrawn.statuses.items()}
    rows = []
    for row in standings.rows:
        entry = snap.rows_by_no[row.start_no]
        rows.append({
            "rank": row.rank_label,
            "start_no": row.start_no,
            "player_id": entry.player_id,
            "name": entry.full_name,
            "title": entry.title,
            "club": entry.club,
            "state": entry.state,
            "rating": entry.rating_at_entry,
            "points": rs.format_points(row.points),
            "tiebreaks": tiebreak_texts(rs, standings.tiebreak_order, row.tiebreaks),
            "excluded": row.excluded,
            "note": reasons.get(row.start_no, ""),
            "pending": list(row.pending),  # rounds of an adjourned game (C.04.2 #1): no points yet
        })
    return rows


def tiebreak_columns(standings: Any) -> list[dict[str, str]]:
    english = in_english()
    return [{"code": c, "name": (get_tiebreak(c).name_en if english else get_tiebreak(c).name_pt)}
            for c in standings.tiebreak_order]


def standings_context(event: Event, *, only: set[int] | None = None, order: tuple[str, ...] | None = None) -> dict[str, Any]:
    """Rows (rank label, name, points, tiebreak values) after the last complete round: the
    event's table (`services.standings.standings_of`, the one every output shares); `only` /
    `order` give an ad-hoc sub-table."""
    if only is None and order is None:
        table = standings_of(event)
        snap, withdrawn, standings, options = table.snap, table.withdrawn, table.standings, table.options
    else:
        snap, withdrawn, standings, options = subset_table(event, only=only, order=order)
    return {"rows": table_rows(event, snap, withdrawn, standings), "columns": tiebreak_columns(standings),
            "after_round": snap.complete_rounds, "drawn_order": bool(options), "lot_seed": standings.lot_seed}


def crosstable_kind(event: Event) -> str | None:
    """'grid' (round robin: N x N), 'swiss' (Swiss and individual micro-match events: one
    column per round) or None (knockout, team events: their own pages): the format says."""
    return get_format(event).pages.crosstable


def crosstable_context(event: Event) -> dict[str, Any]:
    """The event's crosstable: the Swiss one for Swiss and micro-match events, else the grid."""
    if crosstable_kind(event) == "swiss":
        return swiss_crosstable_context(event)
    return grid_crosstable_context(event)


def _no_opponent_labels() -> dict[Outcome, str]:
    """One word for every round without an opponent that scores ("isento" / "bye"): the points
    beside it tell a pairing bye from a requested one, and the legend under the table says so."""
    word = _("isento")
    return {Outcome.PAIRING_BYE: word, Outcome.FULL_BYE: word, Outcome.HALF_BYE: word}


def swiss_crosstable_context(event: Event) -> dict[str, Any]:
    """One row per player in rank order; per round the opponent's line, colour and result
    (e.g. "12b2"), then points and tiebreaks. One snapshot, one ranking: linear in
    players x rounds."""
    table = standings_of(event)
    snap, withdrawn, standings, options = table.snap, table.withdrawn, table.standings, table.options
    rows = table_rows(event, snap, withdrawn, standings)
    table_state = withdrawn.table_state if withdrawn else snap.state
    table = build_swiss_crosstable(table_state, event_ruleset(event), [r["start_no"] for r in rows],
                                   score_state=withdrawn.state if withdrawn else None,
                                   marks=withdrawn.marks if withdrawn else None)
    labels = _no_opponent_labels()
    kinds: set[str] = set()  # which no-opponent symbols the table shows, for its legend
    for row, line in zip(rows, table.rows):
        cells = []
        for c in line.cells:
            if c.opponent is not None:
                cells.append(c.text)
            elif c.outcome in labels:
                cells.append(f"{labels[c.outcome]} {c.result}")
                kinds.add("bye")
            else:
                cells.append("—")
                kinds.add("none")
        row.update(line=line.line, cells=cells, counted=line.counted)
    return {"swiss": True, "rows": rows, "columns": tiebreak_columns(standings),
            "rounds": list(range(1, snap.complete_rounds + 1)), "after_round": snap.complete_rounds,
            "drawn_order": bool(options), "lot_seed": standings.lot_seed,
            "annulled": any(c.annulled for line in table.rows for c in line.cells),
            "symbol_notes": _symbol_notes(kinds)}


def _symbol_notes(kinds: set[str]) -> list[str]:
    """The legend lines for the no-opponent symbols the table shows (page and PDF alike)."""
    notes = []
    if "bye" in kinds:
        notes.append(_("isento N: rodada sem adversário; N são os pontos da isenção, dada pelo emparceiramento ou "
                       "pedida pelo jogador antes da rodada."))
    if "none" in kinds:
        notes.append(_("—: rodada sem partida e sem pontos (ausência, inscrição tardia ou depois de sair do torneio)."))
    return notes


def grid_crosstable_context(event: Event) -> dict[str, Any]:
    """Crosstable rows by pairing number with rank and tiebreak columns (round robin page), on
    the standings' own computation (`standings_of`); `annulled`: some game is shown in
    brackets, not counted (CBJD 105 A a), so the page prints the legend."""
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
            "player_id": snap.rows_by_no[r.start_no].player_id,
        })
    return {"rows": rows, "columns": tiebreak_columns(computed.standings), "numbers": list(range(1, len(rows) + 1)),
            "after_round": snap.complete_rounds,
            "annulled": any("[" in cell for row in rows for cell in row["cells"])}
