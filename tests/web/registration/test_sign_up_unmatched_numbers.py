"""A member's sign-up answers alike whether the federation number is unknown, free or already has
an account; the unmatched ones wait on a staff page, where staff dismiss them or link them to the
right player (audited)."""
from __future__ import annotations

import re
from typing import Any

from damas.models import AuditEntry, Role, User
from damas.models.registration import UnmatchedSignUp, UnmatchedStatus
from tests.conftest import login

SIGN_UP = "/conta/cadastro"
UNMATCHED = "/conta/pedidos-sem-cadastro"


def _member(client: Any, **data: str) -> Any:
    base = {"kind": "member", "name": "Nova Jogadora", "email": "nova@x.br", "password": "segredo123",
            "confirm": "segredo123", "federation_id": "CE-50"}
    return client.post(SIGN_UP, data={**base, **data})


def _seen(client: Any, response: Any) -> tuple[int, str, str]:
    """Status, where the applicant is sent, and the page he then sees (CSRF tokens blanked)."""
    page = client.get(response.headers["Location"]) if response.status_code == 302 else response
    html = re.sub(r'name="csrf_token"[^>]*value="[^"]*"', "", page.get_data(as_text=True))
    return response.status_code, response.headers.get("Location", ""), html


def test_unknown_and_known_numbers_get_identical_answers(app, db, make_player):  # type: ignore[no-untyped-def]
    make_player(federation_id="CE-50")
    known, unknown = app.test_client(), app.test_client()
    seen_known = _seen(known, _member(known, email="a@x.br", federation_id="CE-50"))
    seen_unknown = _seen(unknown, _member(unknown, email="b@x.br", federation_id="XX-404"))
    assert seen_known == seen_unknown
    assert seen_known[0] == 302 and "Nenhum jogador com este número" not in seen_unknown[2]


def test_the_neutral_answer_tells_every_applicant_what_happens_next(client, db):  # type: ignore[no-untyped-def]
    status, _location, page = _seen(client, _member(client, federation_id="XX-404"))
    assert status == 302 and "A federação confere" in page and "Esqueci minha senha" in page
    client.get("/lang/en")
    _status, _location, page = _seen(client, _member(client, email="c@x.br", federation_id="XX-405"))
    assert "The federation checks" in page


def test_staff_see_an_unknown_number_and_can_dismiss_it(app, client, db, make_user):  # type: ignore[no-untyped-def]
    _member(app.test_client(), name="Ana Desconhecida", email="ana@x.br", federation_id="XX-404")
    staff = make_user(Role.STAFF)
    login(client, staff)
    page = client.get(UNMATCHED).get_data(as_text=True)
    assert "Ana Desconhecida" in page and "ana@x.br" in page and "XX-404" in page
    assert "Nenhum jogador com este número" in page
    assert "/conta/pedidos-sem-cadastro" in client.get("/conta/pedidos").get_data(as_text=True)
    request_row = db.session.query(UnmatchedSignUp).one()
    done = client.post(UNMATCHED, data={"request_id": request_row.id, "action": "dismiss"}, follow_redirects=True)
    assert "Pedido descartado." in done.get_data(as_text=True) and "ana@x.br" not in done.get_data(as_text=True)
    db.session.refresh(request_row)
    assert request_row.status == UnmatchedStatus.DISMISSED and request_row.password_hash == ""
    assert db.session.query(AuditEntry).filter_by(object_type="unmatched_sign_up", action="dismiss").count() == 1


def test_staff_link_a_taken_number_request_to_the_right_player(app, client, db, make_player, make_user):  # type: ignore[no-untyped-def]
    taken = make_player(federation_id="CE-9")
    make_user(Role.PLAYER, email="dono@x.br", player_id=taken.id)
    right = make_player(federation_id="CE-10")
    _member(app.test_client(), email="bia@x.br", federation_id="CE-9")
    assert db.session.query(User).filter_by(email="bia@x.br").count() == 0
    login(client, make_user(Role.STAFF))
    assert "já tem uma conta" in client.get(UNMATCHED).get_data(as_text=True)
    request_row = db.session.query(UnmatchedSignUp).one()
    wrong = client.post(UNMATCHED, data={"request_id": request_row.id, "action": "link", "federation_id": "CE-9"},
                        follow_redirects=True)
    assert "Este jogador já tem uma conta." in wrong.get_data(as_text=True)
    assert db.session.query(User).filter_by(email="bia@x.br").count() == 0
    client.post(UNMATCHED, data={"request_id": request_row.id, "action": "link", "federation_id": "ce-10"})
    account = db.session.query(User).filter_by(email="bia@x.br").one()
    assert account.player_id == right.id and account.role == Role.PLAYER
    assert db.session.query(AuditEntry).filter_by(object_type="unmatched_sign_up", action="link").count() == 1
    applicant = app.test_client()
    assert applicant.post("/conta/entrar", data={"email": "bia@x.br", "password": "segredo123"}).status_code == 302


def test_players_and_visitors_cannot_see_unmatched_requests(app, client, db, make_user):  # type: ignore[no-untyped-def]
    assert app.test_client().get(UNMATCHED).status_code == 302
    login(client, make_user(Role.PLAYER))
    assert client.get(UNMATCHED).status_code == 403
    assert client.post(UNMATCHED, data={"request_id": 1, "action": "dismiss"}).status_code == 403
