"""Result entry that survives the hall's network, server side: the queue's endpoint takes one
entry {game, result, version} the browser kept offline and answers ok, conflict (the board's
current value and version, nothing overwritten) or refused (with the reason); never a 500, and
only a saved result writes an audit entry (the form's own "result")."""
from __future__ import annotations

import re
from typing import Any

import pytest

from damas.models import AuditEntry, EventStatus, Game, GameResult, Role, Round, RoundStatus
from damas.services.results.recording import record_results
from tests.conftest import login


@pytest.fixture
def hall(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    """A running event, its round 1 published (2 boards) and round 2 paired (1 board), its
    arbiter; a second running event with a published round of its own arbiter."""
    arbiter, other_arbiter, staff = make_user(Role.ARBITER), make_user(Role.ARBITER), make_user(Role.STAFF)
    event = make_event(arbiters=(arbiter,), players=tuple(make_player() for _ in range(4)),
                       status=EventStatus.RUNNING)
    other = make_event(arbiters=(other_arbiter,), players=tuple(make_player() for _ in range(2)),
                       status=EventStatus.RUNNING)
    a, b, c, d = event.entries
    first = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    first.games = [Game(board=1, white_entry_id=a.id, black_entry_id=b.id),
                   Game(board=2, white_entry_id=c.id, black_entry_id=d.id)]
    second = Round(event_id=event.id, number=2, status=RoundStatus.PAIRED)
    second.games = [Game(board=1, white_entry_id=b.id, black_entry_id=a.id)]
    x, y = other.entries
    foreign = Round(event_id=other.id, number=1, status=RoundStatus.PUBLISHED)
    foreign.games = [Game(board=1, white_entry_id=x.id, black_entry_id=y.id)]
    db.session.add_all([first, second, foreign])
    db.session.commit()
    return {"event": event, "other": other, "arbiter": arbiter, "other_arbiter": other_arbiter, "staff": staff,
            "boards": first.games, "paired": second.games[0], "foreign": foreign.games[0]}


def _send(client: Any, event_id: int, payload: Any, number: int = 1, **headers: str) -> Any:
    return client.post(f"/eventos/{event_id}/rodadas/{number}/resultados/fila", json=payload, headers=headers)


def _results(db: Any) -> list[AuditEntry]:
    db.session.expire_all()
    return db.session.query(AuditEntry).filter_by(action="result").all()


def test_a_queued_result_is_saved_and_audited_like_the_form(client, db, hall):  # type: ignore[no-untyped-def]
    login(client, hall["arbiter"])
    board = hall["boards"][0]
    response = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": board.version})
    assert response.status_code == 200
    assert response.json["status"] == "ok"
    assert response.json["result"] == "1-0" and response.json["version"] == 2 and response.json["board"] == 1
    db.session.expire_all()
    assert db.session.get(Game, board.id).result == GameResult.WHITE_WIN
    [audit] = _results(db)
    assert (audit.object_type, audit.object_id, audit.user_id, audit.event_id) == (
        "game", board.id, hall["arbiter"].id, hall["event"].id)
    assert audit.after["result"] == "1-0" and audit.before["result"] == ""

    # the same entry again (the retry timer after a lost answer): ok, nothing written twice
    again = _send(client, hall["event"].id, {"game": str(board.id), "result": "1-0", "version": "1"})
    assert again.json["status"] == "ok" and again.json["version"] == 2
    assert len(_results(db)) == 1


def test_a_board_changed_meanwhile_is_a_conflict_and_nothing_is_overwritten(client, db, hall):  # type: ignore[no-untyped-def]
    board = hall["boards"][1]
    record_results(hall["staff"], hall["event"], {board.id: (GameResult.DRAW, 1)})  # the other arbiter, online
    login(client, hall["arbiter"])
    response = _send(client, hall["event"].id, {"game": board.id, "result": "0-1", "version": 1})
    assert response.status_code == 200
    body = response.json
    assert body["status"] == "conflict"
    assert (body["result"], body["version"], body["board"]) == ("=-=", 2, 2)
    assert body["label"]  # the value in the event's words, for the arbiter's choice
    db.session.expire_all()
    assert db.session.get(Game, board.id).result == GameResult.DRAW
    assert [a.user_id for a in _results(db)] == [hall["staff"].id]

    # the arbiter keeps his own, against the version he now saw: saved
    chosen = _send(client, hall["event"].id, {"game": board.id, "result": "0-1", "version": body["version"]})
    assert chosen.json["status"] == "ok" and chosen.json["result"] == "0-1"
    assert [a.user_id for a in _results(db)] == [hall["staff"].id, hall["arbiter"].id]


@pytest.mark.parametrize("payload,words", [
    ({"result": "1-0", "version": 1}, "inválida"),
    ({"game": "abc", "result": "1-0", "version": 1}, "inválida"),
    ({"game": 10**30, "result": "1-0", "version": 1}, "inválida"),
    ({"game": "BOARD", "result": "2-0", "version": 1}, "Resultado inválido na mesa 1"),
    ({"game": "BOARD", "result": ["1-0"], "version": 1}, "inválida"),
    ({"game": "BOARD", "result": "1-0", "version": "x"}, "inválida"),
    ({"game": "BOARD", "result": "1-0", "version": -3}, "inválida"),
    ({"game": "BOARD", "result": "bye", "version": 1}, "Resultado inválido"),
    ({"game": 987654, "result": "1-0", "version": 1}, "não é de uma mesa deste evento"),
    ([1, 2, 3], "inválida"),
    ("not json at all", "inválida"),
])
def test_bad_or_tampered_entries_are_refused_with_a_reason(client, db, hall, payload, words):  # type: ignore[no-untyped-def]
    login(client, hall["arbiter"])
    if isinstance(payload, dict) and payload.get("game") == "BOARD":
        payload = {**payload, "game": hall["boards"][0].id}
    response = _send(client, hall["event"].id, payload)
    assert response.status_code == 200
    assert response.json["status"] == "refused"
    assert words in response.json["message"]
    assert _results(db) == []
    db.session.expire_all()
    assert db.session.get(Game, hall["boards"][0].id).result == GameResult.PENDING


def test_a_board_of_another_event_or_round_is_refused(client, db, hall):  # type: ignore[no-untyped-def]
    login(client, hall["arbiter"])
    foreign = hall["foreign"]
    response = _send(client, hall["event"].id, {"game": foreign.id, "result": "1-0", "version": 1})
    assert response.json["status"] == "refused"
    assert "não é de uma mesa deste evento" in response.json["message"]
    assert response.json["result"] is None  # nothing of the other event is told
    board = hall["boards"][0]
    wrong_round = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": 1}, number=2)
    assert wrong_round.json["status"] == "refused"
    assert "rodada 1" in wrong_round.json["message"]
    assert _results(db) == []
    db.session.expire_all()
    assert db.session.get(Game, foreign.id).result == GameResult.PENDING


def test_the_arbiter_of_another_event_and_a_player_are_refused(client, db, hall, make_user):  # type: ignore[no-untyped-def]
    board = hall["boards"][0]
    for user in (hall["other_arbiter"], make_user(Role.PLAYER)):
        login(client, user)
        response = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": 1})
        assert response.status_code == 403
        assert response.json["status"] == "refused"
        assert "árbitros deste evento" in response.json["message"]
    # the other event's arbiter posting his own event's address with this event's board
    response = _send(client, hall["other"].id, {"game": board.id, "result": "1-0", "version": 1})
    assert response.status_code == 403
    client.post("/conta/sair")
    anonymous = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": 1})
    assert anonymous.status_code == 302 and "/conta/entrar" in anonymous.headers["Location"]
    assert _results(db) == []


def test_a_round_not_published_or_an_event_not_running_is_refused(client, db, hall):  # type: ignore[no-untyped-def]
    login(client, hall["arbiter"])
    paired = hall["paired"]
    response = _send(client, hall["event"].id, {"game": paired.id, "result": "1-0", "version": 1}, number=2)
    assert response.json["status"] == "refused"
    assert "Publique a rodada" in response.json["message"]
    hall["event"].status = EventStatus.FINISHED
    db.session.commit()
    board = hall["boards"][0]
    closed = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": 1})
    assert closed.json["status"] == "refused"
    assert "não está em andamento" in closed.json["message"]
    assert _results(db) == []


@pytest.mark.csrf
def test_the_endpoint_wants_the_pages_csrf_token(client, db, hall):  # type: ignore[no-untyped-def]
    page = client.get("/conta/entrar")
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', page.get_data(as_text=True)).group(1)
    client.post("/conta/entrar", data={"email": hall["arbiter"].email, "password": "secret123", "csrf_token": token})
    html = client.get(f"/eventos/{hall['event'].id}/rodadas/1").get_data(as_text=True)
    assert "data-offline-queue" in html
    token = re.search(r'name="csrf_token"[^>]*value="([^"]+)"', html).group(1)
    board = hall["boards"][0]
    refused = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": 1})
    assert refused.status_code == 400
    assert _results(db) == []
    saved = _send(client, hall["event"].id, {"game": board.id, "result": "1-0", "version": 1}, **{"X-CSRFToken": token})
    assert saved.status_code == 200 and saved.json["status"] == "ok"
    assert len(_results(db)) == 1
