"""Arbiter's desk routes: the appeals committee and the appeals (FIDE-GR; CBJD 30).

Registered on the desk blueprint (`damas.web.desk.routes.bp`); the package imports this module.
"""
from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from flask import flash, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from damas.models import Event
from damas.services import desk as desk_service
from damas.services.desk import appeals as appeal_service
from damas.services.errors import ServiceError
from damas.web.access import event_editor_required
from damas.presentation.numbers import money
from damas.web.desk.common import back_to, desk_event, DECISION_NAMES
from damas.web.desk.routes import bp
from damas.web.desk.rows import appeal_rows
from damas.web.desk.forms import AppealForm, DecisionForm, MemberForm, RemoveMemberForm
from damas.web.forms_util import choices, run_service, show_service_error
from damas.views.summaries import event_summary
from damas.engine.integers import parse_int

# ---------------------------------------------------------------- appeals

@bp.get("/apelacoes")
@event_editor_required
def appeals(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    return _appeals_page(event, MemberForm(prefix="m"), _appeal_form(event))


def _appeal_form(event: Event, formdata: bool = False) -> AppealForm:
    form = AppealForm(prefix="a") if formdata else AppealForm(prefix="a", formdata=None)
    entries = sorted(event.entries, key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
    form.entry_id.choices = choices([("", "—")] + [(e.id, e.player.full_name) for e in entries])
    if not formdata:
        now = datetime.now().replace(second=0, microsecond=0)
        form.decision_at.data = form.filed_at.data = now
        form.fee_paid.data = Decimal(desk_service.settings_for(event).appeal_fee_cents) / 100
        form.in_writing.data = form.copy_to_chief_arbiter.data = True
    return form


def _appeals_page(event: Event, member_form: MemberForm, appeal_form: AppealForm) -> str:
    members = [{"id": m.id, "name": m.name, "birth_date": m.birth_date.strftime("%d/%m/%Y"), "voting": m.voting}
               for m in appeal_service.committee_rows(event)]
    decision_form = DecisionForm(prefix="d", formdata=None)
    decision_form.decision.choices = choices((k, str(v)) for k, v in DECISION_NAMES.items())
    decision_form.involved.choices = choices((m["id"], m["name"]) for m in members)
    rules = appeal_service.appeal_rules(event)
    return render_template(
        "desk/appeals.html", event=event_summary(event), members=members,
        problems=appeal_service.committee_status(event), member_form=member_form, remove_form=RemoveMemberForm(),
        appeal_form=appeal_form, decision_form=decision_form, appeals=appeal_rows(event),
        fee=money(rules.fee_cents), deadline_minutes=rules.deadline_minutes,
    )


@bp.post("/apelacoes/comite")
@event_editor_required
def add_member(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = MemberForm(prefix="m")
    if form.validate_on_submit():
        try:
            appeal_service.add_member(current_user, event, form.name.data, form.birth_date.data, bool(form.voting.data))
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Membro incluído no comitê de apelação."), "success")
            return back_to("desk.appeals", event_id)
    if request.form:
        flash(_("Corrija os campos indicados."), "error")
        return _appeals_page(event, form, _appeal_form(event)), 400
    flash(_("Informe nome e data de nascimento."), "error")
    return back_to("desk.appeals", event_id)


@bp.post("/apelacoes/comite/remover")
@event_editor_required
def remove_member(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = RemoveMemberForm()
    member_id = parse_int(form.member_id.data) if form.validate_on_submit() else None
    if member_id is None:
        flash(_("Membro inexistente."), "error")
    else:
        run_service(lambda: appeal_service.remove_member(current_user, event, member_id), _("Membro removido do comitê."))
    return back_to("desk.appeals", event_id)


@bp.post("/apelacoes/nova")
@event_editor_required
def file_appeal(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = _appeal_form(event, formdata=True)
    if form.validate_on_submit():
        data = dict(form.data)
        data["fee_paid_cents"] = int((form.fee_paid.data or 0) * 100)
        try:
            appeal_service.file_appeal(current_user, event, data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Apelação recebida."), "success")
            return back_to("desk.appeals", event_id)
    if not request.form:
        flash(_("Preencha a apelação."), "error")
        return back_to("desk.appeals", event_id)
    flash(_("A apelação não foi recebida: corrija os campos indicados."), "error")
    return _appeals_page(event, MemberForm(prefix="m", formdata=None), form), 400


@bp.post("/apelacoes/decidir")
@event_editor_required
def decide_appeal(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = DecisionForm(prefix="d")
    form.decision.choices = choices((k, str(v)) for k, v in DECISION_NAMES.items())
    form.involved.choices = choices((m.id, m.name) for m in appeal_service.committee_rows(event))
    appeal_id = parse_int(form.appeal_id.data) if form.validate_on_submit() else None
    if appeal_id is None:
        flash(_("Escolha a decisão e escreva o texto."), "error")
    else:
        try:
            row = appeal_service.decide_appeal(current_user, event, appeal_id, form.decision.data,
                                               form.text.data or "", list(form.involved.data or []))
        except ServiceError as error:
            flash(error.message, "error")
        else:
            flash(_("Decisão registrada; taxa devolvida: %(fee)s.", fee=money(row.refund_cents)), "success")
    return back_to("desk.appeals", event_id)
