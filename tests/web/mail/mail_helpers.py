"""Shared helpers of the mail tests: the mails an app kept, an app on a real SMTP server, links
read from mails."""
from __future__ import annotations

import re
from typing import Any, Iterator
from urllib.parse import urlsplit

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db
from damas.models import Role, User

LINK = re.compile(r"https?://[^\s\"'<>]+")


def app_with(**settings: Any) -> Any:
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update(settings)
    return create_app(config)


def running(app: Any) -> Iterator[Any]:
    with app.app_context():
        db.drop_all()
        db.create_all()
        yield app
        db.session.remove()
        db.drop_all()
        db.engine.dispose()


def outbox(app: Any) -> list[Any]:
    """The mails the tests' backend (Flask-Mailman's locmem) has kept for `app` so far (a copy)."""
    return list(getattr(app.extensions["mailman"], "outbox", None) or [])


def account(email: str = "ana@example.org", password: str = "secret123", locale: str = "pt_BR",
            **values: Any) -> User:
    user = User(email=email, name=values.pop("name", "Ana Souza"), role=values.pop("role", Role.PLAYER),
                locale=locale, **values)
    user.set_password(password)
    db.session.add(user)
    db.session.commit()
    return user


def links(text: str, part: str) -> list[str]:
    """The local paths of the links in `text` whose address holds `part`."""
    return [urlsplit(url).path for url in LINK.findall(text) if part in url]


def link_in(text: str, part: str) -> str:
    (path,) = set(links(text, part))
    return path


def body(message: Any) -> str:
    """The plain-text body of a mail: an EmailMessage from the SMTP server or a locmem message."""
    if hasattr(message, "get_body"):
        return message.get_body(("plain",)).get_content()
    return message.body
