"""Completing an adjourned game (issue 24 point 7; C.04.2 #1): the real result entered on the
desk is announced and audited as the game's result, not as a correction under C.04.2 #8 (which,
after the end of the next round, would even keep it for the rating report only)."""
from __future__ import annotations

from sqlalchemy import select

from damas.models import AuditEntry, GameResult, Role
from tests.web.desk.test_adjourned_games import _enter, _swiss
from tests.web.desk.test_desk import board


def test_c04_2_1_completing_an_adjourned_game_is_its_result_not_a_correction(client, db, make_user, make_event,
                                                                            make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, _entries = _swiss(db, make_event, make_player, arbiter)
    login_as(arbiter)
    _enter(client, db, event, 1, {1: "adj", 2: "1-0"})
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    client.post(f"/eventos/{event.id}/rodadas/2/publicar")
    _enter(client, db, event, 2, {1: "1-0", 2: "0-1"})  # round 2 over: a correction would be "rating only"
    page = client.post(f"/eventos/{event.id}/mesa/correcoes",
                       data={"round_number": "1", "board": "1", "result": "1-0", "reason": "partida concluída"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Resultado da partida adiada gravado" in page
    assert "C.04.2 #8" not in page.split("<main", 1)[1].split("<h2", 1)[0]  # no correction notice
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN and board(db, event, 1, 1).rating_result is None
    actions = set(db.session.scalars(select(AuditEntry.action).where(AuditEntry.object_type == "game")))
    assert "adjourned_result" in actions and not {"correction", "rating_correction"} & actions
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    assert {r["start_no"]: r["pending"] for r in api["rows"]}[1] == []
