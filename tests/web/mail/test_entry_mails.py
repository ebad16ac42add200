"""Mails about a player's own entry (kind "entries"), through the web: received, entered by the
organisers, cancelled, the reserve list and a substitution, a withdrawal; only to verified
accounts that keep the kind on, in their language, with the event's link; a refused operation
sends nothing."""
from __future__ import annotations

from datetime import datetime, timezone

import pytest

from damas.models import Entry, EventStatus, Game, GameResult, Role, Round, RoundStatus
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.services.mail.preferences import set_kinds_on
from tests.web.desk.test_desk import running_event
from tests.web.mail.mail_helpers import outbox


def to(app, user):  # type: ignore[no-untyped-def]
    return [m for m in outbox(app) if m.to == [user.email]]


def now() -> datetime:
    return datetime.now(timezone.utc)


@pytest.fixture
def open_event(db, make_event):  # type: ignore[no-untyped-def]
    def factory(**kw):  # type: ignore[no-untyped-def]
        event = make_event(status=kw.pop("status", EventStatus.REGISTRATION), name=kw.pop("name", "Aberto de Verão"), **kw)
        db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                            guest_places=0))
        db.session.commit()
        return event
    return factory


@pytest.fixture
def account(make_user, make_player):  # type: ignore[no-untyped-def]
    def factory(verified: bool = True, **kw):  # type: ignore[no-untyped-def]
        player = make_player()
        return make_user(Role.PLAYER, player_id=player.id,
                         email_verified_at=now() if verified else None, **kw)
    return factory


def test_self_registration_mails_the_player_in_his_language(app, client, db, login_as, open_event, account):  # type: ignore[no-untyped-def]
    event = open_event()
    english = account(locale="en")
    login_as(english)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    (mail,) = to(app, english)
    assert mail.subject == "Entry confirmed: Aberto de Verão"
    assert "We received your entry to Aberto de Verão and it is confirmed." in mail.body
    assert f"http://localhost/eventos/{event.id}" in mail.body
    assert mail.extra_headers["List-Unsubscribe"].startswith("<http://localhost/email/cancelar/")


def test_a_refused_registration_sends_nothing(app, client, db, login_as, open_event, account):  # type: ignore[no-untyped-def]
    event = open_event()
    closed = open_event(status=EventStatus.FINISHED)
    user = account()
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    assert len(to(app, user)) == 1
    client.post(f"/eventos/{event.id}/inscricao/inscrever")  # already entered: refused
    client.post(f"/eventos/{closed.id}/inscricao/inscrever")  # closed: refused
    assert len(to(app, user)) == 1


def test_cancelling_ones_entry_is_confirmed_by_mail(app, client, db, login_as, open_event, account):  # type: ignore[no-untyped-def]
    event = open_event()
    user = account()
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    client.post(f"/eventos/{event.id}/inscricao/cancelar")
    subjects = [m.subject for m in to(app, user)]
    assert subjects == ["Inscrição confirmada: Aberto de Verão", "Inscrição cancelada: Aberto de Verão"]
    assert "foi cancelada, como você pediu" in to(app, user)[1].body


def test_staff_entering_and_removing_a_player_tells_only_verified_accounts_that_want_it(  # type: ignore[no-untyped-def]
        app, client, db, login_as, make_user, open_event, account):
    event = open_event()
    verified, unverified, opted_out = account(), account(verified=False), account()
    set_kinds_on(opted_out, opted_out, {"pairings", "results"})  # entries off
    login_as(make_user(Role.STAFF))
    for user in (verified, unverified, opted_out):
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": user.player_id})
    assert [m.to for m in outbox(app)] == [[verified.email]]
    assert "A organização inscreveu você no evento Aberto de Verão." in outbox(app)[0].body
    entry = db.session.query(Entry).filter_by(event_id=event.id, player_id=verified.player_id).one()
    client.post(f"/eventos/{event.id}/inscricoes/{entry.id}/remover")
    assert [m.subject for m in to(app, verified)][-1] == "Inscrição cancelada: Aberto de Verão"
    assert "A organização cancelou sua inscrição" in to(app, verified)[-1].body
    assert to(app, unverified) == [] and to(app, opted_out) == []


def test_reserve_list_and_substitution_tell_both_players(app, client, db, login_as, make_user, make_player,  # type: ignore[no-untyped-def]
                                                           make_event, account):
    players = [make_player(rating_regular=2000 - i) for i in range(4)]
    no_show_user = make_user(Role.PLAYER, player_id=players[1].id, email_verified_at=now(), locale="en")
    event = make_event(status=EventStatus.RUNNING, players=tuple(players), pairing_system="dutch", ruleset="club",
                       time_minutes=10, name="Relâmpago")
    db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                        guest_places=0))
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id, result=GameResult.WHITE_WIN),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id, result=GameResult.WHITE_FORFEIT_WIN)]
    db.session.add(rnd)
    db.session.commit()
    reserve = account()
    login_as(reserve)
    client.post(f"/eventos/{event.id}/reserva/entrar")
    (joined,) = to(app, reserve)
    assert joined.subject == "Lista de reserva: Relâmpago" and "na posição 1" in joined.body
    login_as(make_user(Role.STAFF))
    client.post(f"/eventos/{event.id}/reserva/substituir", data={"entry_id": b.id})
    moved = to(app, reserve)[-1]
    assert moved.subject == "Você entrou no evento Relâmpago"
    assert f"no lugar de {players[1].full_name}" in moved.body and "mesa 2 da 1ª rodada" in moved.body
    (replaced,) = to(app, no_show_user)
    assert replaced.subject == "Substitution in Relâmpago" and "replaced by a reserve" in replaced.body


def test_a_withdrawal_is_told_to_the_player(app, client, db, login_as, make_user, make_event, make_player):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,), rounds=1, name="Regional")
    user = make_user(Role.PLAYER, player_id=entries[0].player_id, email_verified_at=now())
    login_as(arbiter)
    bad = client.post(f"/eventos/{event.id}/jogadores",
                      data={"w-entry_id": entries[0].id, "w-after_round": 7, "w-note": "", "w-submit": "1"})
    assert bad.status_code in (200, 302) and to(app, user) == []  # refused: no round 7
    client.post(f"/eventos/{event.id}/jogadores",
                data={"w-entry_id": entries[0].id, "w-after_round": 1, "w-note": "viagem", "w-submit": "1"})
    (mail,) = to(app, user)
    assert mail.subject == "Desistência registrada: Regional"
    assert "depois da rodada 1" in mail.body and "Observação: viagem" in mail.body
    assert f"http://localhost/eventos/{event.id}" in mail.body
