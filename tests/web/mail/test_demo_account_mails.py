"""The demo leaves the account mails to read: the demo player's new-password mail and his
confirmation mail, with links that work; staff and the arbiter proved their addresses."""
from __future__ import annotations

from datetime import date

from sqlalchemy import select

from damas.demo import load_demo
from damas.models import User
from tests.web.mail.mail_helpers import body, link_in, outbox


def test_the_demo_leaves_a_reset_and_a_confirmation_mail(app, client, db):  # type: ignore[no-untyped-def]
    load_demo(today=date(2026, 12, 5))
    account = ("Confirme o seu e-mail", "Redefinir a sua senha")
    mails = [m for m in outbox(app) if m.subject in account]  # the notifications are other tests' subject
    assert sorted(m.subject for m in mails) == list(account)
    assert {tuple(m.to) for m in mails} == {("jogador@demo.damas.br",)}
    player = db.session.scalar(select(User).where(User.email == "jogador@demo.damas.br"))
    staff = db.session.scalar(select(User).where(User.email == "staff@demo.damas.br"))
    assert staff.email_verified_at is not None
    reset = next(m for m in mails if m.subject == "Redefinir a sua senha")
    assert "Nova senha" in client.get(link_in(body(reset), "/conta/senha/nova/")).get_data(as_text=True)
    confirm = next(m for m in mails if m.subject == "Confirme o seu e-mail")
    assert client.get(link_in(body(confirm), "/conta/email/confirmar/")).status_code == 302
    db.session.expire_all()
    assert db.session.get(User, player.id).email_verified_at is not None
