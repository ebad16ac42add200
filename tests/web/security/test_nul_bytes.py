"""NUL characters in what a request sends are refused with a message (issue 14, point 8).

Before, PostgreSQL failed the query (500) and SQLite stored the character and wrote it into the
TRF export. Forms, the query string and JSON are checked centrally, on every database.
"""
from __future__ import annotations

import io
from typing import Any

import pytest

from damas.models import AuditEntry, Club, Event, Player, Role, User

MESSAGE = "caractere inválido (NUL"

PLAYER = {"full_name": "Maria das Dores", "sex": "F", "birth_date": "2010-05-04", "club_id": "", "state": "CE",
          "federation_id": "CE-77", "fide_id": "", "rating_regular": "1700", "rating_rapid": "", "email": ""}
EVENT = {"name": "Estadual", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
         "planned_rounds": "5", "time_minutes": "60", "time_increment": "0", "start_date": "2026-12-01",
         "end_date": "2026-12-03"}


def _counts(db: Any) -> tuple[int, ...]:
    db.session.expire_all()
    return tuple(db.session.query(model).count() for model in (Player, Club, Event, User, AuditEntry))


@pytest.mark.parametrize("url, data", [
    ("/jogadores/novo", {**PLAYER, "full_name": "Maria\x00das Dores"}),
    ("/jogadores/novo", {**PLAYER, "federation_id": "CE\x0077"}),
    ("/clubes/novo", {"name": "Clube\x00Central", "short_name": "", "city": "Fortaleza", "state": "CE"}),
    ("/eventos/novo", {**EVENT, "name": "Estadual\x00\r001 injetado"}),
    ("/eventos/novo", {**EVENT, "venue\x00": "Fortaleza"}),
], ids=["player-name", "player-federation-id", "club-name", "event-name", "field-name"])
def test_nul_in_a_form_is_refused_and_nothing_is_saved(client: Any, db: Any, make_user: Any, login_as: Any,
                                                       url: str, data: dict) -> None:
    login_as(make_user(Role.STAFF))
    before = _counts(db)
    response = client.post(url, data=data)
    assert response.status_code == 400
    page = response.get_data(as_text=True)
    assert MESSAGE in page and "Nada foi gravado" in page
    assert _counts(db) == before


def test_nul_in_sign_up_and_login_is_refused(client: Any, db: Any) -> None:
    before = _counts(db)
    response = client.post("/conta/cadastro", data={
        "kind": "guest", "name": "Ana\x00", "email": "ana@x.br", "password": "segredo123", "confirm": "segredo123"})
    assert response.status_code == 400 and MESSAGE in response.get_data(as_text=True)
    response = client.post("/conta/entrar", data={"email": "ana\x00@x.br", "password": "x"})
    assert response.status_code == 400 and "email" in response.get_data(as_text=True)
    assert _counts(db) == before


@pytest.mark.parametrize("url", ["/jogadores/?q=Maria%00", "/eventos/?q=%00", "/clubes/?x=1&nome%00=2",
                                 "/conta/entrar?next=/%00"])
def test_nul_in_the_query_string_is_refused(client: Any, make_player: Any, url: str) -> None:
    make_player(full_name="Maria das Dores")
    response = client.get(url)
    assert response.status_code == 400
    assert MESSAGE in response.get_data(as_text=True)


def test_nul_in_the_api_answers_json(client: Any) -> None:
    response = client.get("/api/v1/events?status=%00")
    assert response.status_code == 400
    assert MESSAGE in response.get_json()["error"]
    response = client.post("/api/v1/events", json={"name": ["ok", "a\x00b"]})
    assert response.status_code == 400 and "name[1]" in response.get_json()["error"]


def test_nul_in_an_uploaded_file_name_is_refused(client: Any, make_user: Any, login_as: Any) -> None:
    login_as(make_user(Role.STAFF))
    response = client.post("/aberturas/carregar", data={"file": (io.BytesIO(b"A1,11-15 22-18\n"), "lista\x00.csv")},
                           content_type="multipart/form-data")
    assert response.status_code == 400 and MESSAGE in response.get_data(as_text=True)


def test_english_message(client: Any) -> None:
    response = client.get("/jogadores/?q=%00&lang=en")
    assert "invalid character (NUL" in response.get_data(as_text=True)


def test_text_without_nul_still_saves(client: Any, db: Any, make_user: Any, login_as: Any) -> None:
    login_as(make_user(Role.STAFF))
    assert client.post("/jogadores/novo", data=PLAYER).status_code == 302
    assert db.session.query(Player).filter_by(full_name="Maria das Dores").count() == 1
