"""The event's fee accounts (staff): every entrant's fee, what was paid and refunded, the state and
the Pix transaction id, with the totals; a payment or a refund booked by hand (cash, transfer),
a waiver given with its reason or withdrawn (`services.fees.bookings`, each audited)."""
from __future__ import annotations

from typing import Callable

from flask import abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, Event
from damas.models.fees import EntryFee, PaymentKind, PaymentMethod
from damas.presentation.numbers import money
from damas.services.standings.categories import event_categories
from damas.services.fees import bookings
from damas.services.fees.accounts import event_accounts, federation_today
from damas.services.fees.report import Totals
from damas.views.fee_schedule import fee_box
from damas.views.summaries import event_summary
from damas.web.access import staff_required
from damas.web.display import lang
from damas.web.fees.blueprint import bp
from damas.web.fees.money import reais_text
from damas.web.fees.forms import PaymentForm, RefundForm, WaiverForm
from damas.web.forms_util import run_service

STATE_NAMES = {
    "free": _l("Isento de taxa"), "due": _l("A pagar"), "partial": _l("Pago em parte"), "paid": _l("Pago"),
    "waived": _l("Isenção"), "refunded": _l("Devolvido"),
}
METHOD_NAMES = {"pix": _l("Pix (extrato)"), "cash": _l("Dinheiro"), "transfer": _l("Transferência"),
                "other": _l("Outro")}


def _event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


@bp.get("/eventos/<int:event_id>/taxas")
@staff_required
def accounts(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    today = federation_today()
    rows = event_accounts(event, today)
    total = Totals(_("Total"))
    for row in rows:
        total.add(row)
    names = {c.code: (c.name_en if lang() == "en" else c.name_pt) for c in event_categories(event)}
    return render_template("fees/accounts.html", event=event_summary(event), rows=rows, total=total,
                           fee=fee_box(event), category_names=names, money=money, reais_text=reais_text,
                           states=STATE_NAMES, methods=METHOD_NAMES, today=today, payment_form=PaymentForm(),
                           refund_form=RefundForm(), waiver_form=WaiverForm())


def _known_entrant(event: Event, player_id: int) -> None:
    """Bookings go on the accounts of the event's entrants (or of a former entrant's account)."""
    entered = db.session.scalar(select(Entry.id).where(Entry.event_id == event.id, Entry.player_id == player_id))
    account = db.session.scalar(select(EntryFee.id).where(EntryFee.event_id == event.id,
                                                          EntryFee.player_id == player_id))
    if entered is None and account is None:
        abort(404)


def _first_error(form: PaymentForm | RefundForm | WaiverForm) -> None:
    for field in form:
        for error in field.errors:
            flash(f"{field.label.text}: {error}", "error")
            return


def _booking(event_id: int, player_id: int, form: PaymentForm | RefundForm,
             action: Callable[[Event], object], success: str):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    _known_entrant(event, player_id)
    if form.validate_on_submit():
        run_service(lambda: action(event), success)
    else:
        _first_error(form)
    return redirect(url_for("fees.accounts", event_id=event_id, _anchor=f"conta-{player_id}"))


@bp.post("/eventos/<int:event_id>/taxas/<int:player_id>/pagamento")
@staff_required
def book_payment(event_id: int, player_id: int):  # type: ignore[no-untyped-def]
    form = PaymentForm()
    return _booking(event_id, player_id, form, lambda event: bookings.book(
        current_user, event, player_id, kind=PaymentKind.PAYMENT, method=PaymentMethod(form.method.data),
        amount_cents=form.amount.data, paid_on=form.paid_on.data, note=form.note.data or ""),
        _("Pagamento registrado."))


@bp.post("/eventos/<int:event_id>/taxas/<int:player_id>/devolucao")
@staff_required
def book_refund(event_id: int, player_id: int):  # type: ignore[no-untyped-def]
    form = RefundForm()

    def refund(event: Event) -> object:
        return bookings.book(current_user, event, player_id, kind=PaymentKind.REFUND,
                             method=PaymentMethod(form.method.data), amount_cents=form.amount.data,
                             paid_on=form.paid_on.data, note=form.note.data or "")

    return _booking(event_id, player_id, form, refund, _("Devolução registrada."))


@bp.post("/eventos/<int:event_id>/taxas/<int:player_id>/isencao")
@staff_required
def waive(event_id: int, player_id: int):  # type: ignore[no-untyped-def]
    form = WaiverForm()
    return _booking(event_id, player_id, form,  # type: ignore[arg-type]
                    lambda event: bookings.waive(current_user, event, player_id, form.reason.data or ""),
                    _("Isenção registrada."))


@bp.post("/eventos/<int:event_id>/taxas/<int:player_id>/isencao/retirar")
@staff_required
def unwaive(event_id: int, player_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    _known_entrant(event, player_id)
    run_service(lambda: bookings.unwaive(current_user, event, player_id), _("Isenção retirada: a taxa volta a ser devida."))
    return redirect(url_for("fees.accounts", event_id=event_id, _anchor=f"conta-{player_id}"))
