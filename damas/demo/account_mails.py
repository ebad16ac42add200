"""Demo: the account mails. Staff and the arbiter proved their addresses; the demo player got his
confirmation mail (he proves his address afterwards, `mail_entries`, to get the notifications)
and asked for a new password, so the outbox ("E-mails enviados" on the Federação page) holds
one confirmation mail and one new-password mail to read."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.models import User
from damas.services.accounts import account_mail

PROVED = ("staff@demo.damas.br", "arbitro@demo.damas.br")
PLAYER = "jogador@demo.damas.br"


def demo_account_mails() -> None:
    for email in PROVED:
        user = db.session.scalar(select(User).where(User.email == email))
        if user is not None:
            account_mail.verify_email(account_mail.verify_token(user))  # as if its owner clicked the link
    player = db.session.scalar(select(User).where(User.email == PLAYER))
    if player is not None:
        account_mail.send_verification(player)
        account_mail.request_password_reset(PLAYER)
