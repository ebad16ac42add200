"""Turning notification kinds on and off: from "Minha área" (logged in) or from the one-click
unsubscribe link of a mail (no login: the signed link names the account and the kind)."""
from __future__ import annotations

from sqlalchemy import delete, select

from damas.extensions import db
from damas.models import MailOptOut, User
from damas.services.audit import record, transaction
from damas.services.mail.kinds import BY_CODE, KINDS


def kinds_off(user: User) -> set[str]:
    return set(db.session.scalars(select(MailOptOut.kind).where(MailOptOut.user_id == user.id)))


def set_kinds_on(actor: User | None, user: User, on: set[str]) -> None:
    """Keep exactly the kinds `on` on for `user` (unknown codes ignored); audited."""
    before = kinds_off(user)
    after = {kind.code for kind in KINDS if kind.code not in on}
    if before == after:
        return
    with transaction():
        db.session.execute(delete(MailOptOut).where(MailOptOut.user_id == user.id,
                                                    MailOptOut.kind.in_(before - after)))
        db.session.add_all(MailOptOut(user_id=user.id, kind=code) for code in sorted(after - before))
        record(actor, "update", "user", user.id, {"mail_off": sorted(before)}, {"mail_off": sorted(after)})


def turn_off(user: User, kind: str) -> bool:
    """The one-click unsubscribe: `kind` off for `user` (the link's holder acts for him);
    False when it already was. Audited with no actor (nobody logged in)."""
    if kind not in BY_CODE or kind in kinds_off(user):
        return False
    with transaction():
        db.session.add(MailOptOut(user_id=user.id, kind=kind))
        record(None, "unsubscribe", "user", user.id, None, {"mail_off": kind})
    return True
