"""One mail as plain data: what a queue job carries and what delivery turns into a message."""
from __future__ import annotations

import base64
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True, slots=True)
class InlineImage:
    """An image the HTML body shows by ``<img src="cid:<cid>">`` (RFC 2392), sent inside the
    mail (multipart/related) so a mail client shows it without fetching anything."""

    cid: str
    data: bytes
    mime: str = "image/png"
    filename: str = "image.png"

    def payload(self) -> dict[str, str]:
        return {"cid": self.cid, "data": base64.b64encode(self.data).decode("ascii"), "mime": self.mime,
                "filename": self.filename}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> "InlineImage":
        return cls(cid=str(data["cid"]), data=base64.b64decode(data["data"]), mime=str(data.get("mime", "image/png")),
                   filename=str(data.get("filename", "image.png")))


@dataclass(frozen=True, slots=True)
class OutgoingMail:
    """A rendered mail: recipient, subject, the plain-text and HTML bodies, extra headers
    (``List-Unsubscribe`` ...), its kind (``password_reset`` ...) for logs and tests, and the
    images its HTML body shows inline."""

    to: str
    subject: str
    text: str
    html: str = ""
    kind: str = ""
    headers: tuple[tuple[str, str], ...] = field(default_factory=tuple)
    inline: tuple[InlineImage, ...] = field(default_factory=tuple)

    def payload(self) -> dict[str, Any]:
        """JSON-ready (an RQ job argument)."""
        return {"to": self.to, "subject": self.subject, "text": self.text, "html": self.html, "kind": self.kind,
                "headers": [list(pair) for pair in self.headers], "inline": [i.payload() for i in self.inline]}

    @classmethod
    def from_payload(cls, data: dict[str, Any]) -> "OutgoingMail":
        return cls(to=data["to"], subject=data["subject"], text=data["text"], html=data.get("html", ""),
                   kind=data.get("kind", ""), headers=tuple((str(k), str(v)) for k, v in data.get("headers", ())),
                   inline=tuple(InlineImage.from_payload(i) for i in data.get("inline", ())))
