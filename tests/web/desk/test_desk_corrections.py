"""Result corrections after publication (C.04.2 #8) and undoing a rematch (C.04.2 #10)."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone

from damas.models import AuditEntry, Game, GameResult, Role, Round, RoundStatus
from damas.models.desk import DeskSettings
from tests.web.desk.test_desk import board, running_event, set_result, standings_points


def _correct(client, event, number, board_no, result, reason="súmula conferida"):  # type: ignore[no-untyped-def]
    return client.post(f"/eventos/{event.id}/mesa/correcoes", data={
        "round_number": number, "board": board_no, "result": result, "reason": reason}, follow_redirects=True
    ).get_data(as_text=True)


def test_correction_within_the_deadline_is_audited_and_moves_the_standings(client, db, make_user, make_event,
                                                                           make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    set_result(db, event, 1, 1, GameResult.DRAW)
    set_result(db, event, 1, 2, GameResult.DRAW)
    login_as(arbiter)
    assert standings_points(db, event)[a.player.full_name] == "1"
    assert "informe o motivo" in _correct(client, event, 1, 1, "1-0", reason="")
    assert board(db, event, 1, 1).result == GameResult.DRAW
    page = _correct(client, event, 1, 1, "1-0")
    assert "Resultado corrigido." in page
    assert standings_points(db, event)[a.player.full_name] == "2"
    audit = db.session.query(AuditEntry).filter_by(action="correction").one()
    assert audit.before["result"] == "=-=" and audit.after["result"] == "1-0"
    assert audit.after["reason"] == "súmula conferida"


def test_correction_refused_after_the_deadline(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    rnd.published_at = datetime.now(timezone.utc) - timedelta(hours=30)
    db.session.commit()
    set_result(db, event, 1, 1, GameResult.DRAW)
    login_as(arbiter)
    assert "O prazo de correção desta rodada terminou" in _correct(client, event, 1, 1, "1-0")
    assert board(db, event, 1, 1).result == GameResult.DRAW
    db.session.add(DeskSettings(event_id=event.id, correction_mode="event_end"))
    db.session.commit()
    assert "Resultado corrigido." in _correct(client, event, 1, 1, "1-0")


def test_until_next_pairing_mode_and_later_rounds_note(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,), rounds=2)
    set_result(db, event, 1, 1, GameResult.DRAW)
    login_as(arbiter)
    page = _correct(client, event, 1, 1, "0-1")
    assert "os emparceiramentos publicados não mudam" in page
    db.session.add(DeskSettings(event_id=event.id, correction_mode="next_pairing"))
    db.session.commit()
    assert "O prazo de correção desta rodada terminou" in _correct(client, event, 1, 1, "1-0")


def test_pending_board_and_same_result_are_refused(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    assert "ainda não tem resultado" in _correct(client, event, 1, 1, "1-0")
    set_result(db, event, 1, 1, GameResult.DRAW)
    assert "é o mesmo de agora" in _correct(client, event, 1, 1, "=-=")
    assert db.session.query(AuditEntry).count() == 0


def _swiss_with_rematch(db, make_event, make_player, arbiter):  # type: ignore[no-untyped-def]
    """Round 1: 1-2 and 3-4 both forfeits; round 2 (published) pairs 1-2 and 3-4 again (allowed:
    unplayed games, C.04.2 #6)."""
    event, entries = running_event(db, make_event, make_player, (arbiter,), pairing_system="sb-swiss",
                                   planned_rounds=3)
    a, b, c, d = entries
    set_result(db, event, 1, 1, GameResult.WHITE_FORFEIT_WIN)
    set_result(db, event, 1, 2, GameResult.WHITE_FORFEIT_WIN)
    rnd = Round(event_id=event.id, number=2, status=RoundStatus.PUBLISHED, published_at=datetime.now(timezone.utc))
    rnd.games = [Game(board=1, white_entry_id=b.id, black_entry_id=a.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=c.id)]
    db.session.add(rnd)
    db.session.commit()
    return event, entries


def test_correction_that_creates_a_rematch_and_undoing_it(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss_with_rematch(db, make_event, make_player, arbiter)
    login_as(arbiter)
    undo = f"/eventos/{event.id}/mesa/desfazer-reencontro"
    refused = client.post(undo, data={"round_number": 2}, follow_redirects=True).get_data(as_text=True)
    assert "não tem reencontro" in refused
    page = _correct(client, event, 1, 1, "1-0", reason="a partida foi jogada; W.O. lançado por engano")
    assert "Reencontro na rodada 2, mesa(s) 1" in page
    assert "Desfazer reencontro" in client.get(f"/eventos/{event.id}/mesa/correcoes").get_data(as_text=True)
    done = client.post(undo, data={"round_number": 2}, follow_redirects=True).get_data(as_text=True)
    assert "Reencontro desfeito: rodada 2 emparceirada de novo" in done
    db.session.expire_all()
    new = db.session.query(Round).filter_by(event_id=event.id, number=2).one()
    assert new.status == RoundStatus.PAIRED
    assert all({g.white_entry_id, g.black_entry_id} != {a.id, b.id} for g in new.games)
    actions = [x.action for x in db.session.query(AuditEntry).order_by(AuditEntry.id)]
    assert actions[-3:] == ["correction", "undo_rematch", "pair"]


def test_rematch_cannot_be_undone_once_results_are_in(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss_with_rematch(db, make_event, make_player, arbiter)
    set_result(db, event, 1, 1, GameResult.WHITE_WIN)
    set_result(db, event, 2, 2, GameResult.DRAW)
    login_as(arbiter)
    page = client.post(f"/eventos/{event.id}/mesa/desfazer-reencontro", data={"round_number": 2},
                       follow_redirects=True).get_data(as_text=True)
    assert "Já há resultados lançados nesta rodada" in page
    assert db.session.query(Round).filter_by(event_id=event.id).count() == 2
