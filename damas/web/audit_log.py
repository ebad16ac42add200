"""The federation-wide audit log (`users.audit_log` and its CSV): filters, paging and rows.

Same rows (`desk_audit.audit_row`) and the same CSV writer (`desk_report.audit_csv_response`)
as an event's audit trail; here the filters run in SQL, since the whole log grows without end.
Dates are UTC days, as the times shown on the page and in the CSV (`quando_utc`).
"""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from typing import Any

from flask import request
from sqlalchemy import Select, func, select

from damas.extensions import db
from damas.models import AuditEntry, User
from damas.presentation.audit_labels import action_label, object_label
from damas.engine.integers import parse_int

PER_PAGE = 50


def _int(value: str) -> int | None:
    return parse_int(value)


def _day(value: str) -> date | None:
    try:
        return date.fromisoformat(value.strip()) if value.strip() else None
    except ValueError:
        return None


def global_filters() -> dict[str, Any]:
    """The filters of the query string; unreadable values are ignored (never an error)."""
    args = request.args
    return {"user": _int(args.get("user", "")), "action": args.get("action", "")[:40],
            "object_type": args.get("object_type", "")[:40], "object_id": _int(args.get("object_id", "")),
            "event_id": _int(args.get("event_id", "")),
            "date_from": _day(args.get("date_from", "")), "date_to": _day(args.get("date_to", ""))}


def _utc(day: date) -> datetime:
    return datetime.combine(day, time.min, tzinfo=timezone.utc)


def filtered(filters: dict[str, Any]) -> Select:
    stmt = select(AuditEntry)
    if filters["user"] is not None:
        stmt = stmt.where(AuditEntry.user_id == filters["user"])
    if filters["action"]:
        stmt = stmt.where(AuditEntry.action == filters["action"])
    if filters["object_type"]:
        stmt = stmt.where(AuditEntry.object_type == filters["object_type"])
    if filters["object_id"] is not None:
        stmt = stmt.where(AuditEntry.object_id == filters["object_id"])
    if filters["event_id"] is not None:
        stmt = stmt.where(AuditEntry.event_id == filters["event_id"])
    if filters["date_from"] is not None:
        stmt = stmt.where(AuditEntry.at >= _utc(filters["date_from"]))
    if filters["date_to"] is not None:
        stmt = stmt.where(AuditEntry.at < _utc(filters["date_to"] + timedelta(days=1)))
    return stmt.order_by(AuditEntry.at.desc(), AuditEntry.id.desc())


def filter_options() -> dict[str, Any]:
    """Choices of the filter form: who wrote entries, which actions and objects exist."""
    users = db.session.execute(select(User.id, User.name).where(
        User.id.in_(select(AuditEntry.user_id).distinct())).order_by(User.name)).all()
    actions = sorted(db.session.scalars(select(AuditEntry.action).distinct()))
    objects = sorted(db.session.scalars(select(AuditEntry.object_type).distinct()))
    return {"users": [(u.id, u.name) for u in users], "actions": actions, "object_types": objects,
            "action_names": {a: action_label(a) for a in actions}, "object_names": {o: object_label(o) for o in objects}}


def page_of(filters: dict[str, Any], page: int) -> tuple[list[AuditEntry], int, int]:
    """One page of the filtered log: its entries, the number of pages and the total."""
    stmt = filtered(filters)
    total = db.session.scalar(select(func.count()).select_from(stmt.order_by(None).subquery())) or 0
    pages = max((total + PER_PAGE - 1) // PER_PAGE, 1)
    page = min(max(page, 1), pages)
    rows = db.session.scalars(stmt.limit(PER_PAGE).offset((page - 1) * PER_PAGE)).all()
    return list(rows), page, pages


def query_args(filters: dict[str, Any]) -> dict[str, str]:
    """The active filters as query-string arguments (pager links, CSV link)."""
    return {k: v.isoformat() if isinstance(v, date) else str(v) for k, v in filters.items() if v not in (None, "")}
