"""Who may get notification mails: an active account whose owner proved the address (a link
sent to it). Until then an address gets only account mails (password, verification), so a
sign-up with someone else's address cannot fill that person's mailbox."""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import select

from damas.extensions import db
from damas.models import User


def receives_notifications(user: User | None) -> bool:
    return bool(user is not None and user.active and user.email and user.email_verified_at is not None)


def accounts_of_players(player_ids: Iterable[int]) -> dict[int, User]:
    """{player id: his account} for the players among `player_ids` who have one (an account has
    at most one player and a player at most one account: ``User.player_id`` is unique), read in
    one query: the people a notice about an entry, a round or a rating is for."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    users = db.session.scalars(select(User).where(User.player_id.in_(ids)))
    return {u.player_id: u for u in users if u.player_id is not None}
