"""The audit trail of an event: filters, rows and the page body of `events.audit_log`.

Used by the desk's CSV download (`damas.web.desk_report.audit_csv`); `damas.web.desk` re-exports
`audit_page` for `damas.web.events`.
"""
from __future__ import annotations

import json
from typing import Any

from flask import render_template, request
from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Event
from damas.web.presenters import event_summary

ACTION_NAMES = {
    "result": _l("Resultado"), "correction": _l("Correção de resultado"), "penalty": _l("Penalidade aplicada"),
    "penalty_reversed": _l("Penalidade revertida"), "incident": _l("Incidente"), "sanction": _l("Sanção"),
    "irregular_move_claim": _l("Lance irregular reclamado"), "withdraw": _l("Desistência"),
    "withdrawal": _l("Partida não jogada (desistência)"), "pair": _l("Emparceiramento"),
    "unpair": _l("Emparceiramento desfeito"), "undo_rematch": _l("Reencontro desfeito"),
    "publish": _l("Publicação"), "expulsion": _l("Eliminação"), "expulsion_declined": _l("Eliminação recusada"),
    "forfeit_excused": _l("W.O. justificado"), "desk_settings": _l("Configurações da mesa"),
    "chief_arbiter": _l("Árbitro principal"), "committee_add": _l("Comitê de apelação: inclusão"),
    "committee_remove": _l("Comitê de apelação: remoção"), "request": _l("Pedido de bye ou ausência"),
    "status": _l("Situação do evento"), "update": _l("Edição do evento"), "create": _l("Criação"),
    "assign": _l("Árbitro designado"), "unassign": _l("Árbitro removido"), "appeal_filed": _l("Apelação"), "appeal_decided": _l("Decisão de apelação"),
}


def _audit_round(a: AuditEntry) -> int | None:
    for data in (a.after or {}, a.before or {}):
        value = data.get("round")
        if value is None and a.object_type == "round":
            value = data.get("number")
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
            "object_id": int(obj) if obj.isdigit() else None, "user": int(user) if user.isdigit() else None,
            "round": int(rnd) if rnd.isdigit() else None}


def audit_rows(event: Event, filters: dict[str, Any]) -> tuple[list[dict[str, Any]], dict[str, list]]:
    """The event's audit entries, newest first, filtered; plus the filter choices."""
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.event_id == event.id)
                              .order_by(AuditEntry.at.desc(), AuditEntry.id.desc())).all()
    options = {"actions": sorted({r.action for r in rows}), "object_types": sorted({r.object_type for r in rows}),
               "users": sorted({(r.user.id, r.user.name) for r in rows if r.user}, key=lambda u: u[1]),
               "rounds": sorted({n for r in rows if (n := _audit_round(r)) is not None})}
    out = []
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
        out.append({"at": r.at, "user": r.user.name if r.user else "—", "action": r.action,
                    "action_name": str(ACTION_NAMES.get(r.action, r.action)), "object_type": r.object_type,
                    "object_id": r.object_id, "round": n, "before": r.before, "after": r.after,
                    "before_text": _json(r.before), "after_text": _json(r.after)})
    return out, options


def audit_page(event: Event) -> str:
    """The body of `events.audit_log` (the endpoint stays in the events blueprint)."""
    filters = audit_filters()
    entries, options = audit_rows(event, filters)
    options["action_names"] = {a: str(ACTION_NAMES.get(a, a)) for a in options["actions"]}
    return render_template("events/audit.html", event=event_summary(event), entries=entries, filters=filters,
                           options=options, csv_args={k: v for k, v in request.args.items() if v})
