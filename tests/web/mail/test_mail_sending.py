"""Sending mail for real: Flask-Mailman on the conventional MAIL_* settings, a real SMTP server
(aiosmtpd), the development outbox a newcomer reads on "E-mails enviados", mails that leave after
the response, a failed send that never becomes an error page, and each account's language."""
from __future__ import annotations

import logging

import pytest
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Role, User
from damas.services.mail import OutgoingMail, deliver_payloads, send
from damas.services.mail import sending
from damas.services.mail.outbox import BACKEND as OUTBOX
from tests.conftest import login
from tests.smtp_server import SmtpServer, free_port, smtp_server  # noqa: F401 (the fixture)
from tests.web.mail.mail_helpers import app_with, outbox


def _staff(locale: str = "pt_BR") -> User:
    user = User(email="secretaria@example.org", name="Secretaria", role=Role.STAFF, locale=locale)
    user.set_password("secret123")
    db.session.add(user)
    db.session.commit()
    return user


@pytest.fixture
def outbox_app(tmp_path):  # type: ignore[no-untyped-def]
    app = app_with(MAIL_BACKEND="", MAIL_SERVER="", MAIL_OUTBOX_DIR=str(tmp_path / "outbox"))
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def test_without_mail_server_mails_go_to_the_outbox_and_staff_read_them(outbox_app, tmp_path):  # type: ignore[no-untyped-def]
    assert outbox_app.config["MAIL_BACKEND"] == OUTBOX  # no MAIL_SERVER: the development outbox
    user = _staff()
    client = outbox_app.test_client()
    login(client, user)
    assert "E-mails enviados" in client.get("/federacao/").get_data(as_text=True)
    response = client.post("/federacao/emails/teste", follow_redirects=True)
    page = response.get_data(as_text=True)
    assert response.status_code == 200 and "E-mail de teste gravado na caixa de saída" in page
    (eml,) = (tmp_path / "outbox").glob("*.eml")
    assert "E-mail de teste do sistema da federação" in page and "secretaria@example.org" in page
    one = client.get(f"/federacao/emails/{eml.name}").get_data(as_text=True)
    assert "o sistema da federação consegue enviar e-mails" in one and "<iframe" in one
    html = client.get(f"/federacao/emails/{eml.name}/html")
    assert html.status_code == 200 and "sandbox" in html.headers["Content-Security-Policy"]
    assert "Olá, Secretaria." in html.get_data(as_text=True)
    assert client.get("/federacao/emails/../../secret.eml").status_code == 404
    assert client.get("/federacao/emails/20261205-000000-000000-deadbeef.eml").status_code == 404
    audit = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "send_test_mail")).one()
    assert audit.user_id == user.id and audit.after == {"to": "secretaria@example.org"}


def test_outbox_is_for_staff_only(outbox_app, tmp_path):  # type: ignore[no-untyped-def]
    player = User(email="jogador@example.org", name="Jogador", role=Role.PLAYER)
    player.set_password("secret123")
    db.session.add(player)
    db.session.commit()
    client = outbox_app.test_client()
    assert client.get("/federacao/emails/").status_code == 302  # to the login page
    login(client, player)
    assert client.get("/federacao/emails/").status_code == 403
    assert client.post("/federacao/emails/teste").status_code == 403
    assert not (tmp_path / "outbox").exists()


def test_outbox_pages_do_not_exist_where_mail_really_goes_out(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    assert client.get("/federacao/emails/").status_code == 404  # the tests' backend is not the outbox
    assert client.post("/federacao/emails/teste").status_code == 302
    (sent,) = outbox(client.application)
    assert sent.subject == "E-mail de teste do sistema da federação"


def test_test_mail_through_a_real_smtp_server_in_the_accounts_language(smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    app = app_with(**smtp_server.config())
    with app.app_context():
        db.create_all()
        user = _staff(locale="en")
        client = app.test_client()
        login(client, user)
        response = client.post("/federacao/emails/teste", follow_redirects=True)
        assert "Test e-mail sent to secretaria@example.org." in response.get_data(as_text=True) or \
            "E-mail de teste enviado para secretaria@example.org." in response.get_data(as_text=True)
        (message,) = smtp_server.wait_for(1)
        assert message["To"] == "secretaria@example.org" and message["From"] == "federacao@example.org"
        assert message["Subject"] == "Test e-mail from the federation's system"
        assert message.get_body(("plain",)).get_content().startswith("Hello, Secretaria.")
        assert "<p>Hello, Secretaria.</p>" in message.get_body(("html",)).get_content()
        db.drop_all()


def test_the_language_chosen_on_the_site_is_the_language_of_the_accounts_mails(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER)
    login_as(user)
    client.get("/lang/en")
    db.session.expire_all()
    assert db.session.get(User, user.id).locale == "en"
    client.get("/lang/pt_BR")
    db.session.expire_all()
    assert db.session.get(User, user.id).locale == "pt_BR"
    client.get("/lang/xx")  # not a language: nothing changes
    db.session.expire_all()
    assert db.session.get(User, user.id).locale == "pt_BR"


def test_a_requests_mails_leave_after_its_response(client, app, db, make_user, login_as):  # type: ignore[no-untyped-def]
    app.config["MAIL_AFTER_RESPONSE"] = True
    login_as(make_user(Role.STAFF))
    response = client.post("/federacao/emails/teste")
    assert response.status_code == 302 and outbox(app) == []  # the answer did not wait
    response.close()  # the server closes the response once it is sent
    assert len(outbox(app)) == 1


def test_a_failed_send_is_retried_then_logged_never_raised(monkeypatch, caplog):  # type: ignore[no-untyped-def]
    monkeypatch.setattr(sending, "RETRY_SECONDS", (0.0, 0.0))
    app = app_with(MAIL_BACKEND="smtp", MAIL_SERVER="127.0.0.1", MAIL_PORT=free_port())  # nobody answers there
    logger = logging.getLogger("damas.mail")
    monkeypatch.setattr(logger, "disabled", False)  # another test's logging set-up may have turned it off
    logger.addHandler(caplog.handler)  # seen even if a set-up stopped it reaching the root logger
    try:
        with app.app_context(), caplog.at_level(logging.ERROR, logger="damas.mail"):
            sent = deliver_payloads([OutgoingMail(to="a@example.org", subject="s", text="t").payload()])
    finally:
        logger.removeHandler(caplog.handler)
    assert sent == 0 and "given up after 3 attempts" in caplog.text


def test_send_without_a_request_delivers_at_once(smtp_server: SmtpServer):  # type: ignore[no-untyped-def]
    app = app_with(**smtp_server.config())
    with app.app_context():
        assert send([OutgoingMail(to="a@example.org", subject="Assunto", text="Texto", html="<p>Texto</p>"),
                     OutgoingMail(to="", subject="sem destinatário", text="")]) == 1
    (message,) = smtp_server.wait_for(1)
    assert message["Subject"] == "Assunto" and message.get_body(("html",)).get_content().strip() == "<p>Texto</p>"
