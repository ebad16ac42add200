"""An event's fee schedule: base fee for members and guests, category reductions (CBJD 124
categories), early-payment reduction, and the registration policy tied to payment (paid-only
confirmation, payment deadline, what the deadline does, refund deadline). Saved in one audited
transaction; a schedule with every amount at zero is kept (the event states it is free)."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, Mapping

from flask_babel import gettext as _
from sqlalchemy import delete, select

from damas.engine.fees import FeeRules
from damas.extensions import db
from damas.models import Event, User
from damas.models.fees import FeeReduction, FeeSchedule, UnpaidAction
from damas.services.audit import record, snapshot, transaction
from damas.services.standings.categories import event_categories
from damas.services.errors import ServiceError

SCHEDULE_FIELDS = ("member_cents", "guest_cents", "early_until", "early_reduction_cents", "paid_to_confirm",
                   "payment_deadline", "unpaid_action", "refund_until")
MAX_CENTS = 10_000_000  # R$ 100.000,00: above it an amount is a typing error


@dataclass(frozen=True)
class ScheduleView:
    """A schedule as plain data for pages and PDFs (amounts in centavos)."""

    member_cents: int
    guest_cents: int | None
    early_until: date | None
    early_reduction_cents: int
    reductions: tuple[tuple[str, str, int], ...]  # (code, category name, centavos)
    paid_to_confirm: bool
    payment_deadline: datetime | None
    unpaid_action: str
    refund_until: datetime | None


def schedule_row(event: Event) -> FeeSchedule | None:
    return db.session.get(FeeSchedule, event.id)


def reduction_rows(event: Event) -> list[FeeReduction]:
    return list(db.session.scalars(select(FeeReduction).where(FeeReduction.event_id == event.id)))


def rules_of(event: Event) -> FeeRules | None:
    """The engine's fee rules of the event, None when it charges no fee."""
    row = schedule_row(event)
    if row is None:
        return None
    order = {c.code: i for i, c in enumerate(event_categories(event))}
    reductions = sorted(((r.category_code, r.reduction_cents) for r in reduction_rows(event)),
                        key=lambda item: order.get(item[0], len(order)))
    return FeeRules(member_cents=row.member_cents, guest_cents=row.guest_cents, early_until=row.early_until,
                    early_reduction_cents=row.early_reduction_cents, reductions=tuple(reductions))


def view_of(event: Event, english: bool = False) -> ScheduleView | None:
    row = schedule_row(event)
    rules = rules_of(event)
    if row is None or rules is None:
        return None
    names = {c.code: (c.name_en if english else c.name_pt) for c in event_categories(event)}
    return ScheduleView(
        member_cents=row.member_cents, guest_cents=row.guest_cents, early_until=row.early_until,
        early_reduction_cents=row.early_reduction_cents,
        reductions=tuple((code, names.get(code, code), cents) for code, cents in rules.reductions),
        paid_to_confirm=row.paid_to_confirm, payment_deadline=row.payment_deadline,
        unpaid_action=row.unpaid_action.value, refund_until=row.refund_until)


def _amount(value: Any, field: str, *, optional: bool = False) -> int | None:
    if value is None or value == "":
        if optional:
            return None
        raise ServiceError(_("Informe o valor."), field)
    if isinstance(value, bool) or not isinstance(value, int):
        raise ServiceError(_("Valor inválido."), field)
    if value < 0 or value > MAX_CENTS:
        raise ServiceError(_("O valor deve estar entre R$ 0,00 e R$ 100.000,00."), field)
    return value


def _check(event: Event, data: Mapping[str, Any], reductions: Mapping[str, int]) -> dict[str, Any]:
    values: dict[str, Any] = {
        "member_cents": _amount(data.get("member_cents"), "member_cents"),
        "guest_cents": _amount(data.get("guest_cents"), "guest_cents", optional=True),
        "early_until": data.get("early_until"),
        "early_reduction_cents": _amount(data.get("early_reduction_cents") or 0, "early_reduction_cents"),
        "paid_to_confirm": bool(data.get("paid_to_confirm")),
        "payment_deadline": data.get("payment_deadline"),
        "unpaid_action": UnpaidAction(data.get("unpaid_action") or UnpaidAction.CANCEL.value),
        "refund_until": data.get("refund_until"),
    }
    if values["early_reduction_cents"] and values["early_until"] is None:
        raise ServiceError(_("Informe até que dia vale o desconto antecipado."), "early_until")
    if values["paid_to_confirm"] and values["payment_deadline"] is None:
        raise ServiceError(_("Para confirmar só inscrições pagas, informe o prazo de pagamento."),
                           "payment_deadline")
    codes = {c.code for c in event_categories(event) if not c.is_absolute}
    for code, cents in reductions.items():
        if code not in codes:
            raise ServiceError(_("Categoria desconhecida neste evento: %(code)s.", code=code), "reductions")
        _amount(cents, "reductions")
    return values


def save_schedule(actor: User, event: Event, data: Mapping[str, Any], reductions: Mapping[str, int]) -> FeeSchedule:
    """Create or replace the event's fee schedule and its category reductions (zero = none)."""
    values = _check(event, data, reductions)
    with transaction():
        row = schedule_row(event)
        before = None
        if row is not None:
            before = {**snapshot(row, SCHEDULE_FIELDS),
                      "reductions": {r.category_code: r.reduction_cents for r in reduction_rows(event)}}
        else:
            row = FeeSchedule(event_id=event.id)
            db.session.add(row)
        for name, value in values.items():
            setattr(row, name, value)
        db.session.execute(delete(FeeReduction).where(FeeReduction.event_id == event.id))
        kept = {code: cents for code, cents in reductions.items() if cents}
        for code, cents in kept.items():
            db.session.add(FeeReduction(event_id=event.id, category_code=code, reduction_cents=cents))
        db.session.flush()
        record(actor, "fee_schedule", "event", event.id, before,
               {**snapshot(row, SCHEDULE_FIELDS), "reductions": kept}, event.id)
    return row


def remove_schedule(actor: User, event: Event) -> None:
    """The event charges no fee any more (payments already booked stay on their accounts)."""
    row = schedule_row(event)
    if row is None:
        return
    with transaction():
        before = {**snapshot(row, SCHEDULE_FIELDS),
                  "reductions": {r.category_code: r.reduction_cents for r in reduction_rows(event)}}
        db.session.execute(delete(FeeReduction).where(FeeReduction.event_id == event.id))
        db.session.delete(row)
        record(actor, "fee_schedule_removed", "event", event.id, before, None, event.id)
