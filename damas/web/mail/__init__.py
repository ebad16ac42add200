"""Blueprint `mail`: the test mail staff send themselves, the development outbox ("E-mails
enviados") where, without an SMTP server, every mail the app sends can be read, and the
one-click unsubscribe of notification mails."""
from damas.web.mail import unsubscribe as unsubscribe  # noqa: F401  (its routes are on `bp`)
from damas.web.mail.routes import bp

__all__ = ["bp"]
