"""A player's report of his board's result is sent only after he confirms it, and he may withdraw
it until the opponent reports after him or the board gets its result (the arbiter's entry or the
two players' agreement)."""
from __future__ import annotations

from damas.models import AuditEntry, Game, GameResult, ResultReport
from damas.presentation.audit_labels import ACTION_NAMES
from tests.conftest import login
from tests.web.rounds.test_result_reports import _event, _game, _report


def _withdraw(client, event, game, back="round"):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event.id}/rodadas/1/retirar-informado",
                       data={"game_id": game.id, "back": back}, follow_redirects=True)


def test_a_one_tap_report_is_not_sent_but_opens_the_confirmation_step(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]  # users[0] white, users[2] black
    client = app.test_client()
    login(client, users[0])
    box = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert f'action="/eventos/{event.id}/rodadas/1/informar/conferir"' in box  # the buttons open the step
    answer = client.post(f"/eventos/{event.id}/rodadas/1/informar",
                         data={"game_id": game.id, "result": "1-0", "back": "round"}, follow_redirects=True)
    assert db.session.query(ResultReport).count() == 0
    assert db.session.query(AuditEntry).filter_by(action="report_result").count() == 0
    page = answer.get_data(as_text=True)
    assert answer.request.path == f"/eventos/{event.id}/rodadas/1/informar/conferir"
    assert "Confirmar resultado — rodada 1, mesa 1" in page and "Vitória das brancas" in page
    assert "Você joga de brancas contra" in page and event.entries[2].player.full_name in page
    assert 'name="confirmed" value="1"' in page and "Enviar este resultado" in page
    sent = client.post(f"/eventos/{event.id}/rodadas/1/informar",
                       data={"game_id": game.id, "result": "1-0", "back": "round", "confirmed": "1"},
                       follow_redirects=True)
    assert "Aguarda o do adversário" in sent.get_data(as_text=True)
    assert db.session.query(ResultReport).count() == 1


def test_the_confirmation_step_is_only_for_the_boards_players(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    client = app.test_client()
    login(client, users[1])  # plays board 2, not board 1
    answer = client.get(f"/eventos/{event.id}/rodadas/1/informar/conferir",
                        query_string={"game_id": rnd.games[0].id, "result": "1-0"}, follow_redirects=True)
    assert "Esta mesa não recebe seu resultado agora." in answer.get_data(as_text=True)
    login(client, users[0])
    answer = client.get(f"/eventos/{event.id}/rodadas/1/informar/conferir",
                        query_string={"game_id": rnd.games[0].id, "result": "+--"}, follow_redirects=True)
    assert "Esta mesa não recebe seu resultado agora." in answer.get_data(as_text=True)


def test_the_reporting_player_withdraws_his_report_audit_logged(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    client, desk = app.test_client(), app.test_client()
    login(client, users[0])
    login(desk, arbiter)
    page = _report(client, event, game, "1-0").get_data(as_text=True)
    assert "Retirar relato" in page
    assert "Informado:" in desk.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    page = _withdraw(client, event, game).get_data(as_text=True)
    assert "Relato retirado" in page and "Retirar relato" not in page
    assert db.session.query(ResultReport).count() == 0
    assert _game(db, game.id).result == GameResult.PENDING
    entry = db.session.query(AuditEntry).filter_by(action="withdraw_report").one()
    assert entry.user_id == users[0].id and entry.before["result"] == "1-0" and entry.after["result"] == ""
    assert str(ACTION_NAMES["withdraw_report"]) == "Resultado informado retirado pelo jogador"
    # the arbiter's page no longer marks the board
    assert "Informado:" not in desk.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    # from Minha área too, back there
    _report(client, event, game, "=-=", back="area")
    answer = _withdraw(client, event, game, back="area")
    assert answer.request.path == "/conta/minha-area" and db.session.query(ResultReport).count() == 0


def test_a_report_cannot_be_withdrawn_once_the_opponent_reported_after_it(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    white, black = app.test_client(), app.test_client()
    login(white, users[0])
    login(black, users[2])
    _report(white, event, game, "1-0")
    _report(black, event, game, "=-=")  # a conflict: the opponent acted on it
    assert "Retirar relato" not in white.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    page = _withdraw(white, event, game).get_data(as_text=True)
    assert "não pode mais ser retirado" in page
    assert db.session.query(ResultReport).count() == 2
    # the later report's player may still take his back (nobody acted on it)
    assert "Retirar relato" in black.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    _withdraw(black, event, game)
    assert [r.side for r in db.session.query(ResultReport)] == ["w"]
    assert db.session.query(AuditEntry).filter_by(action="withdraw_report").count() == 1


def test_a_report_cannot_be_withdrawn_after_the_result_is_entered(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    white, desk = app.test_client(), app.test_client()
    login(white, users[0])
    login(desk, arbiter)
    _report(white, event, game, "1-0")
    desk.post(f"/eventos/{event.id}/rodadas/1/resultados",
              data={f"result-{game.id}": "1-0", f"version-{game.id}": game.version})
    page = _withdraw(white, event, game).get_data(as_text=True)
    assert "já foi lançado" in page
    assert db.session.get(Game, game.id).result == GameResult.WHITE_WIN
    assert db.session.query(AuditEntry).filter_by(action="withdraw_report").count() == 0


def test_only_the_reporting_player_withdraws(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    white, black, other = app.test_client(), app.test_client(), app.test_client()
    login(white, users[0])
    login(black, users[2])
    login(other, users[1])
    _report(white, event, game, "1-0")
    assert "Só os jogadores da mesa" in _withdraw(other, event, game).get_data(as_text=True)
    assert "Você não tem resultado informado nesta mesa." in _withdraw(black, event, game).get_data(as_text=True)
    assert db.session.query(ResultReport).count() == 1


def test_the_regulations_say_a_report_is_confirmed_and_can_be_withdrawn(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, _rnd, _arbiter, _users = _event(db, make_event, make_player, make_user)
    page = app.test_client().get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "O jogador confere o resultado antes de enviá-lo e pode retirá-lo" in page
