"""A test mail staff send to themselves: proves the SMTP settings (or shows the outbox) before a
player depends on them."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l

from damas.models import User
from damas.services.audit import record, transaction
from damas.services.mail.compose import compose, external_url
from damas.services.mail.sending import send


def send_test_mail(actor: User) -> str:
    """Send the test mail to `actor`'s own address (audited); returns the address."""
    message = compose("test", actor.email, actor.locale, _l("E-mail de teste do sistema da federação"),
                      name=actor.name, link=external_url("main.index"))
    with transaction():
        record(actor, "send_test_mail", "user", actor.id, None, {"to": actor.email})
    send([message])
    return actor.email
