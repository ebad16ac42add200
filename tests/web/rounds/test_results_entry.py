"""Result entry: optimistic version check between two arbiters, audit, refusals."""
from __future__ import annotations

from damas.models import AuditEntry, EventStatus, Game, GameResult, Role, Round, RoundStatus


def _running_event(db, make_event, make_player, arbiters, status=RoundStatus.PUBLISHED):  # type: ignore[no-untyped-def]
    players = [make_player(rating_regular=2000 - i) for i in range(4)]
    event = make_event(arbiters=arbiters, players=tuple(players), status=EventStatus.RUNNING)
    a, b, c, d = event.entries
    rnd = Round(event_id=event.id, number=1, status=status)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.commit()
    return event, rnd


def test_concurrent_entry_keeps_the_first_and_tells_the_second(app, db, make_user, make_event, make_player):  # type: ignore[no-untyped-def]
    from tests.conftest import login

    first, second = make_user(Role.ARBITER), make_user(Role.ARBITER)
    event, rnd = _running_event(db, make_event, make_player, (first, second))
    game = rnd.games[0]
    seen_version = game.version
    client_a, client_b = app.test_client(), app.test_client()
    login(client_a, first)
    login(client_b, second)
    url = f"/eventos/{event.id}/rodadas/1/resultados"
    ok = client_a.post(url, data={f"result-{game.id}": "1-0", f"version-{game.id}": seen_version}, follow_redirects=True)
    assert "1 resultado(s) gravado(s)." in ok.get_data(as_text=True)
    late = client_b.post(url, data={f"result-{game.id}": "0-1", f"version-{game.id}": seen_version},
                         follow_redirects=True)
    assert "Outro árbitro alterou antes as mesas 1" in late.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Game, game.id).result == GameResult.WHITE_WIN
    audits = db.session.query(AuditEntry).filter_by(action="result").all()
    assert len(audits) == 1 and audits[0].user_id == first.id
    assert audits[0].before["result"] == "" and audits[0].after["result"] == "1-0"


def test_correction_is_audited_with_before_and_after(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, rnd = _running_event(db, make_event, make_player, (arbiter,))
    game = rnd.games[1]
    login_as(arbiter)
    url = f"/eventos/{event.id}/rodadas/1/resultados"
    client.post(url, data={f"result-{game.id}": "=-=", f"version-{game.id}": game.version})
    db.session.expire_all()
    client.post(url, data={f"result-{game.id}": "--+", f"version-{game.id}": db.session.get(Game, game.id).version})
    db.session.expire_all()
    assert db.session.get(Game, game.id).result == GameResult.BLACK_FORFEIT_WIN
    trail = [(a.before["result"], a.after["result"]) for a in db.session.query(AuditEntry).order_by(AuditEntry.id)]
    assert trail == [("", "=-="), ("=-=", "--+")]


def test_results_refused_before_publication_and_for_bad_values(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, rnd = _running_event(db, make_event, make_player, (arbiter,), status=RoundStatus.PAIRED)
    game = rnd.games[0]
    login_as(arbiter)
    url = f"/eventos/{event.id}/rodadas/1/resultados"
    page = client.post(url, data={f"result-{game.id}": "1-0", f"version-{game.id}": game.version}, follow_redirects=True)
    assert "Publique a rodada antes de lançar resultados." in page.get_data(as_text=True)
    client.post(f"/eventos/{event.id}/rodadas/1/publicar")
    page = client.post(url, data={f"result-{game.id}": "9-9", f"version-{game.id}": game.version}, follow_redirects=True)
    assert "Resultado inválido na mesa 1." in page.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Game, game.id).result == GameResult.PENDING
    assert db.session.query(AuditEntry).filter_by(action="result").count() == 0


def test_unpublished_round_is_hidden_from_the_public(client, db, make_user, make_event, make_player):  # type: ignore[no-untyped-def]
    event, rnd = _running_event(db, make_event, make_player, (), status=RoundStatus.PAIRED)
    assert client.get(f"/eventos/{event.id}/rodadas/1").status_code == 404


def test_correction_after_the_deadline_is_refused_on_the_results_form(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    from datetime import datetime, timedelta, timezone

    arbiter = make_user(Role.ARBITER)
    event, rnd = _running_event(db, make_event, make_player, (arbiter,))
    game = rnd.games[0]
    login_as(arbiter)
    url = f"/eventos/{event.id}/rodadas/1/resultados"
    client.post(url, data={f"result-{game.id}": "1-0", f"version-{game.id}": game.version})
    db.session.expire_all()
    rnd = db.session.get(Round, rnd.id)
    rnd.published_at = datetime.now(timezone.utc) - timedelta(hours=25)  # default deadline: 24 h
    db.session.commit()
    version = db.session.get(Game, game.id).version
    page = client.post(url, data={f"result-{game.id}": "0-1", f"version-{game.id}": version}, follow_redirects=True)
    assert "O prazo de correção desta rodada terminou" in page.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Game, game.id).result == GameResult.WHITE_WIN
