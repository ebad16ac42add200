"""The reserve list before the start: a full event takes reserves during registration; a place
freed by a cancellation or a removal goes to the first reserve (entered, mailed, audited); the
after-start reserve (CLUB "Reserva") is unchanged."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, Role
from damas.models.registration import GuestPolicy, RegistrationSettings, ReserveEntry, ReserveStatus
from tests.web.fees.fee_policy_helpers import (  # noqa: F401  (fixtures)
    actions,
    entered,
    fee_event,
    mails_to,
    member,
    staff,
)


def _post(client, url):  # type: ignore[no-untyped-def]
    return client.post(url, follow_redirects=True).get_data(as_text=True)


def test_a_full_event_takes_reserves_and_a_cancellation_moves_the_first_up(app, client, login_as, fee_event, member):  # type: ignore[no-untyped-def]
    (u1, p1), (u2, p2), (u3, p3), (u4, p4) = member(), member(), member(full_name="Rita Reserva"), member()
    event = fee_event(players=(p1,), capacity=2, paid_to_confirm=False, deadline_in=None)
    login_as(u3)
    assert "Ainda há vagas neste evento: inscreva-se." in _post(client, f"/eventos/{event.id}/reserva/entrar")
    login_as(u2)
    _post(client, f"/eventos/{event.id}/inscricao/inscrever")
    login_as(u3)
    page = client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)
    assert "O evento está lotado." in page and "Entrar na reserva" in page
    assert "Você está na lista de reserva." in _post(client, f"/eventos/{event.id}/reserva/entrar")
    assert "na posição 1" in mails_to(app, u3)[-1].body
    login_as(u4)
    _post(client, f"/eventos/{event.id}/reserva/entrar")
    login_as(u2)
    _post(client, f"/eventos/{event.id}/inscricao/cancelar")
    assert entered(event) == {p1.id, p3.id}
    rows = {r.player_id: r.status for r in db.session.scalars(select(ReserveEntry))}
    assert rows == {p3.id: ReserveStatus.PROMOTED, p4.id: ReserveStatus.WAITING}
    mail = mails_to(app, u3)[-1]
    assert mail.subject == "Você entrou no evento Aberto com Taxa" and "taxa" not in mail.body
    assert actions(event).count("reserve_promoted") == 1
    numbers = sorted(db.session.scalars(select(Entry.pairing_number).where(Entry.event_id == event.id)))
    assert numbers == [1, 2]
    login_as(u3)
    page = client.get("/conta/minha-area").get_data(as_text=True)
    assert "você saiu da lista de reserva e está inscrito" in page


def test_staff_removing_an_entry_moves_the_reserve_up_and_tells_when_to_pay(app, client, login_as, fee_event, member, staff):  # type: ignore[no-untyped-def]
    (u1, p1), (u2, p2), (u3, p3) = member(), member(), member()
    event = fee_event(players=(p1, p2), capacity=2, deadline_in=48)
    login_as(u3)
    _post(client, f"/eventos/{event.id}/reserva/entrar")
    login_as(staff)
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == p2.id))
    _post(client, f"/eventos/{event.id}/inscricoes/{entry.id}/remover")
    assert entered(event) == {p1.id, p3.id}
    mail = mails_to(app, u3)[-1]
    assert "A inscrição só fica confirmada com o pagamento da taxa, até" in mail.body  # the deadline ahead
    assert "até o início do evento" not in mail.body


def test_no_reserve_before_the_start_without_a_capacity(client, login_as, fee_event, member):  # type: ignore[no-untyped-def]
    (u1, p1), (u2, _p2) = member(), member()
    event = fee_event(players=(p1,), paid_to_confirm=False, deadline_in=None)
    login_as(u2)
    assert "A lista de reserva abre depois do início do evento." in _post(client, f"/eventos/{event.id}/reserva/entrar")
    assert db.session.scalar(select(ReserveEntry.id)) is None


def test_a_guest_refused_by_the_event_cannot_queue_for_it(client, login_as, fee_event, member, make_user, make_player):  # type: ignore[no-untyped-def]
    (_u1, p1), (_u2, p2) = member(), member()
    event = fee_event(players=(p1, p2), capacity=2, paid_to_confirm=False, deadline_in=None)
    db.session.get(RegistrationSettings, event.id).guest_policy = GuestPolicy.NONE
    db.session.commit()
    guest = make_user(Role.PLAYER, player_id=make_player(federation_id=None).id)
    login_as(guest)
    assert "não aceita convidados" in _post(client, f"/eventos/{event.id}/reserva/entrar")
