"""Blueprint `mail`: the test mail staff send themselves, the development outbox ("E-mails
enviados") where, without an SMTP server, every mail the app sends can be read, the one-click
unsubscribe of notification mails, an account's choice of notifications and staff's
announcements to an event's entrants."""
from damas.web.mail import announcements as announcements  # noqa: F401  (its routes are on `bp`)
from damas.web.mail import preferences as preferences  # noqa: F401  (its routes are on `bp`)
from damas.web.mail import unsubscribe as unsubscribe  # noqa: F401  (its routes are on `bp`)
from damas.web.mail.routes import bp

__all__ = ["bp"]
