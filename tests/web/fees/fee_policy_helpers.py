"""Shared set-up of the registration-policy tests: an event open for self-registration that
charges R$ 50,00 and confirms paid entries only, players with verified accounts (they get mails)."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from typing import Any

import pytest
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Entry, EventStatus, Role
from damas.models.fees import PaymentKind, PaymentMethod
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.services.fees import bookings, schedule
from tests.web.mail.mail_helpers import outbox

FEE = 5000
PAID_ON = date(2026, 11, 20)


def utc(hours: float = 0) -> datetime:
    return datetime.now(timezone.utc) + timedelta(hours=hours)


def mails_to(app: Any, user: Any) -> list[Any]:
    return [m for m in outbox(app) if m.to == [user.email]]


def actions(event: Any) -> list[str]:
    db.session.expire_all()
    return list(db.session.scalars(select(AuditEntry.action).where(AuditEntry.event_id == event.id)
                                   .order_by(AuditEntry.id)))


def entered(event: Any) -> set[int]:
    db.session.expire_all()
    return set(db.session.scalars(select(Entry.player_id).where(Entry.event_id == event.id)))


def pay(staff: Any, event: Any, player_id: int, cents: int = FEE) -> None:
    bookings.book(staff, event, player_id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                  amount_cents=cents, paid_on=PAID_ON)


@pytest.fixture
def staff(make_user):  # type: ignore[no-untyped-def]
    return make_user(Role.STAFF)


@pytest.fixture
def member(make_user, make_player):  # type: ignore[no-untyped-def]
    """A player with a verified account: (user, player)."""
    def factory(**kw):  # type: ignore[no-untyped-def]
        player = make_player(**kw)
        user = make_user(Role.PLAYER, player_id=player.id, email_verified_at=utc())
        return user, player
    return factory


@pytest.fixture
def fee_event(make_event, staff):  # type: ignore[no-untyped-def]
    """An event open for self-registration with a fee; `paid_to_confirm` and a deadline
    `deadline_in` hours from now (negative: passed)."""
    def factory(players=(), capacity=None, paid_to_confirm=True, deadline_in=-1.0, action="cancel",
                refund_until=None, **kw):  # type: ignore[no-untyped-def]
        event = make_event(players=tuple(players), status=kw.pop("status", EventStatus.REGISTRATION),
                           name=kw.pop("name", "Aberto com Taxa"), **kw)
        db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                            guest_places=0, capacity=capacity))
        db.session.commit()
        schedule.save_schedule(staff, event, {
            "member_cents": FEE, "paid_to_confirm": paid_to_confirm,
            "payment_deadline": utc(deadline_in) if deadline_in is not None else None,
            "unpaid_action": action, "refund_until": refund_until}, {})
        return event
    return factory
