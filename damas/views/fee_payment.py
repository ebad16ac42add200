"""The player's payment page of one entry, as plain data: how his fee is made (base, category
reduction, early price until its date), what he owes now and its state, the payments booked, and
the Pix BR Code of what he owes (QR code and "copia e cola") when the federation has a Pix key.

No QR code for an account with nothing to pay (paid, waived, free or refunded) [ours]: a second
payment of a settled entry would only have to be refunded.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.fees import FeeState
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Player
from damas.presentation.labels import english
from damas.presentation.numbers import money
from damas.services.standings.categories import event_categories
from damas.services.fees.accounts import FEDERATION_TZ, EntrantFee, account_for
from damas.services.fees.pix import entry_brcode, pix_receiver, qr_svg
from damas.services.fees.schedule import schedule_row
from damas.services.registration.limits import aware

__all__ = ["FeeBadge", "PaymentPage", "fee_badge", "payment_page", "state_label", "NOT_ENTERED", "NO_FEE"]

NOT_ENTERED = "not_entered"
NO_FEE = "no_fee"


@dataclass(frozen=True)
class PaymentLine:
    label: str
    amount: str  # formatted, with its sign


@dataclass(frozen=True)
class PaidLine:
    on: date
    method: str
    amount: str
    refund: bool
    note: str


@dataclass(frozen=True)
class PaymentPage:
    event_id: int
    event_name: str
    state: str          # FeeState value
    state_label: str
    owed: str           # formatted
    owed_cents: int
    settled: bool
    breakdown: tuple[PaymentLine, ...]
    total: str
    early_note: str     # "" when no early price applies
    paid: tuple[PaidLine, ...]
    txid: str
    brcode: str         # "" without a Pix key or with nothing to pay
    qr_svg: str
    pix_missing: bool   # the federation has no Pix key: contact it
    paid_to_confirm: bool
    deadline: datetime | None  # the payment deadline, federation time


def state_label(state: FeeState) -> str:
    return {FeeState.DUE: _("devido"), FeeState.PARTIAL: _("pago em parte"), FeeState.PAID: _("pago"),
            FeeState.WAIVED: _("isento"), FeeState.FREE: _("sem taxa"),
            FeeState.REFUNDED: _("reembolsado")}[state]


def _method(method: str) -> str:
    return {"pix": _("Pix"), "cash": _("dinheiro"), "transfer": _("transferência"), "other": _("outro")}.get(method, method)


def _breakdown(event: Event, fee: EntrantFee) -> tuple[tuple[PaymentLine, ...], str]:
    q = fee.account.quote
    names = {c.code: c.name_en if english() else c.name_pt for c in event_categories(event)}
    lines = [PaymentLine(_("Taxa de convidado") if q.guest else _("Taxa de inscrição"), money(q.base_cents))]
    if q.category_cents:
        lines.append(PaymentLine(_("Redução da categoria %(name)s", name=names.get(q.category or "", q.category)),
                                 "− " + money(q.category_cents)))
    row = schedule_row(event)
    early_note = ""
    if q.early_cents and row is not None and row.early_until is not None:
        lines.append(PaymentLine(_("Desconto por pagamento antecipado"), "− " + money(q.early_cents)))
        if not fee.account.paid_cents:
            early_note = _("O desconto antecipado vale para pagamento até %(day)s.",
                           day=row.early_until.strftime("%d/%m/%Y"))
    return tuple(lines), early_note


def payment_page(event: Event, player: Player) -> PaymentPage | str:
    """The page's data, or why there is none: `NO_FEE` (the event charges nothing) or
    `NOT_ENTERED` (the player has no entry and nothing booked in this event)."""
    fee = account_for(event, player)
    if fee is None:
        return NO_FEE
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id))
    entered = entry is not None and entry.status == EntryStatus.REGISTERED
    if not entered and not fee.payments:
        return NOT_ENTERED
    breakdown, early_note = _breakdown(event, fee)
    receiver = pix_receiver()
    owes = fee.account.owed_cents > 0 and entered
    code = entry_brcode(receiver, fee) if receiver is not None and owes else ""
    row = schedule_row(event)
    deadline = aware(row.payment_deadline) if row is not None else None
    if deadline is not None:
        deadline = deadline.astimezone(FEDERATION_TZ)
    return PaymentPage(
        event_id=event.id, event_name=event.name, state=fee.state.value, state_label=state_label(fee.state),
        owed=money(fee.account.owed_cents), owed_cents=fee.account.owed_cents, settled=fee.settled,
        breakdown=breakdown, total=money(fee.account.quote.amount_cents), early_note=early_note,
        paid=tuple(PaidLine(on=p.paid_on, method=_method(p.method), amount=money(p.amount_cents), refund=p.refund,
                            note=p.note) for p in fee.payments),
        txid=fee.txid, brcode=code,
        qr_svg=qr_svg(code, _("QR code Pix da inscrição")) if code else "",
        pix_missing=receiver is None and owes,
        paid_to_confirm=bool(row is not None and row.paid_to_confirm), deadline=deadline)


@dataclass(frozen=True)
class FeeBadge:
    """An entry's fee on Minha área: its state and what is still to pay."""

    state: str
    label: str
    owed: str
    owed_cents: int


def fee_badge(event: Event, player: Player) -> FeeBadge | None:
    """None when the event charges no fee."""
    fee = account_for(event, player)
    if fee is None:
        return None
    return FeeBadge(state=fee.state.value, label=state_label(fee.state), owed=money(fee.account.owed_cents),
                    owed_cents=fee.account.owed_cents)
