"""C.04.2 #7-8 (the seeds): when a wrong result is reported decides what the correction
changes; C.04.2 #10: a published pairing changes only to undo a rematch (C.04.1 b)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from damas.models import AuditEntry, EventStatus, Game, GameResult, Role, Round, RoundStatus
from damas.models.desk import DeskSettings
from tests.web.desk.test_desk import board, running_event, set_result, standings_points
from tests.web.desk.test_desk_corrections import _correct


def _swiss(db, make_event, make_player, arbiter, rounds=1):  # type: ignore[no-untyped-def]
    return running_event(db, make_event, make_player, (arbiter,), rounds=rounds, pairing_system="dutch",
                         planned_rounds=4)


def test_c04_2_8_correction_before_the_next_pairing_enters_the_table_and_the_next_pairing(  # type: ignore[no-untyped-def]
        client, db, make_user, make_event, make_player, login_as):
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss(db, make_event, make_player, arbiter)
    set_result(db, event, 1, 1, GameResult.DRAW)
    set_result(db, event, 1, 2, GameResult.DRAW)
    login_as(arbiter)
    desk = client.get(f"/eventos/{event.id}/mesa/correcoes").get_data(as_text=True)
    assert "dentro do prazo: entra na classificação e vale para o próximo emparceiramento" in desk
    assert "Resultado corrigido." in _correct(client, event, 1, 1, "1-0")
    assert standings_points(db, event)[a.player.full_name] == "2"
    assert db.session.query(AuditEntry).filter_by(action="correction").one().after["case"] == "next_pairing"


def test_c04_2_8_correction_after_the_next_pairing_counts_from_the_pairing_after(  # type: ignore[no-untyped-def]
        client, db, make_user, make_event, make_player, login_as):
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss(db, make_event, make_player, arbiter, rounds=2)
    for number in (1, 2):
        for board_no in (1, 2):
            if number == 1:
                set_result(db, event, number, board_no, GameResult.DRAW)
    set_result(db, event, 2, 1, GameResult.DRAW)  # round 2 not over: board 2 pending
    rnd1 = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    rnd1.published_at = datetime.now(timezone.utc) - timedelta(hours=30)  # the deadline has passed too
    db.session.commit()
    login_as(arbiter)
    desk = client.get(f"/eventos/{event.id}/mesa/correcoes").get_data(as_text=True)
    assert "depois do emparceiramento seguinte" in desk
    page = _correct(client, event, 1, 1, "1-0")
    assert "Resultado corrigido." in page and "os emparceiramentos publicados não mudam" in page
    assert standings_points(db, event)[a.player.full_name] == "2"  # the corrected win (round 2 still on)
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN
    assert db.session.query(AuditEntry).filter_by(action="correction").one().after["case"] == "pairing_after"


def test_c04_2_8_correction_after_the_end_of_the_next_round_goes_only_to_the_rating_report(  # type: ignore[no-untyped-def]
        client, db, make_user, make_event, make_player, login_as):
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss(db, make_event, make_player, arbiter, rounds=2)
    for number in (1, 2):
        for board_no in (1, 2):
            set_result(db, event, number, board_no, GameResult.DRAW)
    login_as(arbiter)
    before = standings_points(db, event)
    desk = client.get(f"/eventos/{event.id}/mesa/correcoes").get_data(as_text=True)
    assert "a correção vai só para o relatório de rating" in desk
    page = _correct(client, event, 1, 1, "1-0")
    assert "Correção registrada só para o relatório de rating (C.04.2 #8)" in page
    game = board(db, event, 1, 1)
    assert game.result == GameResult.DRAW and game.rating_result == "1-0"
    assert standings_points(db, event) == before  # standings (and so pairings) keep the reported result
    audit = db.session.query(AuditEntry).filter_by(action="rating_correction").one()
    assert audit.after["case"] == "rating_only" and audit.after["rating_result"] == "1-0"
    csv = client.get(f"/eventos/{event.id}/relatorios/rating.csv").get_data(as_text=True)
    line = next(x for x in csv.splitlines() if x.split(",")[4:6] == ["1", "1"])
    assert line.split(",")[12] == "1-0"
    # the plain results form cannot change it either
    page = client.post(f"/eventos/{event.id}/rodadas/1/resultados", data={
        f"result-{game.id}": "0-1", f"version-{game.id}": str(game.version)}, follow_redirects=True).get_data(as_text=True)
    assert "relatório de rating" in page
    assert board(db, event, 1, 1).result == GameResult.DRAW


def test_c04_2_7_late_report_before_the_next_pairing_is_refused_with_what_to_do(  # type: ignore[no-untyped-def]
        client, db, make_user, make_event, make_player, login_as):
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss(db, make_event, make_player, arbiter)
    set_result(db, event, 1, 1, GameResult.DRAW)
    set_result(db, event, 1, 2, GameResult.DRAW)
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    rnd.published_at = datetime.now(timezone.utc) - timedelta(hours=30)
    db.session.commit()
    login_as(arbiter)
    page = _correct(client, event, 1, 1, "1-0")
    assert "prazo encerrado: emparceire a rodada seguinte com o resultado informado" in page
    assert board(db, event, 1, 1).result == GameResult.DRAW
    db.session.add(DeskSettings(event_id=event.id, correction_mode="event_end"))
    db.session.commit()
    assert "Resultado corrigido." in _correct(client, event, 1, 1, "1-0")


def test_c04_2_10_published_pairing_changes_only_to_undo_a_rematch(  # type: ignore[no-untyped-def]
        client, db, make_user, make_event, make_player, login_as):
    arbiter = make_user(Role.ARBITER)
    players = tuple(make_player(rating_regular=2000 - 10 * i) for i in range(6))
    event = make_event(arbiters=(arbiter,), players=players, status=EventStatus.RUNNING, pairing_system="dutch",
                       planned_rounds=3)
    login_as(arbiter)
    base = f"/eventos/{event.id}/rodadas"
    client.post(f"{base}/emparceirar")
    client.post(f"{base}/1/publicar")
    page = client.post(f"{base}/1/apagar", data={"reason": "jogador ausente emparceirado por engano"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Um emparceiramento publicado só muda para desfazer um reencontro (C.04.2 #10, C.04.1 b)" in page
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 1
    assert not db.session.query(AuditEntry).filter_by(action="unpair").count()
