"""Staff apply an event's payment deadline: the page shows who is past it unpaid, what happens
to each (cancelled, or moved behind the reserve list) and which reserves move up; the button
applies it in one transaction (`services.fees.deadline`). `flask damas taxas-prazos` does the
same from cron for every due deadline."""
from __future__ import annotations

from flask import abort, redirect, render_template, url_for
from flask_babel import format_datetime
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models import Event
from damas.presentation.numbers import money
from damas.services.fees import deadline as deadline_service
from damas.services.registration.limits import aware
from damas.views.summaries import event_summary
from damas.web.access import staff_required
from damas.web.fees.blueprint import bp
from damas.web.forms_util import run_service


def _event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


def _when(value):  # type: ignore[no-untyped-def]
    return format_datetime(aware(value), "short") if value is not None else ""


@bp.get("/eventos/<int:event_id>/taxas/prazo")
@staff_required
def deadline_page(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    plan = deadline_service.plan(event)
    unpaid = [{"name": s.name, "owed": money(s.owed_cents), "paid": money(s.paid_cents) if s.paid_cents else "",
               "action": s.action} for s in plan.unpaid]
    return render_template("fees/deadline.html", event=event_summary(event), plan=plan, unpaid=unpaid,
                           promoted=[s.name for s in plan.promoted], deadline=_when(plan.deadline),
                           applied_at=_when(plan.applied_at))


@bp.post("/eventos/<int:event_id>/taxas/prazo")
@staff_required
def apply_deadline(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    run_service(lambda: deadline_service.apply(current_user, event), _("Prazo de pagamento aplicado."))
    return redirect(url_for("fees.deadline_page", event_id=event.id))
