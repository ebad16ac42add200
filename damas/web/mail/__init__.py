"""Blueprint `mail`: the test mail staff send themselves, and the development outbox ("E-mails
enviados") where, without an SMTP server, every mail the app sends can be read."""
from damas.web.mail.routes import bp

__all__ = ["bp"]
