"""Issue 25 point 6: sign-up does not reveal accounts. Every field is validated first; then an
e-mail (or a federation number) that already has an account gets the very answer a new
account gets: the same redirect and the same neutral message, nobody logged in."""
from __future__ import annotations

import re
from typing import Any

from damas.models import Role, User

SIGN_UP = "/conta/cadastro"


def _member(client: Any, **data: str) -> Any:
    base = {"kind": "member", "name": "Novo Jogador", "email": "novo@x.br", "password": "segredo123",
            "confirm": "segredo123", "federation_id": "CE-50"}
    return client.post(SIGN_UP, data={**base, **data})



def _seen(client: Any, response: Any) -> tuple[int, str, list[str], bool]:
    """What the visitor sees: status, where he is sent, the messages there, logged in or not."""
    page = client.get(response.headers["Location"]).get_data(as_text=True) if response.status_code == 302 else \
        response.get_data(as_text=True)


    flashes = re.findall(r'class="flash flash-\w+"[^>]*>([^<]*)<', page)
    with client.session_transaction() as session:
        logged_in = "_user_id" in session
    return response.status_code, response.headers.get("Location", ""), flashes, logged_in


def test_an_email_in_use_is_not_told_before_the_other_fields(client, db, make_player, make_user):  # type: ignore[no-untyped-def]
    make_user(Role.PLAYER, email="dono@x.br", player_id=make_player(federation_id="CE-9").id)
    free = _member(client, email="livre@x.br", federation_id="").get_data(as_text=True)
    taken = _member(client, email="dono@x.br", federation_id="").get_data(as_text=True)
    assert "Informe o seu número de cadastro" in free and "Informe o seu número de cadastro" in taken
    assert "Não foi possível criar a conta" not in taken


def test_in_use_and_new_accounts_get_the_same_answer(app, db, make_player, make_user):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-50")
    make_user(Role.PLAYER, email="dono@x.br", player_id=make_player(federation_id="CE-9").id)
    users = db.session.query(User).count()
    answers = []
    for data in ({"email": "dono@x.br"}, {"email": "livre@x.br"}, {"email": "outro@x.br", "federation_id": "CE-9"}):
        client = app.test_client()
        answers.append(_seen(client, _member(client, **data)))
    guest = app.test_client()
    answers.append(_seen(guest, guest.post(SIGN_UP, data={"kind": "guest", "name": "Convidado", "email": "dono@x.br",
                                                          "password": "segredo123", "confirm": "segredo123",
                                                          "sex": "M"})))
    assert answers[0] == answers[1] == answers[2] == answers[3]
    status, location, flashes, logged_in = answers[0]
    assert status == 302 and location.endswith("/conta/entrar") and len(flashes) == 1 and not logged_in
    assert db.session.query(User).count() == users + 1  # only livre@x.br
    login = app.test_client().post("/conta/entrar", data={"email": "livre@x.br", "password": "segredo123"})
    assert login.status_code == 302
