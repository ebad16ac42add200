"""The audit trail of an event: filters, rows and the page body of `events.audit_log`.

Used by the desk's CSV download (`damas.web.desk.report.audit_csv`); `damas.web.desk` re-exports
`audit_page` for `damas.web.events`.
"""
from __future__ import annotations

import json
from typing import Any

from flask import render_template, request
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Event
from damas.presentation.audit_labels import action_label, changes, object_label, object_text
from damas.views.audit_names import row_names
from damas.views.summaries import event_summary
from damas.engine.integers import parse_int


def _audit_round(a: AuditEntry) -> int | None:
    """The round an entry concerns: its snapshot's round (a game record's `round_number`, a
    round's `number`), a withdrawal's first round missed (the one after `withdrawn_after_round`)."""
    for data in (a.after or {}, a.before or {}):
        value = data.get("round", data.get("round_number"))
        if value is None and a.object_type == "round":
            value = data.get("number")
        if value is None and isinstance(data.get("withdrawn_after_round"), int):
            value = data["withdrawn_after_round"] + 1
        if isinstance(value, int):
            return value
    return None


def _json(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False) if value else ""


def audit_filters() -> dict[str, Any]:
    args = request.args
    rnd = args.get("round", "")
    obj = args.get("object_id", "")
    user = args.get("user", "")
    return {"action": args.get("action", ""), "object_type": args.get("object_type", ""),
            "object_id": parse_int(obj), "user": parse_int(user), "round": parse_int(rnd)}


def audit_rows(event: Event, filters: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, list]]:
    """The event's audit entries, newest first, filtered; plus the filter choices."""
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.event_id == event.id)
                              .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())).all()
    options = {"actions": sorted({r.action for r in rows}), "object_types": sorted({r.object_type for r in rows}),
               "users": sorted({(r.user.id, r.user.name) for r in rows if r.user}, key=lambda u: u[1]),
               "rounds": sorted({n for r in rows if (n := _audit_round(r)) is not None})}
    out = []
    names = row_names(rows)
    for r in rows:
        n = _audit_round(r)
        if filters["action"] and r.action != filters["action"]:
            continue
        if filters["object_type"] and r.object_type != filters["object_type"]:
            continue
        if filters["object_id"] is not None and r.object_id != filters["object_id"]:
            continue
        if filters["user"] is not None and r.user_id != filters["user"]:
            continue
        if filters["round"] is not None and n != filters["round"]:
            continue
        out.append(audit_row(r, n, names))
    return out, options


def audit_rows_named(rows: list[AuditEntry]) -> list[dict[str, Any]]:
    """Audit entries as `audit_row`s, the rows they point at named in one read (the global log)."""
    names = row_names(rows)
    return [audit_row(r, None, names) for r in rows]


def audit_row(r: AuditEntry, round_number: int | None = None,
              names: dict[tuple[str, int], str] | None = None) -> dict[str, Any]:
    """One audit entry as plain data for the pages and the CSV (event and global audit)."""
    return {"at": r.at, "user": r.user.name if r.user else "—", "action": r.action,
            "action_name": action_label(r.action), "object_type": r.object_type,
            "object_name": object_label(r.object_type), "object_id": r.object_id, "event_id": r.event_id,
            "object_text": object_text(r.object_type, r.object_id, names),
            "event_name": (names or {}).get(("event", r.event_id)) if r.event_id else None,
            "round": round_number if round_number is not None else _audit_round(r),
            "before": r.before, "after": r.after, "changes": changes(r.before, r.after, names),
            "before_text": _json(r.before), "after_text": _json(r.after)}


def audit_page(event: Event) -> str:
    """The body of `events.audit_log` (the endpoint stays in the events blueprint)."""
    filters = audit_filters()
    entries, options = audit_rows(event, filters)
    options["action_names"] = {a: action_label(a) for a in options["actions"]}
    options["object_names"] = {o: object_label(o) for o in options["object_types"]}
    return render_template("events/audit.html", event=event_summary(event), entries=entries, filters=filters,
                           options=options, csv_args={k: v for k, v in request.args.items() if v})
