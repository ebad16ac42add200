"""Who may get notification mails: an active account whose owner proved the address (a link
sent to it). Until then an address gets only account mails (password, verification), so a
sign-up with someone else's address cannot fill that person's mailbox."""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import select

from damas.extensions import db
from damas.models import User


def receives_notifications(user: User) -> bool:
    return bool(user.active and user.email_verified_at is not None)


def accounts_of_players(player_ids: Iterable[int]) -> dict[int, list[User]]:
    """The accounts linked to each player (``User.player_id``), read in one query: the people a
    notice about an entry, a sanction or a rating is for."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    found: dict[int, list[User]] = {}
    for user in db.session.scalars(select(User).where(User.player_id.in_(ids)).order_by(User.id)):
        if user.player_id is not None:
            found.setdefault(user.player_id, []).append(user)
    return found
