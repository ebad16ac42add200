"""A real SMTP server for the mail tests (aiosmtpd on a free local port): every message it
accepts is kept, parsed, in `SmtpServer.messages`."""
from __future__ import annotations

import socket
import time
from email import policy
from email.message import EmailMessage
from email.parser import BytesParser
from typing import Any, Iterator

import pytest
from aiosmtpd.controller import Controller


class _Keep:
    def __init__(self) -> None:
        self.messages: list[EmailMessage] = []
        self.recipients: list[list[str]] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802 (aiosmtpd's name)
        self.messages.append(BytesParser(policy=policy.default).parsebytes(envelope.content))  # type: ignore[arg-type]
        self.recipients.append(list(envelope.rcpt_tos))
        return "250 Message accepted for delivery"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class SmtpServer:
    def __init__(self) -> None:
        self.handler = _Keep()
        self.port = free_port()
        self.controller = Controller(self.handler, hostname="127.0.0.1", port=self.port)
        self.controller.start()

    @property
    def messages(self) -> list[EmailMessage]:
        return self.handler.messages

    def config(self) -> dict[str, Any]:
        """The app settings that send to this server."""
        return {"MAIL_BACKEND": "smtp", "MAIL_SERVER": "127.0.0.1", "MAIL_PORT": self.port, "MAIL_USE_TLS": False,
                "MAIL_USE_SSL": False, "MAIL_USERNAME": None, "MAIL_PASSWORD": None,
                "MAIL_DEFAULT_SENDER": "federacao@example.org"}

    def wait_for(self, count: int, seconds: float = 30.0) -> list[EmailMessage]:
        """The messages once `count` have arrived (mails sent after a response arrive a moment later)."""
        deadline = time.monotonic() + seconds
        while len(self.messages) < count and time.monotonic() < deadline:
            time.sleep(0.02)
        return self.messages

    def stop(self) -> None:
        self.controller.stop()


@pytest.fixture
def smtp_server() -> Iterator[SmtpServer]:
    server = SmtpServer()
    try:
        yield server
    finally:
        server.stop()
