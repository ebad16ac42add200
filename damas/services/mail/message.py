"""One mail as plain data: what a queue job carries and what delivery turns into a message."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class OutgoingMail:
    """A rendered mail: recipient, subject, the plain-text and HTML bodies, extra headers
    (``List-Unsubscribe`` ...), and its kind (``password_reset`` ...) for logs and tests."""

    to: str
    subject: str
    text: str
    html: str = ""
    kind: str = ""
    headers: tuple[tuple[str, str], ...] = field(default_factory=tuple)

    def payload(self) -> dict[str, Any]:
        """JSON-ready (an RQ job argument)."""
        return {"to": self.to, "subject": self.subject, "text": self.text, "html": self.html, "kind": self.kind,
                "headers": [list(pair) for pair in self.headers]}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> "OutgoingMail":
        return cls(to=data["to"], subject=data["subject"], text=data["text"], html=data.get("html", ""),
                   kind=data.get("kind", ""), headers=tuple((str(k), str(v)) for k, v in data.get("headers", ())))
