"""One fee for a championship entry: the highest of the chosen sections' fees, once, on that
section's account; the others waived "taxa única do campeonato"; withdrawing from one section
keeps the others and moves the fee when nothing paid stays with the federation."""
from __future__ import annotations

from datetime import date

from damas.engine.fees import FeeState
from damas.models import Role
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.championships import entries, single_fee
from damas.services.fees import bookings
from damas.services.fees.accounts import account_for
from tests.web.championships.champ_entry_helpers import championship, entered, fee, player_user
from tests.web.mail.mail_helpers import outbox


def _states(events, player):  # type: ignore[no-untyped-def]
    out = {}
    for event in events:
        acc = account_for(event, player)
        out[event.name] = None if acc is None else (acc.state, acc.waiver_reason)
    return out


def _setup(make_event, make_user):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    champ, events = championship(make_event, "Absoluto", "Rápido", "Blitz")
    absolute, rapid, _blitz = events
    fee(staff, absolute, 5000)
    fee(staff, rapid, 8000)
    return staff, champ, events


def test_player_pays_the_highest_fee_once(app, client, db, login_as, make_user, make_player,
                                          make_event):  # type: ignore[no-untyped-def]
    _staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, blitz = events
    user, player = player_user(make_user, make_player)
    login_as(user)
    client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [e.id for e in events]})
    assert entered(player) == {absolute.id, rapid.id, blitz.id}
    assert _states(events, player) == {"Absoluto": (FeeState.WAIVED, "taxa única do campeonato"),
                                       "Rápido": (FeeState.DUE, ""), "Blitz": None}
    (mail,) = [m for m in outbox(app) if m.to == [user.email]]
    assert "Taxa única do campeonato, paga na seção Rápido" in mail.body
    assert "Taxa de inscrição a pagar: R$ 80,00." in mail.body
    page = client.get(f"/campeonatos/{champ.id}/inscricao").get_data(as_text=True)
    assert "a taxa única do campeonato é paga nesta seção" in page


def test_withdrawing_from_one_section_keeps_the_others(app, client, db, login_as, make_user, make_player,
                                                       make_event):  # type: ignore[no-untyped-def]
    _staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, blitz = events
    user, player = player_user(make_user, make_player)
    login_as(user)
    client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [e.id for e in events]})
    response = client.post(f"/campeonatos/{champ.id}/inscricao/{blitz.id}/cancelar", follow_redirects=True)
    assert "as outras seções continuam" in response.get_data(as_text=True)
    assert entered(player) == {absolute.id, rapid.id}


def test_fee_moves_when_the_unpaid_fee_section_is_left(app, client, db, login_as, make_user, make_player,
                                                        make_event):  # type: ignore[no-untyped-def]
    _staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, _blitz = events
    user, player = player_user(make_user, make_player)
    login_as(user)
    client.post(f"/campeonatos/{champ.id}/inscricao", data={"sections": [absolute.id, rapid.id]})
    client.post(f"/campeonatos/{champ.id}/inscricao/{rapid.id}/cancelar")
    assert entered(player) == {absolute.id}
    assert _states([absolute], player) == {"Absoluto": (FeeState.DUE, "")}


def test_fee_paid_on_a_left_section_stays_the_championship_fee(app, db, make_user, make_player,
                                                                make_event):  # type: ignore[no-untyped-def]
    """No refund date: the money paid stays with the federation, so the other sections stay waived."""
    staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, _blitz = events
    player = make_player()
    with app.test_request_context():
        entries.enter(staff, champ, player, [absolute.id, rapid.id], by_player=False)
        bookings.book(staff, rapid, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                      amount_cents=8000, paid_on=date.today())
        entries.withdraw(staff, champ, rapid, player, by_player=False)
        assert entered(player) == {absolute.id}
        assert _states([absolute], player) == {"Absoluto": (FeeState.WAIVED, "taxa única do campeonato")}
        assert single_fee.carrier(champ, player) is None


def test_paid_section_keeps_the_fee_when_a_dearer_section_is_added(app, db, make_user, make_player,
                                                                     make_event):  # type: ignore[no-untyped-def]
    staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, _blitz = events
    player = make_player()
    with app.test_request_context():
        entries.enter(staff, champ, player, [absolute.id], by_player=False)
        bookings.book(staff, absolute, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                      amount_cents=5000, paid_on=date.today())
        entries.enter(staff, champ, player, [rapid.id], by_player=False)
        assert _states([absolute, rapid], player) == {"Absoluto": (FeeState.PAID, ""),
                                                      "Rápido": (FeeState.WAIVED, "taxa única do campeonato")}


def test_unpaid_cheaper_section_hands_the_fee_to_a_dearer_one_added_later(app, db, make_user, make_player,
                                                                            make_event):  # type: ignore[no-untyped-def]
    staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, _blitz = events
    player = make_player()
    with app.test_request_context():
        entries.enter(staff, champ, player, [absolute.id], by_player=False)
        assert _states([absolute], player) == {"Absoluto": (FeeState.DUE, "")}
        entries.enter(staff, champ, player, [rapid.id], by_player=False)
        assert _states([absolute, rapid], player) == {"Absoluto": (FeeState.WAIVED, "taxa única do campeonato"),
                                                      "Rápido": (FeeState.DUE, "")}


def test_a_staff_waiver_of_its_own_is_left_alone(app, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    staff, champ, events = _setup(make_event, make_user)
    absolute, rapid, _blitz = events
    player = make_player()
    with app.test_request_context():
        entries.enter(staff, champ, player, [rapid.id], by_player=False)
        bookings.waive(staff, rapid, player.id, "árbitro convidado")
        entries.enter(staff, champ, player, [absolute.id], by_player=False)
        assert _states([absolute, rapid], player) == {"Absoluto": (FeeState.DUE, ""),
                                                      "Rápido": (FeeState.WAIVED, "árbitro convidado")}
