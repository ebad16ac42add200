"""Check-in by the event's QR code (issue 42 point 1): a logged-in player reads the code of his
event's open round and confirms; a code of another event, of a round already paired or a
made-up one is refused with the reason; so is a player not entered; reading it changes nothing
until he confirms."""
from __future__ import annotations

from damas.models import AuditEntry, Role
from damas.models.venue import CheckIn, CheckInMethod, VenueSettings
from damas.services.venue.checkin_token import round_token
from tests.web.venue.checkin_helpers import checkin_event, entry_no


def _url(event_id: int, token: str) -> str:
    return f"/eventos/{event_id}/presenca/{token}"


def _pair(client, arbiter, login_as, event_id: int) -> None:  # type: ignore[no-untyped-def]
    login_as(arbiter)
    page = client.post(f"/eventos/{event_id}/rodadas/emparceirar", follow_redirects=True).get_data(as_text=True)
    assert "emparceirada" in page, page[:2000]


def test_a_player_checks_in_with_his_events_qr_code(app, client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, users = checkin_event(db, make_event, make_player, make_user)
    with app.test_request_context():
        token = round_token(event.id, 1)
    login_as(users[1])
    page = client.get(_url(event.id, token)).get_data(as_text=True)
    assert "Confirmar presença" in page and "Rodada 1" in page
    assert db.session.query(CheckIn).count() == 0  # reading the code changes nothing
    done = client.post(_url(event.id, token), follow_redirects=True).get_data(as_text=True)
    assert "presença confirmada" in done and "data-checkin-done" in done
    row = db.session.query(CheckIn).one()
    assert (row.entry_id, row.round_number, row.method) == (entry_no(db, event, 2).id, 1, CheckInMethod.QR)
    audit = db.session.query(AuditEntry).filter_by(action="check_in").one()
    assert audit.after == {"round": 1, "method": "qr"} and audit.user_id == users[1].id
    client.post(_url(event.id, token))  # read twice: the first stays
    assert db.session.query(CheckIn).count() == 1
    area = client.get("/conta/minha-area").get_data(as_text=True)
    assert "presença confirmada (rodada 1)" in area


def test_a_visitor_is_sent_to_log_in_and_back(app, client, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    with app.test_request_context():
        token = round_token(event.id, 1)
    answer = client.get(_url(event.id, token))
    assert answer.status_code == 302 and "/conta/entrar" in answer.headers["Location"]
    assert "presenca" in answer.headers["Location"]


def test_another_events_code_is_refused(app, client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, users = checkin_event(db, make_event, make_player, make_user)
    other, _a, _u = checkin_event(db, make_event, make_player, make_user, players=2)
    with app.test_request_context():
        token = round_token(other.id, 1)
    login_as(users[0])
    page = client.get(_url(event.id, token)).get_data(as_text=True)
    assert "data-checkin-refused" in page and f"de outro evento ({other.name})" in page
    assert "Confirmar presença" not in page
    done = client.post(_url(event.id, token), follow_redirects=True).get_data(as_text=True)
    assert "de outro evento" in done and db.session.query(CheckIn).count() == 0


def test_a_tampered_code_is_refused(app, client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, users = checkin_event(db, make_event, make_player, make_user)
    with app.test_request_context():
        token = round_token(event.id, 1)
    login_as(users[0])
    for bad in (token[:-2] + ("AA" if not token.endswith("AA") else "BB"), "not-a-token"):
        page = client.post(_url(event.id, bad), follow_redirects=True).get_data(as_text=True)
        assert "não é válido" in page
    assert db.session.query(CheckIn).count() == 0


def test_a_player_not_entered_is_refused(app, client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, _users = checkin_event(db, make_event, make_player, make_user)
    outsider = make_user(Role.PLAYER, player_id=make_player(full_name="Fora Dali").id)
    with app.test_request_context():
        token = round_token(event.id, 1)
    login_as(outsider)
    assert "Você não está inscrito neste evento." in client.get(_url(event.id, token)).get_data(as_text=True)
    page = client.post(_url(event.id, token), follow_redirects=True).get_data(as_text=True)
    assert "Você não está inscrito neste evento." in page and db.session.query(CheckIn).count() == 0


def test_check_in_after_the_pairing_is_refused_with_the_reason(  # type: ignore[no-untyped-def]
        app, client, db, login_as, make_event, make_player, make_user):
    event, arbiter, users = checkin_event(db, make_event, make_player, make_user)
    with app.test_request_context():
        token = round_token(event.id, 1)
    _pair(client, arbiter, login_as, event.id)
    login_as(users[2])
    page = client.post(_url(event.id, token), follow_redirects=True).get_data(as_text=True)
    assert "A rodada 1 já foi emparceirada: a presença dela está encerrada. Fale com a arbitragem." in page
    assert db.session.query(CheckIn).count() == 0


def test_an_old_rounds_code_is_refused_and_the_new_one_named(  # type: ignore[no-untyped-def]
        app, client, db, login_as, make_event, make_player, make_user):
    event, arbiter, users = checkin_event(db, make_event, make_player, make_user, every_round=True)
    with app.test_request_context():
        old, new = round_token(event.id, 1), round_token(event.id, 2)
    _pair(client, arbiter, login_as, event.id)
    login_as(users[0])
    page = client.post(_url(event.id, old), follow_redirects=True).get_data(as_text=True)
    assert "A rodada 1 já foi emparceirada" in page and "A presença aberta agora é a da rodada 2" in page
    assert db.session.query(CheckIn).count() == 0
    page = client.post(_url(event.id, new), follow_redirects=True).get_data(as_text=True)
    assert "presença confirmada" in page
    assert db.session.query(CheckIn).one().round_number == 2


def test_no_check_in_when_the_event_asks_none(app, client, db, login_as, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _arbiter, users = checkin_event(db, make_event, make_player, make_user)
    db.session.delete(db.session.get(VenueSettings, event.id))
    db.session.commit()
    with app.test_request_context():
        token = round_token(event.id, 1)
    login_as(users[0])
    page = client.post(_url(event.id, token), follow_redirects=True).get_data(as_text=True)
    assert "A presença da rodada 1 não está aberta." in page and db.session.query(CheckIn).count() == 0
