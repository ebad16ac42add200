"""Fee accounts through the database: the schedule saved and audited, each kind of entrant's fee
(member, guest, category reduction), payments and waivers booked and audited, a bank credit
booked once only."""
from datetime import date

import pytest
from sqlalchemy import select
from sqlalchemy.exc import IntegrityError

from damas.engine.fees import FeeState
from damas.models import AuditEntry
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.errors import ServiceError
from damas.services.fees import accounts, bookings, schedule

ON = date(2026, 12, 1)


@pytest.fixture
def priced(make_user, make_player, make_event):
    staff = make_user()
    member = make_player(full_name="Ana Membro", sex="F", birth_date=date(1990, 1, 1))
    guest = make_player(full_name="Beto Convidado", federation_id=None)
    kid = make_player(full_name="Caio Sub", birth_date=date(2014, 3, 1))
    event = make_event(players=(member, guest, kid))
    schedule.save_schedule(staff, event, {"member_cents": 5000, "guest_cents": 7000,
                                          "early_until": date(2026, 11, 30), "early_reduction_cents": 1000},
                           {"sub-14": 2500, "feminino": 2000})
    return staff, event, member, guest, kid


def test_each_kind_of_entrant_owes_its_fee(priced):
    staff, event, member, guest, kid = priced
    rows = {r.name: r for r in accounts.event_accounts(event, today=ON)}
    assert rows["Ana Membro"].account.owed_cents == 3000          # member, feminino
    assert rows["Beto Convidado"].account.owed_cents == 7000      # guest
    assert rows["Caio Sub"].account.owed_cents == 2500            # member, sub-14
    assert rows["Caio Sub"].txid == f"INSC{event.id}J{kid.id}"


def test_schedule_refuses_unknown_category_and_changes_nothing(priced):
    staff, event, *_ = priced
    with pytest.raises(ServiceError):
        schedule.save_schedule(staff, event, {"member_cents": 100}, {"nao-existe": 10})
    assert schedule.rules_of(event).member_cents == 5000


def test_payment_and_waiver_are_booked_and_audited(priced, db):
    staff, event, member, guest, kid = priced
    bookings.book(staff, event, guest.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                  amount_cents=7000, paid_on=ON, note="na sede")
    bookings.waive(staff, event, kid.id, "Campeão estadual sub-14")
    rows = {r.name: r for r in accounts.event_accounts(event, today=ON)}
    assert rows["Beto Convidado"].state == FeeState.PAID
    assert rows["Caio Sub"].state == FeeState.WAIVED
    actions = set(db.session.scalars(select(AuditEntry.action).where(AuditEntry.event_id == event.id)))
    assert {"fee_schedule", "fee_payment", "fee_waived"} <= actions


def test_a_bank_credit_is_booked_once(priced, db):
    staff, event, member, *_ = priced
    kw = dict(kind=PaymentKind.PAYMENT, method=PaymentMethod.PIX, amount_cents=3000, paid_on=ON,
              bank_account="0001-123", bank_ref="FIT1")
    bookings.book(staff, event, member.id, **kw)
    with pytest.raises(IntegrityError):
        bookings.book(staff, event, member.id, **kw)
    db.session.rollback()
    assert accounts.account_for(event, member, today=ON).account.paid_cents == 3000
