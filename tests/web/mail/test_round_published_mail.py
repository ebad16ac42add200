"""Publishing a round mails each of its players with an account (kind "pairings"): his board,
his colour, his opponent and rating, the round's planned time, or the bye / "not paired"; in
the account's language; never to an unverified or opted-out account; nothing when the
publication rolls back; a constant number of queries whatever the number of players."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import event as sa_event

from damas.extensions import db as _db
from damas.models import EventStatus, Game, GameResult, Role, Round, RoundStatus
from damas.services.errors import ServiceError
from damas.services.mail import round_notices
from damas.services.mail.preferences import set_kinds_on
from tests.conftest import login
from tests.web.mail.mail_helpers import outbox

NOW = datetime.now(timezone.utc)


def _round(db: Any, make_event: Any, make_player: Any, make_user: Any, players: int, absent: int = 0) -> Any:
    """A running event with `players` paired in round 1 (the last one the bye when odd) and
    `absent` more entrants not paired; every player with a verified account."""
    arbiter = make_user(Role.ARBITER)
    people = [make_player(full_name=f"Jogador {i:02d}", rating_regular=2000 - i if i != 1 else None)
              for i in range(players + absent)]
    event = make_event(arbiters=(arbiter,), players=tuple(people), status=EventStatus.RUNNING,
                       round_times=["2026-12-05T09:00", "2026-12-05T14:00"])
    entries = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PAIRED)
    paired = entries[:players]
    for board, i in enumerate(range(0, len(paired) - 1, 2), start=1):
        rnd.games.append(Game(board=board, white_entry_id=paired[i].id, black_entry_id=paired[i + 1].id))
    if len(paired) % 2:
        rnd.games.append(Game(board=len(paired) // 2 + 1, white_entry_id=paired[-1].id, black_entry_id=None,
                              result=GameResult.BYE))
    db.session.add(rnd)
    db.session.commit()
    users = [make_user(Role.PLAYER, player_id=p.id, name=p.full_name, email_verified_at=NOW) for p in people]
    return event, arbiter, users


def _publish(app: Any, event: Any, arbiter: Any) -> Any:
    client = app.test_client()
    login(client, arbiter)
    return client.post(f"/eventos/{event.id}/rodadas/1/publicar", follow_redirects=True)


def test_each_player_gets_his_board_colour_opponent_and_time(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, arbiter, users = _round(db, make_event, make_player, make_user, players=5, absent=1)
    assert "Rodada 1 publicada." in _publish(app, event, arbiter).get_data(as_text=True)
    mails = {m.to[0]: m for m in outbox(app)}
    assert len(mails) == 6  # 4 on boards, the bye, the entrant not paired
    first = mails[users[0].email]
    assert first.subject == f"{event.name}: rodada 1 publicada"
    assert "Mesa 1, com as brancas." in first.body
    assert "Adversário: Jogador 01 (sem rating)." in first.body
    assert "Horário previsto: 05/12/2026 09:00." in first.body
    assert f"http://localhost/eventos/{event.id}/rodadas/1" in first.body
    second = mails[users[1].email]
    assert "Mesa 1, com as pretas." in second.body and "Adversário: Jogador 00 (rating 2000)." in second.body
    bye = mails[users[4].email]
    assert "isento nesta rodada" in bye.body and "Mesa" not in bye.body
    assert "não foi emparceirado" in mails[users[5].email].body
    assert "Mesa 1, com as brancas." in first.alternatives[0][0]  # the HTML part says the same
    assert first.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"


def test_english_account_unverified_and_opted_out(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, arbiter, users = _round(db, make_event, make_player, make_user, players=4)
    users[0].locale = "en"
    users[1].email_verified_at = None  # an address nobody proved
    db.session.commit()
    set_kinds_on(users[2], users[2], {"results"})  # turned the round mails off
    _publish(app, event, arbiter)
    mails = {m.to[0]: m for m in outbox(app)}
    assert set(mails) == {users[0].email, users[3].email}
    english = mails[users[0].email]
    assert english.subject == f"{event.name}: round 1 published"
    assert "Board 1, with White." in english.body and "Opponent: Jogador 01 (unrated)." in english.body
    assert "Planned start: 12/5/26, 9:00" in english.body


def test_a_refused_or_rolled_back_publication_sends_nothing(app, db, make_event, make_player, make_user, monkeypatch):  # type: ignore[no-untyped-def]
    event, arbiter, _users = _round(db, make_event, make_player, make_user, players=4)

    def fail(*_args: Any) -> None:
        raise ServiceError("falhou depois de marcar a rodada")

    monkeypatch.setattr("damas.services.rounds.publication.withdraw_unexplained", fail)
    page = _publish(app, event, arbiter).get_data(as_text=True)
    assert "falhou depois de marcar a rodada" in page
    db.session.expire_all()
    assert db.session.query(Round).filter_by(event_id=event.id).one().status == RoundStatus.PAIRED  # rolled back
    assert outbox(app) == []
    monkeypatch.undo()
    _publish(app, event, arbiter)  # published now: 4 mails
    assert len(outbox(app)) == 4
    page = _publish(app, event, arbiter).get_data(as_text=True)  # refused a second time: no more mail
    assert "Esta rodada já foi publicada." in page
    assert len(outbox(app)) == 4


def _statements(app: Any, players: int, db: Any, make_event: Any, make_player: Any, make_user: Any) -> tuple[int, int]:
    event, arbiter, _users = _round(db, make_event, make_player, make_user, players=players)
    client = app.test_client()
    login(client, arbiter)
    seen: list[str] = []

    def count(*_args: Any) -> None:
        seen.append("x")

    engine = _db.engine
    sa_event.listen(engine, "before_cursor_execute", count)
    try:
        client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    finally:
        sa_event.remove(engine, "before_cursor_execute", count)
    return len(seen), len(outbox(app))


def test_queries_do_not_grow_with_the_players(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    small, small_mails = _statements(app, 10, db, make_event, make_player, make_user)
    outbox = app.extensions["mailman"].outbox
    outbox.clear()
    large, large_mails = _statements(app, 40, db, make_event, make_player, make_user)
    assert (small_mails, large_mails) == (10, 40)
    assert small == large, (small, large)


def test_a_swiss_that_publishes_with_its_pairing_mails_its_players(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    people = [make_player(full_name=f"Suíço {i}", rating_regular=1800 - i) for i in range(4)]
    event = make_event(arbiters=(arbiter,), players=tuple(people), status=EventStatus.REGISTRATION,
                       pairing_system="dutch", publish_on_pair=True)
    users = [make_user(Role.PLAYER, player_id=p.id, email_verified_at=NOW) for p in people]
    client = app.test_client()
    login(client, arbiter)
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    db.session.expire_all()
    assert db.session.query(Round).filter_by(event_id=event.id).one().status == RoundStatus.PUBLISHED
    assert sorted(m.to[0] for m in outbox(app)) == sorted(u.email for u in users)
    assert all("Mesa " in m.body and "Adversário: Suíço" in m.body for m in outbox(app))


def test_a_failing_mail_never_undoes_nor_breaks_the_publication(app, db, make_event, make_player, make_user, monkeypatch):  # type: ignore[no-untyped-def]
    event, arbiter, _users = _round(db, make_event, make_player, make_user, players=4)

    def broken(*_args: Any) -> None:
        raise OSError("mail server on fire")

    monkeypatch.setattr("damas.services.mail.notify.send", broken)
    response = _publish(app, event, arbiter)
    assert response.status_code == 200 and "Rodada 1 publicada." in response.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.query(Round).filter_by(event_id=event.id).one().status == RoundStatus.PUBLISHED


def test_the_publication_does_not_wait_for_its_mails(app, db, make_event, make_player, make_user, monkeypatch):  # type: ignore[no-untyped-def]
    """The request that publishes only registers the round's mails: they are read, written in
    each recipient's language and sent once the response is out (production's path)."""
    built: list[int] = []
    real = round_notices.round_published_batch
    monkeypatch.setattr(round_notices, "round_published_batch",
                        lambda event_id, round_id: built.append(round_id) or real(event_id, round_id))
    app.config["MAIL_AFTER_RESPONSE"] = True
    event, arbiter, users = _round(db, make_event, make_player, make_user, players=4)
    client = app.test_client()
    login(client, arbiter)
    response = client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    assert response.status_code == 302 and built == [] and outbox(app) == []  # published, no mail built yet
    response.close()  # the server closes the response once it is sent
    mails = {m.to[0]: m for m in outbox(app)}
    assert len(built) == 1 and len(mails) == 4
    assert "Mesa 1, com as brancas." in mails[users[0].email].body
    assert f"http://localhost/eventos/{event.id}/rodadas/1" in mails[users[0].email].body  # the request's address
