"""Paid-only confirmation: an entry whose fee is not settled shows "aguardando pagamento" on
Minha área, on the registration box and on the staff start list; the booking that settles it
confirms it by mail ("Inscrição confirmada: pagamento recebido"), once."""
from __future__ import annotations

from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.fees import bookings, confirmation
from tests.web.fees.fee_policy_helpers import (  # noqa: F401  (fixtures)
    FEE,
    PAID_ON,
    actions,
    fee_event,
    mails_to,
    member,
    pay,
    staff,
)

SETTLED = "Inscrição confirmada: pagamento recebido"


def test_unpaid_entry_awaits_payment_until_the_fee_is_settled(app, client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    event = fee_event(deadline_in=48)
    user, player = member()
    login_as(user)
    page = client.post(f"/eventos/{event.id}/inscricao/inscrever", follow_redirects=True).get_data(as_text=True)
    assert "fica confirmada quando a taxa for paga" in page
    assert "aguardando pagamento" in page
    assert "data-awaiting-payment" in client.get("/conta/minha-area").get_data(as_text=True)
    assert confirmation.awaiting_payment(event) == {player.id}
    pay(staff, event, player.id, 2000)  # part of the fee: still waiting, no mail
    assert confirmation.awaiting_payment(event) == {player.id}
    assert SETTLED not in [m.subject for m in mails_to(app, user)]
    pay(staff, event, player.id, FEE - 2000)
    assert confirmation.awaiting_payment(event) == set()
    assert "data-awaiting-payment" not in client.get("/conta/minha-area").get_data(as_text=True)
    (mail,) = [m for m in mails_to(app, user) if m.subject == SETTLED]
    assert "Aberto com Taxa" in mail.body and "está confirmada" in mail.body
    pay(staff, event, player.id, 100)  # already settled: no second mail
    assert [m.subject for m in mails_to(app, user)].count(SETTLED) == 1


def test_a_waiver_settles_and_an_event_without_paid_only_shows_nothing(app, client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    _user, waived = member()
    user, player = member()
    event = fee_event(players=(waived,), deadline_in=48)
    bookings.waive(staff, event, waived.id, "Árbitro do evento")
    assert confirmation.awaiting_payment(event) == set()
    open_event = fee_event(players=(player,), paid_to_confirm=False, deadline_in=None)
    assert confirmation.awaiting_payment(open_event) == set()
    login_as(user)
    assert "data-awaiting-payment" not in client.get("/conta/minha-area").get_data(as_text=True)
    bookings.book(staff, open_event, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.PIX,
                  amount_cents=FEE, paid_on=PAID_ON)
    assert SETTLED not in [m.subject for m in mails_to(app, user)]  # entries were confirmed already
    assert "fee_payment" in actions(open_event)


def test_staff_start_list_marks_unpaid_entries(client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    (_u1, paid), (_u2, unpaid) = member(full_name="Paula Paga"), member(full_name="Ulisses Devedor")
    event = fee_event(players=(paid, unpaid), deadline_in=48)
    pay(staff, event, paid.id)
    login_as(staff)
    page = client.get(f"/eventos/{event.id}/inscricoes").get_data(as_text=True)
    rows = [line for line in page.splitlines() if "data-unpaid" in line]
    assert len(rows) == 1 and "Ulisses Devedor" in rows[0] and "aguardando pagamento" in rows[0]
    assert f"/eventos/{event.id}/taxas/prazo" in page
    charged = fee_event(players=(unpaid,), paid_to_confirm=False, deadline_in=None)
    page = client.get(f"/eventos/{charged.id}/inscricoes").get_data(as_text=True)
    assert "taxa em aberto" in page and f"/eventos/{charged.id}/taxas/prazo" not in page
    public = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "data-unpaid" not in public  # the public list does not expose who has not paid
