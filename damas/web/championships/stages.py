"""Stages of a championship section (staff): `GET /eventos/<id>/classificatoria` shows the rules
feeding the section (a form), who qualifies now (ties at the cut, substitutes, reserves), the
decline marks and the carry-over button; the POSTs save the rules, mark or unmark a decliner and
carry the qualifiers over (`damas.services.championships`). The qualifiers are also listed on the
feeding section's standings and on the fed section's page (`stage_lists`, a template global).
"""
from __future__ import annotations

from typing import Any

from flask import abort, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from flask_wtf import FlaskForm
from sqlalchemy import select

from damas.engine.integers import parse_int
from damas.extensions import db
from damas.models import Event, Player
from damas.models.championships import QualificationScope, QualifierStatus
from damas.services.championships.carry import carry_over, mark_declined, qualifier_rows, refusals
from damas.services.championships.qualifiers import qualifiers_of, scope_label
from damas.services.championships.stages import RuleInput, rules_of, save_rules, section_of
from damas.views.summaries import event_summary
from damas.web.access import staff_required
from damas.web.championships.blueprint import bp
from damas.web.forms_util import run_service

EMPTY_RULE_ROWS = 2  # blank rows offered after the saved rules
STATUS_NAMES = {"qualified": _l("Classificado"), "substitute": _l("Substituto"), "declined": _l("Desistiu"),
                "reserve": _l("Reserva")}


def _event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


def _page(event_id: int) -> Any:
    return redirect(url_for("championships.stage_page", event_id=event_id))


@bp.get("/eventos/<int:event_id>/classificatoria")
@staff_required
def stage_page(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    section = section_of(event)
    context: dict[str, Any] = {"event": event_summary(event), "section": section, "form": FlaskForm()}
    if section is not None:
        others = [s for s in section.championship.sections if s.event_id != event.id]
        context["sources"] = [(s.event_id, db.session.get(Event, s.event_id).name) for s in others]  # type: ignore[union-attr]
        rules = rules_of(event)
        context["rules"] = [{"source": r.source_event_id, "top_n": r.top_n, "scope": r.scope.value,
                             "value": r.scope_value} for r in rules] + [{}] * EMPTY_RULE_ROWS
        context["scopes"] = [(s.value, n) for s, n in ((QualificationScope.OVERALL, _("Geral")),
                                                     (QualificationScope.CATEGORY, _("Categoria")),
                                                     (QualificationScope.STATE, _("UF")))]
        preview = qualifiers_of(event)
        context["preview"] = [{"source": r.source.name, "scope": scope_label(r.rule), "top_n": r.rule.top_n,
                               "lines": r.lines, "problem": r.problem} for r in preview.rules]
        context["refusals"] = refusals(event, preview)
        context["carried"] = [r for r in qualifier_rows(event_id=event.id) if r.status != QualifierStatus.DECLINED]
        context["status_names"] = {k: str(v) for k, v in STATUS_NAMES.items()}
    return render_template("championships/stage.html", **context)


def _rules_from_form() -> list[RuleInput]:
    rules = []
    for i in range(100):
        source = parse_int(request.form.get(f"source_{i}", ""))
        if f"source_{i}" not in request.form:
            break
        if source is None:
            continue  # a blank row
        top_n = parse_int(request.form.get(f"top_{i}", "")) or 0
        rules.append(RuleInput(source, top_n, request.form.get(f"scope_{i}", "overall"),
                               request.form.get(f"value_{i}", "")[:30]))
    return rules


@bp.post("/eventos/<int:event_id>/classificatoria/regras")
@staff_required
def stage_rules(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    if FlaskForm().validate_on_submit():
        run_service(lambda: save_rules(current_actor(), event, _rules_from_form(),
                                       carry_points=bool(request.form.get("carry_points")),
                                       seed_by_qualifying=bool(request.form.get("seed_by_qualifying"))),
                    _("Regras de classificação salvas."))
    return _page(event_id)


@bp.post("/eventos/<int:event_id>/classificatoria/desistencia")
@staff_required
def stage_decline(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    player_id = parse_int(request.form.get("player_id", ""))
    if FlaskForm().validate_on_submit() and player_id is not None:
        undo = request.form.get("undo") == "1"
        run_service(lambda: mark_declined(current_actor(), event, player_id, declined=not undo),
                    _("Desistência desfeita.") if undo else _("Desistência registrada: o próximo da lista assume a vaga."))
    return _page(event_id)


@bp.post("/eventos/<int:event_id>/classificatoria/transportar")
@staff_required
def stage_carry(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    if FlaskForm().validate_on_submit():
        run_service(lambda: carry_over(current_actor(), event),
                    _("Classificados inscritos na seção."))
    return _page(event_id)


def current_actor() -> Any:
    """The signed-in staff member (the routes are staff only)."""
    return current_user._get_current_object()  # type: ignore[attr-defined]


@bp.app_template_global("stage_lists")
def stage_lists(event_id: int) -> dict[str, Any]:
    """The qualifiers carried into the event ("classificados de Y") and out of it ("classificados
    para X"), grouped by the other section, for the small includes of the event and standings pages."""
    into, out = qualifier_rows(event_id=event_id), qualifier_rows(source_event_id=event_id)
    rows = [r for r in into + out if r.status != QualifierStatus.DECLINED]
    if not rows:
        return {"into": [], "out": []}
    player_ids = {r.player_id for r in rows}
    event_ids = {r.event_id for r in rows} | {r.source_event_id for r in rows}
    player_names = {i: n for i, n in db.session.execute(select(Player.id, Player.full_name).where(Player.id.in_(player_ids)))}
    event_names = {i: n for i, n in db.session.execute(select(Event.id, Event.name).where(Event.id.in_(event_ids)))}

    def grouped(side: list, key: str) -> list[dict[str, Any]]:
        groups: dict[int, dict[str, Any]] = {}
        for row in side:
            if row.status == QualifierStatus.DECLINED:
                continue
            other = getattr(row, key)
            group = groups.setdefault(other, {"event_id": other, "name": event_names.get(other, ""), "players": []})
            group["players"].append({"name": player_names.get(row.player_id, ""), "rank": row.rank,
                                     "substitute": row.status == QualifierStatus.SUBSTITUTE})
        return list(groups.values())
    return {"into": grouped(into, "source_event_id"), "out": grouped(out, "event_id")}


@bp.app_template_global("stage_fed")
def stage_fed(event_id: int) -> bool:
    """The event is a championship section (staff may give it qualification rules)."""
    return section_of(event_id) is not None
