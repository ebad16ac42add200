"""The development outbox: without ``MAIL_SERVER`` every mail is written to a folder (one
``.eml`` file each, ``MAIL_OUTBOX_DIR``, default ``instance/outbox/``) instead of being sent,
and staff read them on "E-mails enviados". A Flask-Mailman backend (its extension point:
``MAIL_BACKEND`` names this module), so the code that sends is the same as in production."""
from __future__ import annotations

import re
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from pathlib import Path
from typing import Any

from flask import current_app
from flask_mailman.backends.base import BaseEmailBackend

BACKEND = "damas.services.mail.outbox.EmailBackend"
_NAME = re.compile(r"^\d{8}-\d{6}-\d{6}-[0-9a-f]{8}\.eml$")  # the only names a page may open


def outbox_dir() -> Path:
    return Path(current_app.config.get("MAIL_OUTBOX_DIR") or Path(current_app.instance_path) / "outbox")


def outbox_in_use() -> bool:
    """Whether this app writes its mails to the outbox (development) rather than sending them."""
    return current_app.config.get("MAIL_BACKEND") == BACKEND


class EmailBackend(BaseEmailBackend):
    """Writes each message to its own file in the outbox folder."""

    def send_messages(self, email_messages: Any) -> int:
        folder = outbox_dir()
        folder.mkdir(parents=True, exist_ok=True)
        sent = 0
        for message in email_messages:
            stamp = datetime.now(timezone.utc).strftime("%Y%m%d-%H%M%S-%f")
            path = folder / f"{stamp}-{uuid.uuid4().hex[:8]}.eml"
            path.write_bytes(message.message().as_bytes())
            sent += 1
        return sent


@dataclass(frozen=True, slots=True)
class OutboxMail:
    """A mail read back from the outbox, as the page shows it."""

    name: str
    to: str
    subject: str
    date: str
    text: str
    html: str
    headers: tuple[tuple[str, str], ...]


def _parse(path: Path) -> OutboxMail:
    message: EmailMessage = BytesParser(policy=policy.default).parsebytes(path.read_bytes())  # type: ignore[assignment]
    text = message.get_body(("plain",))
    html = message.get_body(("html",))
    return OutboxMail(name=path.name, to=str(message["To"] or ""), subject=str(message["Subject"] or ""),
                      date=str(message["Date"] or ""), text=text.get_content() if text else "",
                      html=html.get_content() if html else "",
                      headers=tuple((k, str(v)) for k, v in message.items()))


def read_outbox(limit: int = 200) -> list[OutboxMail]:
    """The newest `limit` mails of the outbox, newest first."""
    folder = outbox_dir()
    if not folder.is_dir():
        return []
    names = sorted((p for p in folder.iterdir() if _NAME.match(p.name)), key=lambda p: p.name, reverse=True)
    return [_parse(p) for p in names[:limit]]


def read_one(name: str) -> OutboxMail | None:
    """One mail by its file name; None for a name the outbox never writes (no path tricks)."""
    if not _NAME.match(name):
        return None
    path = outbox_dir() / name
    return _parse(path) if path.is_file() else None
