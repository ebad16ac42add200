"""'Esqueci minha senha': one answer whatever the address, a mailed link that works once and for
an hour, a new password that ends every session, and a clear page for every bad link."""
from __future__ import annotations

from typing import Any, Iterator

import pytest
from flask import g
from itsdangerous import URLSafeTimedSerializer
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, User
from damas.services.accounts import account_mail
from tests.conftest import login
from tests.smtp_server import SmtpServer, smtp_server  # noqa: F401 (the fixture)
from tests.web.mail.mail_helpers import account, app_with, body, link_in, outbox, running

RESET = "/conta/senha/nova/"


@pytest.fixture
def mail_app() -> Iterator[Any]:
    app = app_with()

    @app.before_request
    def _fresh_g() -> None:  # one app context for the whole test: a fresh `g` per request
        for name in list(vars(g)):
            delattr(g, name)

    yield from running(app)


def _ask(client: Any, email: str) -> Any:
    return client.post("/conta/senha/esqueci", data={"email": email}, follow_redirects=True)


def _reset_link(app: Any) -> str:
    return link_in(body(outbox(app)[-1]), RESET)


def test_login_page_offers_it(mail_app):  # type: ignore[no-untyped-def]
    page = mail_app.test_client().get("/conta/entrar").get_data(as_text=True)
    assert "Esqueci minha senha" in page and "/conta/senha/esqueci" in page


def test_end_to_end_through_a_real_smtp_server(smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    app = app_with(**smtp_server.config())
    for _ in running(app):
        user = account()
        old_device = app.test_client()
        login(old_device, user)
        client = app.test_client()
        answer = _ask(client, "Ana@Example.org")
        assert answer.status_code == 200 and "Se houver uma conta ativa com este e-mail" in answer.get_data(as_text=True)
        (message,) = smtp_server.wait_for(1)
        assert message["To"] == "ana@example.org" and message["Subject"] == "Redefinir a sua senha"
        link = link_in(body(message), RESET)
        assert link in message.get_body(("html",)).get_content()
        page = client.get(link)
        assert page.status_code == 200 and "Nova senha" in page.get_data(as_text=True)
        assert page.headers["Referrer-Policy"] == "no-referrer"
        done = client.post(link, data={"password": "nova-senha-1", "confirm": "nova-senha-1"}, follow_redirects=True)
        assert "Senha alterada" in done.get_data(as_text=True) and done.request.path == "/conta/entrar"
        # the old session is over; the old password no longer works, the new one does
        assert old_device.get("/conta/minha-area").status_code == 302
        assert client.post("/conta/entrar", data={"email": user.email, "password": "secret123"}).status_code == 200
        assert client.post("/conta/entrar", data={"email": user.email, "password": "nova-senha-1"}).status_code == 302
        db.session.expire_all()
        fresh = db.session.get(User, user.id)
        assert fresh.email_verified_at is not None  # the click proved the address
        audit = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "password_reset")).one()
        assert audit.user_id == user.id and audit.after["password_changed"] is True
        # the link works once
        again = client.get(link)
        assert again.status_code == 200 and "Este link já foi usado" in again.get_data(as_text=True)


def test_unknown_and_inactive_addresses_get_the_same_page_and_no_mail(mail_app):  # type: ignore[no-untyped-def]
    account()
    account(email="off@example.org", active=False)
    client = mail_app.test_client()
    known = _ask(client, "ana@example.org")
    pages = [known.get_data(as_text=True)]
    assert len(outbox(mail_app)) == 1
    for address in ("nobody@example.org", "off@example.org"):
        answer = _ask(client, address)
        assert answer.status_code == known.status_code and answer.request.path == known.request.path
        pages.append(answer.get_data(as_text=True))
    assert pages[0] == pages[1] == pages[2]
    assert len(outbox(mail_app)) == 1


def test_english_account_gets_the_mail_in_english(mail_app):  # type: ignore[no-untyped-def]
    account(locale="en")
    _ask(mail_app.test_client(), "ana@example.org")
    (message,) = outbox(mail_app)
    assert message.subject == "Reset your password" and body(message).startswith("Hello, Ana Souza.")


def test_short_or_different_passwords_change_nothing(mail_app):  # type: ignore[no-untyped-def]
    user = account()
    client = mail_app.test_client()
    _ask(client, user.email)
    link = _reset_link(mail_app)
    short = client.post(link, data={"password": "curta", "confirm": "curta"})
    assert short.status_code == 200 and "pelo menos 8 caracteres" in short.get_data(as_text=True)
    other = client.post(link, data={"password": "nova-senha-1", "confirm": "outra-senha"})
    assert "As senhas não conferem" in other.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(User, user.id).check_password("secret123")


def _problem(client: Any, path: str, words: str, method: str = "GET") -> None:
    response = client.open(path, method=method, data={"password": "nova-senha-1", "confirm": "nova-senha-1"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and words in page and "Nada foi alterado" in page, page[:2000]


def test_bad_links_say_why_and_change_nothing(mail_app, monkeypatch):  # type: ignore[no-untyped-def]
    user = account()
    client = mail_app.test_client()
    token = account_mail.reset_token(user)
    _problem(client, RESET + token[:-3] + "xyz", "Este link não é válido")
    _problem(client, RESET + "garbage", "Este link não é válido", "POST")
    forged = URLSafeTimedSerializer("another key", salt=account_mail.RESET_SALT).dumps({"u": user.id, "p": "x"})
    _problem(client, RESET + forged, "Este link não é válido")
    verify_token = account_mail.verify_token(user)  # a link of another kind is no reset link
    _problem(client, RESET + verify_token, "Este link não é válido")
    mail_app.config["PASSWORD_RESET_SECONDS"] = -1  # an hour has gone by
    _problem(client, RESET + token, "Este link expirou", "POST")
    mail_app.config["PASSWORD_RESET_SECONDS"] = 3600
    user.active = False
    db.session.commit()
    _problem(client, RESET + token, "Esta conta está desativada", "POST")
    user.active = True
    user.set_password("changed-meanwhile")  # a password set since spends the link
    db.session.commit()
    _problem(client, RESET + token, "Este link já foi usado", "POST")
    db.session.expire_all()
    assert db.session.get(User, user.id).check_password("changed-meanwhile")
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "password_reset")) is None


def test_bad_links_speak_english_to_an_english_visitor(mail_app):  # type: ignore[no-untyped-def]
    client = mail_app.test_client()
    client.get("/lang/en")
    page = client.get(RESET + "garbage").get_data(as_text=True)
    assert "This link is not valid" in page and "Nothing was changed" in page


@pytest.mark.rate_limited
def test_requests_are_throttled_per_address(app, client, make_user):  # type: ignore[no-untyped-def]
    make_user(email="limit@example.org")
    codes = [client.post("/conta/senha/esqueci", data={"email": "limit@example.org"}).status_code for _ in range(4)]
    assert codes == [302, 302, 302, 429]
    assert len(outbox(app)) == 3
    # another address from elsewhere still gets its answer
    other = client.post("/conta/senha/esqueci", data={"email": "other@example.org"},
                        environ_overrides={"REMOTE_ADDR": "10.0.0.9"})
    assert other.status_code == 302


@pytest.mark.rate_limited
def test_requests_are_throttled_per_client_address(app, client):  # type: ignore[no-untyped-def]
    codes = [client.post("/conta/senha/esqueci", data={"email": f"x{i}@example.org"}).status_code for i in range(6)]
    assert codes[:5] == [302] * 5 and codes[5] == 429
