"""The event's fee schedule form (staff): base fee for members and guests, early-payment
reduction, one reduction per category, and the payment policy. "Sem taxa" removes it."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models import Event
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError
from damas.services.fees import schedule as fee_schedule
from damas.views.summaries import event_summary
from damas.web.access import staff_required
from damas.web.display import lang
from damas.web.fees.blueprint import bp
from damas.web.fees.forms import REDUCTION_PREFIX, ScheduleForm, schedule_form, to_local
from damas.web.forms_util import show_service_error


def _fill(form: ScheduleForm, event: Event) -> None:
    """The form's fields from the saved schedule (nothing when the event charges no fee)."""
    row = fee_schedule.schedule_row(event)
    if row is None:
        return
    form.member.data, form.guest.data = row.member_cents, row.guest_cents
    form.early_reduction.data = row.early_reduction_cents or None
    form.early_until.data = row.early_until
    form.paid_to_confirm.data = row.paid_to_confirm
    form.payment_deadline.data = to_local(row.payment_deadline)
    form.unpaid_action.data = row.unpaid_action.value
    form.refund_until.data = to_local(row.refund_until)
    for reduction in fee_schedule.reduction_rows(event):
        name = REDUCTION_PREFIX + reduction.category_code
        if name in form:
            form[name].data = reduction.reduction_cents


@bp.route("/eventos/<int:event_id>/taxas/tabela", methods=["GET", "POST"])
@staff_required
def schedule(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id) or abort(404)
    form = schedule_form(event_categories(event), english=lang() == "en")
    if not form.is_submitted():
        _fill(form, event)
    if form.validate_on_submit():
        data, reductions = form.service_data()
        try:
            fee_schedule.save_schedule(current_user, event, data, reductions)
        except ServiceError as error:
            db.session.rollback()
            if error.field == "reductions":
                error.field = None
            show_service_error(form, _field_of(error))
        else:
            flash(_("Tabela de taxas gravada."), "success")
            return redirect(url_for("fees.schedule", event_id=event_id))
    return render_template("fees/schedule.html", event=event_summary(event), form=form,
                           has_schedule=fee_schedule.schedule_row(event) is not None)


_FIELDS = {"member_cents": "member", "guest_cents": "guest", "early_reduction_cents": "early_reduction"}


def _field_of(error: ServiceError) -> ServiceError:
    """The service's field name as the form's (member_cents -> member)."""
    if error.field in _FIELDS:
        error.field = _FIELDS[error.field]
    return error


@bp.post("/eventos/<int:event_id>/taxas/tabela/remover")
@staff_required
def remove_schedule(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id) or abort(404)
    try:
        fee_schedule.remove_schedule(current_user, event)
    except ServiceError as error:
        db.session.rollback()
        flash(error.message, "error")
    else:
        flash(_("O evento não cobra mais taxa de inscrição."), "success")
    return redirect(url_for("fees.schedule", event_id=event_id))

