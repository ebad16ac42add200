"""The address proved by a mailed link: sign-up sends it, Minha área asks for it until it is
clicked (and sends it again), staff see who proved theirs, staff-made accounts get a welcome with
it, and a sign-up with an address that has an account answers as always while its owner is told."""
from __future__ import annotations

import re
from datetime import timezone
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Role, User
from damas.services.accounts import account_mail
from damas.services.mail.recipients import receives_notifications
from tests.conftest import login
from tests.smtp_server import SmtpServer, smtp_server  # noqa: F401 (the fixture)
from tests.web.mail.mail_helpers import account, app_with, body, link_in, outbox, running

SIGN_UP = "/conta/cadastro"
VERIFY = "/conta/email/confirmar/"


def _guest(client: Any, **data: str) -> Any:
    base = {"kind": "guest", "name": "Bia Lima", "email": "bia@example.org", "password": "segredo123",
            "confirm": "segredo123", "sex": "F"}
    return client.post(SIGN_UP, data={**base, **data})


def _member(client: Any, **data: str) -> Any:
    base = {"kind": "member", "name": "Caio Melo", "email": "caio@example.org", "password": "segredo123",
            "confirm": "segredo123", "federation_id": "CE-77"}
    return client.post(SIGN_UP, data={**base, **data})


def _answer(client: Any, response: Any) -> str:
    """The page the applicant ends on, CSRF tokens blanked."""
    assert response.status_code == 302
    page = client.get(response.headers["Location"]).get_data(as_text=True)
    return re.sub(r'name="csrf_token"[^>]*value="[^"]*"', "", page)


def test_sign_up_and_confirm_end_to_end_through_a_real_smtp_server(smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    app = app_with(**smtp_server.config())
    for _ in running(app):
        client = app.test_client()
        assert "Pedido de conta recebido" in _answer(client, _guest(client))
        (message,) = smtp_server.wait_for(1)
        assert message["To"] == "bia@example.org" and message["Subject"] == "Confirme o seu e-mail"
        link = link_in(body(message), VERIFY)
        user = db.session.scalar(select(User).where(User.email == "bia@example.org"))
        assert user.email_verified_at is None and not receives_notifications(user)
        client.post("/conta/entrar", data={"email": "bia@example.org", "password": "segredo123"})
        area = client.get("/conta/minha-area").get_data(as_text=True)
        assert "Confirme o seu e-mail" in area and "/conta/email/reenviar" in area
        done = client.get(link, follow_redirects=True)
        page = done.get_data(as_text=True)
        assert done.request.path == "/conta/minha-area" and "E-mail confirmado" in page
        assert "/conta/email/reenviar" not in page
        db.session.expire_all()
        user = db.session.get(User, user.id)
        assert user.email_verified_at is not None and receives_notifications(user)
        # idempotent: a second click changes nothing and says the same
        again = client.get(link, follow_redirects=True)
        assert "E-mail confirmado" in again.get_data(as_text=True)
        audits = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "verify_email")).all()
        assert len(audits) == 1 and audits[0].user_id == user.id


def test_an_address_with_an_account_gets_the_same_answer_and_its_owner_a_mail(smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    app = app_with(**smtp_server.config())
    for _ in running(app):
        owner = account(email="dono@example.org", name="Dono Antigo", locale="en")
        client = app.test_client()
        fresh = _answer(client, _guest(client, email="nova@example.org"))
        taken = _answer(client, _guest(client, email="DONO@example.org"))
        member_taken = _answer(client, _member(client, email="dono@example.org"))
        assert fresh == taken == member_taken
        messages = smtp_server.wait_for(3)
        assert [m["To"] for m in messages] == ["nova@example.org", "dono@example.org", "dono@example.org"]
        warning = messages[1]
        assert warning["Subject"] == "Someone tried to create an account with your e-mail"
        text = body(warning)
        assert text.startswith("Hello, Dono Antigo.")
        assert link_in(text, "/conta/entrar") and link_in(text, "/conta/senha/esqueci")
        assert db.session.scalar(select(User).where(User.email == "dono@example.org")).id == owner.id
        assert db.session.scalar(select(db.func.count()).select_from(User)) == 2


def test_the_sign_up_language_is_the_accounts_mail_language(client, app):  # type: ignore[no-untyped-def]
    client.get("/lang/en")
    _guest(client)
    (message,) = outbox(app)
    assert message.subject == "Confirm your e-mail" and body(message).startswith("Hello, Bia Lima.")
    assert db.session.scalar(select(User).where(User.email == "bia@example.org")).locale == "en"


def test_resend_from_my_area(client, app, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER)
    login(client, user)
    answer = client.post("/conta/email/reenviar", follow_redirects=True)
    assert "Enviamos um novo link de confirmação" in answer.get_data(as_text=True)
    (message,) = outbox(app)
    assert message.to == [user.email]
    client.get(link_in(body(message), VERIFY))
    second = client.post("/conta/email/reenviar", follow_redirects=True)
    assert "já está confirmado" in second.get_data(as_text=True) and len(outbox(app)) == 1


@pytest.mark.rate_limited
def test_resend_is_throttled(client, app, make_user):  # type: ignore[no-untyped-def]
    login(client, make_user(Role.PLAYER))
    codes = [client.post("/conta/email/reenviar").status_code for _ in range(4)]
    assert codes == [302, 302, 302, 429] and len(outbox(app)) == 3


def test_bad_confirmation_links(client, app, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER)
    token = account_mail.verify_token(user)
    for path, words in ((VERIFY + "garbage", "Este link não é válido"),
                        (VERIFY + token[:-2] + "zz", "Este link não é válido"),
                        (VERIFY + URLSafeTimedSerializer("other", salt=account_mail.VERIFY_SALT).dumps({"u": user.id}),
                         "Este link não é válido")):
        response = client.get(path)
        assert response.status_code == 200 and words in response.get_data(as_text=True)
    app.config["EMAIL_VERIFY_SECONDS"] = -1
    assert "expirou" in client.get(VERIFY + token).get_data(as_text=True)
    app.config["EMAIL_VERIFY_SECONDS"] = 3600
    user.email = "changed@example.org"  # the link proved the old address
    db.session.commit()
    assert "Este link não é válido" in client.get(VERIFY + token).get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(User, user.id).email_verified_at is None


def test_staff_see_the_status_and_staff_made_accounts_get_a_welcome(client, app, make_user, make_player):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    login(client, staff)
    player = make_player()
    response = client.post("/usuarios/novo", data={"email": "novo@example.org", "name": "Novo Jogador",
                                                    "role": "player", "player_id": player.id,
                                                    "password": "segredo123", "active": "y"})
    assert response.status_code == 302
    (welcome,) = outbox(app)
    assert welcome.to == ["novo@example.org"] and welcome.subject == "A sua conta no sistema da federação"
    listing = client.get("/usuarios/").get_data(as_text=True)
    assert "e-mail não confirmado" in listing
    client.get(link_in(body(welcome), VERIFY))
    user = db.session.scalar(select(User).where(User.email == "novo@example.org"))
    assert user.email_verified_at is not None
    listing = client.get("/usuarios/").get_data(as_text=True)
    # the page prints the federation's day (São Paulo), not UTC's: they differ from 21h to midnight
    shown = user.email_verified_at.replace(tzinfo=timezone.utc).astimezone(ZoneInfo(app.config["BABEL_DEFAULT_TIMEZONE"]))
    assert f"E-mail confirmado em {shown:%d/%m/%Y}" in listing
    assert "E-mail confirmado em" in client.get(f"/usuarios/{user.id}/editar").get_data(as_text=True)
    # a new address is unproved again
    client.post(f"/usuarios/{user.id}/editar", data={"email": "outro@example.org", "name": "Novo Jogador",
                                                     "role": "player", "player_id": player.id, "active": "y"})
    db.session.expire_all()
    assert db.session.get(User, user.id).email_verified_at is None


def test_receives_notifications_only_when_active_and_proved(db, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER)
    assert not receives_notifications(user) and not receives_notifications(None)
    user.email_verified_at = db.func.now()
    db.session.commit()
    db.session.refresh(user)
    assert receives_notifications(user)
    user.active = False
    assert not receives_notifications(user)
