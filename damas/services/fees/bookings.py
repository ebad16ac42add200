"""Payments, refunds and waivers booked on an entrant's fee account, each audited.

`book` joins the caller's transaction (the reconciliation books a whole statement in one);
`waive` and `unwaive` are transactions of their own. A bank credit is booked at most once:
(bank account, bank transaction id) is unique (`models.fees.FeePayment`)."""
from __future__ import annotations

from datetime import date, datetime, timezone

from flask_babel import gettext as _

from damas.extensions import db
from damas.models import Event, User
from damas.models.fees import EntryFee, FeePayment, PaymentKind, PaymentMethod
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError
from damas.services.fees import notices, refunds
from damas.services.fees.notices import money_text
from damas.services.fees.accounts import fee_row
from damas.services.fees.confirmation import entry_settled, paid_only
from damas.services.fees.schedule import MAX_CENTS

PAYMENT_FIELDS = ("kind", "method", "amount_cents", "paid_on", "bank_account", "bank_ref", "payer_name", "note")


def fee_account_row(event: Event, player_id: int) -> EntryFee:
    """The account row, written now if the entrant has none yet (inside the caller's transaction)."""
    row = fee_row(event, player_id)
    if row is None:
        row = EntryFee(event_id=event.id, player_id=player_id)
        db.session.add(row)
        db.session.flush()
    return row


def net_paid(fee: EntryFee) -> int:
    """What the entrant paid, less what was already paid back."""
    return sum(-p.amount_cents if p.kind == PaymentKind.REFUND else p.amount_cents for p in fee.payments)


def book(actor: User | None, event: Event, player_id: int, *, kind: PaymentKind, method: PaymentMethod,
         amount_cents: int, paid_on: date, note: str = "", payer_name: str = "", bank_account: str | None = None,
         bank_ref: str | None = None) -> FeePayment:
    """Book money in or out on the entrant's account (inside the caller's transaction). A refund
    never passes what was paid, and brings down what is owed back (`refunds.refund_booked`); a payment that settles the entry of
    an event confirming paid entries only confirms it, and the player is told by mail."""
    if isinstance(amount_cents, bool) or not isinstance(amount_cents, int) or not 0 < amount_cents <= MAX_CENTS:
        raise ServiceError(_("O valor deve estar entre R$ 0,01 e R$ 100.000,00."), "amount")
    with transaction():
        watch = kind == PaymentKind.PAYMENT and paid_only(event)
        was_settled = entry_settled(event, player_id) if watch else True
        fee = fee_account_row(event, player_id)
        if kind == PaymentKind.REFUND and amount_cents > net_paid(fee):
            raise ServiceError(_("A devolução não pode passar do que foi pago (%(net)s).",
                                 net=money_text(net_paid(fee))), "amount")
        payment = FeePayment(fee=fee, kind=kind, method=method, amount_cents=amount_cents, paid_on=paid_on,
                             note=note.strip()[:2000], payer_name=payer_name.strip()[:120],
                             bank_account=bank_account, bank_ref=bank_ref,
                             recorded_by_id=actor.id if actor is not None else None)
        db.session.add(payment)
        db.session.flush()
        record(actor, "fee_refund" if kind == PaymentKind.REFUND else "fee_payment", "fee_payment", payment.id,
               None, {**snapshot(payment, PAYMENT_FIELDS), "player_id": player_id}, event.id)
        if kind == PaymentKind.REFUND:
            refunds.refund_booked(actor, event, fee, amount_cents)
        elif not was_settled and entry_settled(event, player_id):
            notices.entry_paid(event, player_id)
    return payment


def waive(actor: User, event: Event, player_id: int, reason: str) -> EntryFee:
    """Staff waive the entrant's fee (isenção); the reason is required and kept."""
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Informe o motivo da isenção."), "reason")
    with transaction():
        fee = fee_account_row(event, player_id)
        before = snapshot(fee, ("waived_at", "waiver_reason"))
        fee.waived_at = datetime.now(timezone.utc)
        fee.waiver_reason = reason[:200]
        fee.waived_by_id = actor.id
        db.session.flush()
        record(actor, "fee_waived", "entry_fee", fee.id, before,
               {**snapshot(fee, ("waived_at", "waiver_reason")), "player_id": player_id}, event.id)
    return fee


def unwaive(actor: User, event: Event, player_id: int) -> None:
    """Withdraw a waiver: the entrant owes the fee again."""
    with transaction():
        fee = fee_row(event, player_id)
        if fee is None or fee.waived_at is None:
            raise ServiceError(_("Esta inscrição não tem isenção."))
        before = snapshot(fee, ("waived_at", "waiver_reason"))
        fee.waived_at = None
        fee.waiver_reason = ""
        fee.waived_by_id = None
        record(actor, "fee_unwaived", "entry_fee", fee.id, before, {"waived_at": None, "player_id": player_id},
               event.id)
