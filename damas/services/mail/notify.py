"""Notification mails: to verified accounts that did not turn their kind off, each with a
one-click unsubscribe (RFC 8058: ``List-Unsubscribe`` with an https link and
``List-Unsubscribe-Post: List-Unsubscribe=One-Click``), and the link in the mail's footer.

`Batch` keeps at most one mail per person per event per round for one operation: a second
notice for the same (account, event, round) joins the first mail as another paragraph, so the
publication of a round with a player's board and his bye request answered is one mail."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Iterable

from flask import current_app
from itsdangerous import BadSignature, URLSafeSerializer
from sqlalchemy import select

from damas.extensions import db
from damas.models import MailOptOut, User
from damas.services.mail.compose import compose, external_url
from damas.services.mail.kinds import BY_CODE
from damas.services.mail.message import InlineImage, OutgoingMail
from damas.services.mail.recipients import receives_notifications
from damas.services.mail.sending import send

_SALT = "damas-mail-unsubscribe"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def unsubscribe_token(user: User, kind: str) -> str:
    """A signed (account, kind) pair; it does not expire: an old mail's link still works."""
    return _serializer().dumps([user.id, kind])


def read_unsubscribe_token(token: str) -> tuple[int, str] | None:
    """(account id, kind) of a genuine token, None for a tampered or unknown one."""
    try:
        user_id, kind = _serializer().loads(token)
    except (BadSignature, ValueError, TypeError):
        return None
    if not isinstance(user_id, int) or kind not in BY_CODE:
        return None
    return user_id, kind


def unsubscribe_url(user: User, kind: str) -> str:
    return external_url("mail.unsubscribe", token=unsubscribe_token(user, kind))


def opted_out_kinds(user_ids: Iterable[int]) -> set[tuple[int, str]]:
    """(account id, kind) pairs turned off, for many accounts in one query."""
    ids = list(set(user_ids))
    if not ids:
        return set()
    rows = db.session.execute(select(MailOptOut.user_id, MailOptOut.kind).where(MailOptOut.user_id.in_(ids)))
    return {(user_id, kind) for user_id, kind in rows}


def wants(user: User, kind: str, off: set[tuple[int, str]] | None = None) -> bool:
    """Whether `user` gets notifications of `kind` (`off`: `opted_out_kinds` read beforehand)."""
    if not receives_notifications(user):
        return False
    off = opted_out_kinds([user.id]) if off is None else off
    return (user.id, kind) not in off


@dataclass(frozen=True)
class Notice:
    """One thing a person is told: a heading, its lines and the page it speaks of. Texts are
    lazy strings (``lazy_gettext("... %(n)s", n=5)``, or ``LazyString`` around a date format) so
    each is written in the recipient's language when the mail is rendered."""

    subject: Any
    heading: Any
    lines: tuple[Any, ...]
    link: str
    link_label: Any
    code: str = ""            # a text to copy whole (a Pix "copia e cola" code), shown apart
    code_label: Any = ""
    image: InlineImage | None = None  # shown in the HTML body (a QR code), sent inside the mail
    image_alt: Any = ""


def notification(user: User, kind: str, notices: list[Notice]) -> OutgoingMail:
    """One mail to `user` telling `notices` (template ``mail/notice``), with the unsubscribe
    headers of `kind`; no check of `wants` (the caller filtered)."""
    if kind not in BY_CODE:
        raise ValueError(f"unknown notification kind {kind!r}")
    url = unsubscribe_url(user, kind)
    headers = (("List-Unsubscribe", f"<{url}>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"))
    subject = notices[0].subject if len(notices) == 1 else _MoreSubject(notices[0].subject, len(notices) - 1)
    images = tuple({n.image.cid: n.image for n in notices if n.image is not None}.values())
    return compose("notice", user.email, user.locale, subject, headers=headers, inline=images, unsubscribe_url=url,
                   kind_label=BY_CODE[kind].label, notices=notices, name=user.name)


@dataclass(frozen=True)
class _MoreSubject:
    """"<first subject> (+N)": a batched mail says it holds more than its first notice."""

    first: Any
    more: int

    def __str__(self) -> str:
        return f"{self.first} (+{self.more})"


@dataclass
class Batch:
    """The notifications of one operation, at most one mail per (account, event, round): a
    second notice for the same key joins the first mail.

    ``add(user, kind, event_id, round_no, notice)``; `send` after the operation's commit."""

    mails: dict[tuple[int, int | None, int | None], tuple[User, str, list[Notice]]] = field(default_factory=dict)
    _off: set[tuple[int, str]] | None = None

    def prefetch(self, users: Iterable[User]) -> None:
        """Read the opt-outs of many accounts at once (a round of 1,000 players: one query)."""
        self._off = opted_out_kinds(u.id for u in users)

    def add(self, user: User | None, kind: str, event_id: int | None, round_no: int | None, notice: Notice) -> None:
        if user is None or not wants(user, kind, self._off):
            return
        key = (user.id, event_id, round_no)
        if key in self.mails:
            self.mails[key][2].append(notice)
        else:
            self.mails[key] = (user, kind, [notice])

    def render(self) -> list[OutgoingMail]:
        return [notification(user, kind, notices) for user, kind, notices in self.mails.values()]

    def send(self) -> int:
        """Render and hand over every mail; returns how many."""
        return send(self.render())
