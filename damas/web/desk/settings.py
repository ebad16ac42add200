"""Arbiter's desk routes: the event's desk settings and naming the chief arbiter (staff).

Registered on the desk blueprint (`damas.web.desk.routes.bp`); the package imports this module.
"""
from __future__ import annotations

from decimal import Decimal

from flask import flash, render_template, request
from flask_babel import gettext as _
from flask_login import current_user

from damas.models import Role
from damas.services import desk as desk_service
from damas.services.errors import ServiceError
from damas.web.access import event_editor_required, staff_required
from damas.web.desk.common import back_to, desk_event, CORRECTION_MODE_NAMES, SCOPE_NAMES
from damas.web.desk.routes import bp
from damas.web.desk.forms import ChiefForm, SettingsForm
from damas.web.forms_util import choices, run_service, show_service_error
from damas.views.summaries import event_summary

# ---------------------------------------------------------------- settings and chief arbiter

def _fill_settings(form: SettingsForm) -> None:
    form.incident_scope.choices = choices((k, str(v)) for k, v in SCOPE_NAMES.items())
    form.disconnection_scope.choices = choices((k, str(v)) for k, v in SCOPE_NAMES.items())
    form.correction_mode.choices = choices((k, str(v)) for k, v in CORRECTION_MODE_NAMES.items())


@bp.route("/configuracoes", methods=["GET", "POST"])
@event_editor_required
def settings(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    s = desk_service.settings_for(event)
    form = SettingsForm(obj=s) if request.method == "GET" else SettingsForm()
    article = desk_service.penalty_rules(event).incident_article  # CBJD 60; none for the Laws of Chess
    form.incident_scope.label.text = (_("Contagem das incidências (%(article)s)", article=article) if article
                                      else _("Contagem das incidências"))
    if request.method == "GET":
        form.appeal_fee.data = Decimal(s.appeal_fee_cents) / 100
        form.forfeit_propose_after.data = s.forfeit_propose_after or None
        form.forfeit_expel_after.data = s.forfeit_expel_after or None
    _fill_settings(form)
    if form.validate_on_submit():
        data = dict(form.data)
        data["appeal_fee_cents"] = int((form.appeal_fee.data or 0) * 100)
        data["appeal_currency"] = "BRL"
        try:
            desk_service.update_settings(current_user, event, data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Configurações da mesa gravadas."), "success")
            return back_to("desk.settings", event_id)
    elif request.method == "POST":
        flash(_("Corrija os campos indicados."), "error")
    chief_form = ChiefForm()
    chief_form.user_id.choices = choices([("", "—")] + [(a.user.id, a.user.name) for a in event.arbiters])
    chief_form.user_id.data = s.chief_arbiter_user_id
    return render_template("desk/settings.html", event=event_summary(event), form=form, chief_form=chief_form,
                           chief=s.chief_arbiter.name if s.chief_arbiter else "",
                           is_staff=current_user.role == Role.STAFF)


@bp.post("/arbitro-principal")
@staff_required
def set_chief(event_id: int):  # type: ignore[no-untyped-def]
    event = desk_event(event_id)
    form = ChiefForm()
    form.user_id.choices = choices([("", "—")] + [(a.user.id, a.user.name) for a in event.arbiters])
    if not form.validate_on_submit():
        flash(_("Escolha um dos árbitros do evento."), "error")
    else:
        run_service(lambda: desk_service.set_chief_arbiter(current_user, event, form.user_id.data), _("Árbitro principal designado."))
    return back_to("desk.settings", event_id)
