"""Refund owed (`EntryFee.refund_due_cents`, shown through `EntrantFee.refund_due_cents`): an
entry that goes with money paid before the refund date, or in a cancelled event, is owed its
net payment, audited; after the refund date nothing; a refund booked brings it down."""
from __future__ import annotations

from damas.extensions import db
from damas.models import EventStatus
from damas.models.registration import RegistrationSettings
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.events import lifecycle as event_service
from damas.services.fees import accounts, bookings
from tests.web.fees.fee_policy_helpers import (  # noqa: F401  (fixtures)
    FEE,
    PAID_ON,
    actions,
    fee_event,
    member,
    pay,
    staff,
    utc,
)


def _owed(event, player_id):  # type: ignore[no-untyped-def]
    (row,) = [a for a in accounts.event_accounts(event) if a.player_id == player_id]
    return row.refund_due_cents


def test_cancelling_before_the_refund_date_owes_the_payment_back(client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    user, player = member()
    event = fee_event(players=(player,), paid_to_confirm=False, deadline_in=None, refund_until=utc(24))
    pay(staff, event, player.id)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/cancelar")
    assert _owed(event, player.id) == FEE
    assert "fee_refund_due" in actions(event)
    bookings.book(staff, event, player.id, kind=PaymentKind.REFUND, method=PaymentMethod.TRANSFER,
                  amount_cents=2000, paid_on=PAID_ON)
    assert _owed(event, player.id) == FEE - 2000
    bookings.book(staff, event, player.id, kind=PaymentKind.REFUND, method=PaymentMethod.TRANSFER,
                  amount_cents=FEE - 2000, paid_on=PAID_ON)
    assert _owed(event, player.id) == 0


def test_cancelling_after_the_refund_date_owes_nothing(client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    user, player = member()
    event = fee_event(players=(player,), paid_to_confirm=False, deadline_in=None, refund_until=utc(-1))
    pay(staff, event, player.id)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/cancelar")
    assert _owed(event, player.id) == 0 and "fee_refund_due" not in actions(event)


def test_entering_again_clears_what_was_owed(client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    user, player = member()
    event = fee_event(players=(player,), paid_to_confirm=False, deadline_in=None, refund_until=utc(24))
    pay(staff, event, player.id)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/cancelar")
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    assert _owed(event, player.id) == 0


def test_a_cancelled_event_owes_every_payment_back_whatever_the_date(fee_event, member, staff):  # type: ignore[no-untyped-def]
    (_u1, paid), (_u2, unpaid) = member(), member()
    event = fee_event(players=(paid, unpaid), paid_to_confirm=False, deadline_in=None, refund_until=utc(-48))
    pay(staff, event, paid.id, 3000)
    event_service.change_status(staff, event, EventStatus.CANCELLED)
    assert _owed(event, paid.id) == 3000 and _owed(event, unpaid.id) == 0


def test_too_few_entries_at_the_start_owes_the_payments_back(fee_event, member, staff):  # type: ignore[no-untyped-def]
    _u, player = member()
    event = fee_event(players=(player,), paid_to_confirm=False, deadline_in=None)
    db.session.get(RegistrationSettings, event.id).min_entries = 4
    db.session.commit()
    pay(staff, event, player.id)
    event_service.change_status(staff, event, EventStatus.RUNNING)
    assert event.status == EventStatus.CANCELLED and _owed(event, player.id) == FEE
