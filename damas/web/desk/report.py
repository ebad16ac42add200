"""Arbiter's desk routes: the arbiter's report and the audit trail download (CSV).

Registered on the desk blueprint (`damas.web.desk.routes.bp`); the package imports this module.
"""
from __future__ import annotations

import io
from typing import Any, Iterable

from flask import Response, render_template
from flask_babel import gettext as _
from sqlalchemy import select

from damas.exports.csv_safe import safe_writer
from damas.extensions import db
from damas.models import Event
from damas.models.desk import DeskForfeitDecision
from damas.services.desk import appeals as appeal_service
from damas.web.downloads import attachment
from damas.web.access import event_editor_required
from damas.web.desk.common import desk_event, fmt_dt
from damas.web.desk.routes import bp
from damas.web.desk.rows import appeal_rows, incident_rows, penalty_rows, sanction_rows
from damas.web.desk.audit import audit_filters, audit_rows
from damas.views.summaries import event_summary

# ---------------------------------------------------------------- arbiter's report

@bp.get("/relatorio")
@event_editor_required
def report(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    return render_template("desk/report.html", event=event_summary(event), **report_context(event))


def report_context(event: Event) -> dict[str, Any]:
    """Plain data of the arbiter's report (for the web page and the PDF reports)."""
    return {"incidents": incident_rows(event), "penalties": penalty_rows(event), "sanctions": sanction_rows(event),
            "appeals": appeal_rows(event), "decisions": forfeit_decision_rows(event),
            "committee": [{"name": m.name, "voting": m.voting} for m in appeal_service.committee_rows(event)]}


def forfeit_decision_rows(event: Event) -> list[dict[str, Any]]:
    rows = db.session.scalars(select(DeskForfeitDecision).where(DeskForfeitDecision.event_id == event.id)
                              .order_by(DeskForfeitDecision.at)).all()
    names = {"excused": _("W.O. justificado"), "kept": _("Mantido no torneio"), "expelled": _("Eliminado")}
    return [{"player": d.entry.player.full_name, "kind": names.get(d.kind, d.kind), "round": d.round_number or "",
             "reason": d.reason, "by": d.user.name if d.user else "—", "at": fmt_dt(d.at)} for d in rows]


@bp.get("/auditoria.csv")
@event_editor_required
def audit_csv(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    entries, _options = audit_rows(event, audit_filters())
    return audit_csv_response(entries, f"auditoria-evento-{event.id}.csv")


def audit_csv_response(entries: Iterable[dict[str, Any]], filename: str, with_event: bool = False) -> Response:
    """The audit CSV (event trail and the global log, `damas.web.users.audit_csv`): one writer."""
    out = io.StringIO()
    writer = safe_writer(out)  # names, reasons and notes cannot start a spreadsheet formula
    writer.writerow(["quando_utc", "quem", "acao", "objeto", "id", "rodada", "antes", "depois"]
                    + (["evento"] if with_event else []))
    for a in entries:
        writer.writerow([a["at"].isoformat(), a["user"], a["action"], a["object_type"], a["object_id"] or "",
                         a["round"] or "", a["before_text"], a["after_text"]]
                        + ([a["event_id"] or ""] if with_event else []))
    return attachment("\ufeff" + out.getvalue(), "text/csv", filename)
