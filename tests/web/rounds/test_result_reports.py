"""Players report their own results (issue 30 point 1): agreement enters the result, a conflict or
a one-sided report waits for the arbiter's one click, the arbiter's entry always wins; only the
board's players, off by default, throttled, CSRF-protected."""
from __future__ import annotations

import pytest

from damas.models import AuditEntry, EventStatus, Game, GameResult, ResultReport, Role, Round, RoundStatus
from tests.conftest import login


def _event(db, make_event, make_player, make_user, reports=True, status=RoundStatus.PUBLISHED):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player(rating_regular=2000 - i) for i in range(4)]
    event = make_event(arbiters=(arbiter,), players=tuple(players), status=EventStatus.RUNNING,
                       player_reports=reports)
    a, b, c, d = event.entries
    rnd = Round(event_id=event.id, number=1, status=status)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.commit()
    users = [make_user(Role.PLAYER, player_id=p.id, name=f"Jogador conta {i}") for i, p in enumerate(players)]
    return event, rnd, arbiter, users  # users[0] white and users[2] black on board 1


def _report(client, event, game, result, back="round"):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event.id}/rodadas/1/informar",
                       data={"game_id": game.id, "result": result, "back": back, "confirmed": "1"},
                       follow_redirects=True)


def _game(db, game_id):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return db.session.get(Game, game_id)


def test_both_players_reporting_the_same_result_enter_it_with_who_reported(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    white, black = app.test_client(), app.test_client()
    login(white, users[0])
    login(black, users[2])
    page = _report(white, event, game, "1-0").get_data(as_text=True)
    assert "Aguarda o do adversário" in page
    assert _game(db, game.id).result == GameResult.PENDING
    page = _report(black, event, game, "1-0").get_data(as_text=True)
    assert "resultado lançado" in page
    assert _game(db, game.id).result == GameResult.WHITE_WIN
    assert db.session.query(ResultReport).count() == 0
    entered = db.session.query(AuditEntry).filter_by(action="result").one()
    assert entered.user_id == users[2].id and entered.after["result"] == "1-0"
    assert entered.after["reported_by"] == "Jogador conta 0, Jogador conta 2"
    assert db.session.query(AuditEntry).filter_by(action="report_result").count() == 2
    # the public round page shows the result like any other
    assert "2 – 0" in app.test_client().get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)


def test_a_conflict_waits_marked_for_the_arbiters_one_click(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    white, black, desk = app.test_client(), app.test_client(), app.test_client()
    login(white, users[0])
    login(black, users[2])
    login(desk, arbiter)
    _report(white, event, game, "1-0")
    page = _report(black, event, game, "=-=").get_data(as_text=True)
    assert "informou outro resultado" in page
    assert _game(db, game.id).result == GameResult.PENDING
    own = white.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "Você informou: Vitória das brancas" in own and "o árbitro vai decidir" in own
    arbiter_page = desk.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "1 mesa com resultado informado pelos jogadores aguarda o árbitro" in arbiter_page
    assert 'class="reported"' in arbiter_page and "Conflito" in arbiter_page
    version = _game(db, game.id).version
    assert f'value="{game.id}:=-=:{version}"' in arbiter_page and f'value="{game.id}:1-0:{version}"' in arbiter_page
    listing = desk.get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    assert "1 informado pelos jogadores aguarda" in listing
    assert "informado pelos jogadores" not in app.test_client().get(f"/eventos/{event.id}/rodadas").get_data(as_text=True)
    done = desk.post(f"/eventos/{event.id}/rodadas/1/confirmar-informado",
                     data={"confirm": f"{game.id}:=-=:{version}"}, follow_redirects=True).get_data(as_text=True)
    assert "Resultado da mesa 1 confirmado." in done
    assert _game(db, game.id).result == GameResult.DRAW
    assert db.session.query(ResultReport).count() == 0
    assert db.session.query(AuditEntry).filter_by(action="result").one().user_id == arbiter.id
    assert "report-note conflict" not in desk.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)


def test_a_one_sided_report_waits_and_the_arbiter_confirms_only_what_was_reported(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[1]  # users[3] white, users[1] black
    player, desk = app.test_client(), app.test_client()
    login(player, users[1])
    login(desk, arbiter)
    _report(player, event, game, "0-1")
    page = desk.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "Informado:" in page and "pretas 0 – 2" in page
    version = _game(db, game.id).version
    refused = desk.post(f"/eventos/{event.id}/rodadas/1/confirmar-informado",
                        data={"confirm": f"{game.id}:1-0:{version}"}, follow_redirects=True).get_data(as_text=True)
    assert "Nenhum jogador informou este resultado na mesa 2." in refused
    assert _game(db, game.id).result == GameResult.PENDING
    bad = desk.post(f"/eventos/{event.id}/rodadas/1/confirmar-informado", data={"confirm": "x:y"},
                    follow_redirects=True)
    assert bad.status_code == 200 and "Confirmação inválida." in bad.get_data(as_text=True)
    desk.post(f"/eventos/{event.id}/rodadas/1/confirmar-informado", data={"confirm": f"{game.id}:0-1:{version}"})
    assert _game(db, game.id).result == GameResult.BLACK_WIN
    again = desk.post(f"/eventos/{event.id}/rodadas/1/confirmar-informado", data={"confirm": f"{game.id}:0-1:{version}"},
                      follow_redirects=True).get_data(as_text=True)  # a second click, or a second arbiter
    assert "A mesa 2 já tem resultado" in again
    assert db.session.query(AuditEntry).filter_by(action="result").count() == 1


def test_the_arbiters_entry_always_wins(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    white, black, desk = app.test_client(), app.test_client(), app.test_client()
    login(white, users[0])
    login(black, users[2])
    login(desk, arbiter)
    _report(white, event, game, "1-0")
    desk.post(f"/eventos/{event.id}/rodadas/1/resultados",
              data={f"result-{game.id}": "0-1", f"version-{game.id}": game.version})
    assert _game(db, game.id).result == GameResult.BLACK_WIN
    assert db.session.query(ResultReport).count() == 0  # the arbiter's entry drops the reports
    page = _report(black, event, game, "1-0").get_data(as_text=True)
    assert "já foi lançado" in page
    assert _game(db, game.id).result == GameResult.BLACK_WIN
    assert db.session.query(ResultReport).count() == 0
    # the report box is gone from the player's page once the board has its result
    assert "Seu resultado" not in white.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)


def test_only_the_boards_own_players_report(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, arbiter, users = _event(db, make_event, make_player, make_user)
    game = rnd.games[0]
    other = app.test_client()
    login(other, users[1])  # plays board 2
    page = _report(other, event, game, "1-0").get_data(as_text=True)
    assert "Só os jogadores da mesa informam o resultado dela." in page
    stranger = make_user(Role.PLAYER)  # no player linked
    login(other, stranger)
    assert "Só os jogadores da mesa" in _report(other, event, game, "1-0").get_data(as_text=True)
    login(other, arbiter)  # the arbiter enters results on his own form, not as a player
    assert "Só os jogadores da mesa" in _report(other, event, game, "1-0").get_data(as_text=True)
    visitor = app.test_client().post(f"/eventos/{event.id}/rodadas/1/informar",
                                     data={"game_id": game.id, "result": "1-0"})
    assert visitor.status_code == 302 and "/conta/entrar" in visitor.headers["Location"]
    assert db.session.query(ResultReport).count() == 0
    assert db.session.query(AuditEntry).filter_by(action="report_result").count() == 0


def test_reports_are_off_by_default_and_take_only_played_results(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user, reports=False)
    game = rnd.games[0]
    client = app.test_client()
    login(client, users[0])
    assert "Seu resultado" not in client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "não recebe resultados informados" in _report(client, event, game, "1-0").get_data(as_text=True)
    event.player_reports = True
    db.session.commit()
    for bad in ("+--", "---", "9-9", ""):
        page = _report(client, event, game, bad).get_data(as_text=True)
        assert "Informe vitória das brancas, empate ou vitória das pretas." in page
    assert client.post(f"/eventos/{event.id}/rodadas/1/informar", data={"game_id": "abc", "result": "1-0"},
                       follow_redirects=True).status_code == 200
    assert "Partida inexistente." in _report(client, event, type("G", (), {"id": 999999})(), "1-0").get_data(as_text=True)
    assert db.session.query(ResultReport).count() == 0


def test_the_report_box_is_on_minha_area(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    client = app.test_client()
    login(client, users[2])
    page = client.get("/conta/minha-area").get_data(as_text=True)
    assert "Seu resultado — rodada 1, mesa 1" in page and "Você joga de pretas" in page
    answer = _report(client, event, rnd.games[0], "=-=", back="area")
    assert answer.request.path == "/conta/minha-area"
    assert "Você informou: Empate" in answer.get_data(as_text=True)


@pytest.mark.rate_limited
def test_reports_are_rate_limited(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    client = app.test_client()
    login(client, users[0])
    codes = [client.post(f"/eventos/{event.id}/rodadas/1/informar",
                         data={"game_id": rnd.games[0].id, "result": "1-0"}).status_code for _ in range(11)]
    assert codes[:10] == [302] * 10 and codes[10] == 429


def test_a_report_without_the_csrf_token_is_refused(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    client = app.test_client()
    login(client, users[0])
    app.config["WTF_CSRF_ENABLED"] = True  # as in production (the test config turns it off)
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'name="csrf_token"' in page
    answer = client.post(f"/eventos/{event.id}/rodadas/1/informar", data={"game_id": rnd.games[0].id, "result": "1-0"})
    assert answer.status_code == 400
    assert db.session.query(ResultReport).count() == 0


@pytest.mark.once_per_suite
def test_the_demo_has_agreed_conflicting_and_one_sided_reports(app, client, db):  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli
    from damas.models import Event

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter(Event.name.like("Aberto de Xadrez de Fortaleza%")).one()
    assert event.player_reports
    agreed = db.session.query(AuditEntry).filter(AuditEntry.event_id == event.id, AuditEntry.action == "result",
                                                 AuditEntry.after["reported_by"].as_string() != "").all()
    assert [a.after["board"] for a in agreed if a.after.get("reported_by")] == [1]
    client.post("/conta/entrar", data={"email": "arbitro@demo.damas.br", "password": "demo12345"})
    page = client.get(f"/eventos/{event.id}/rodadas/4").get_data(as_text=True)
    assert "2 mesas com resultado informado pelos jogadores aguardam o árbitro" in page and "Conflito" in page
    client.post("/conta/sair")
    client.post("/conta/entrar", data={"email": "pretas3@demo.damas.br", "password": "demo12345"})
    area = client.get("/conta/minha-area").get_data(as_text=True)
    assert "Seu resultado — rodada 4, mesa 3" in area


def test_the_event_form_turns_reports_on_and_the_regulations_say_so(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    from datetime import date

    staff = make_user(Role.STAFF)
    event = make_event()
    assert event.player_reports is False
    login_as(staff)
    assert "Resultados informados pelos jogadores" not in client.get(
        f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    form = {"name": event.name, "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
            "planned_rounds": 5, "time_minutes": 45, "time_increment": 0, "start_date": date(2026, 12, 5).isoformat(),
            "end_date": date(2026, 12, 6).isoformat(), "player_reports": "y", "rating_list": "regular"}
    answer = client.post(f"/eventos/{event.id}/editar", data=form)
    assert answer.status_code == 302, answer.get_data(as_text=True)[:3000]
    db.session.expire_all()
    assert db.session.get(type(event), event.id).player_reports is True
    change = db.session.query(AuditEntry).filter_by(action="update", object_type="event").one()
    assert change.before["player_reports"] is False and change.after["player_reports"] is True
    assert "Resultados informados pelos jogadores" in client.get(
        f"/eventos/{event.id}/regulamento").get_data(as_text=True)


def test_a_report_names_the_round_of_its_game(app, db, make_event, make_player, make_user):  # type: ignore[no-untyped-def]
    """A report posted on round 1's address with a game of round 2 is refused and changes nothing."""
    event, rnd, _arbiter, users = _event(db, make_event, make_player, make_user)
    a, b, c, d = event.entries
    later = Round(event_id=event.id, number=2, status=RoundStatus.PUBLISHED)
    later.games = [Game(board=1, white_entry_id=c.id, black_entry_id=a.id),
                   Game(board=2, white_entry_id=b.id, black_entry_id=d.id)]
    db.session.add(later)
    db.session.commit()
    game = later.games[0]  # users[2] white, users[0] black
    client = app.test_client()
    login(client, users[0])
    page = client.post(f"/eventos/{event.id}/rodadas/1/informar", data={"game_id": game.id, "result": "0-1", "confirmed": "1"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Esta partida não é da rodada 1" in page
    assert db.session.query(ResultReport).count() == 0
    assert db.session.query(AuditEntry).filter_by(action="report_result").count() == 0
    assert _game(db, game.id).result == GameResult.PENDING
    client.post(f"/eventos/{event.id}/rodadas/1/informar", data={"game_id": rnd.games[0].id, "result": "0-1",
                                                                   "confirmed": "1"})
    client.post(f"/eventos/{event.id}/rodadas/2/informar", data={"game_id": game.id, "result": "0-1", "confirmed": "1"})
    assert db.session.query(ResultReport).count() == 2  # each on its own round's address
