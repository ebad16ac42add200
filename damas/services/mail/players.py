"""Who is told about a board: the account linked to each player (`User.player_id`), read for a
whole round at once (a round of 1,000 players is one query, not 1,000)."""
from __future__ import annotations

from typing import Iterable

from sqlalchemy import select

from damas.extensions import db
from damas.models import EventArbiter, User
from damas.services.mail.compose import external_url


def accounts_of_players(player_ids: Iterable[int]) -> dict[int, User]:
    """{player id: his account} for the players among `player_ids` who have one."""
    ids = sorted(set(player_ids))
    if not ids:
        return {}
    users = db.session.scalars(select(User).where(User.player_id.in_(ids)))
    return {u.player_id: u for u in users if u.player_id is not None}


def event_arbiters(event_id: int) -> list[User]:
    """The accounts assigned to officiate the event (`EventArbiter`)."""
    return list(db.session.scalars(select(User).join(EventArbiter, EventArbiter.user_id == User.id)
                                   .where(EventArbiter.event_id == event_id).order_by(User.id)))


def round_url(event_id: int, number: int) -> str:
    """The round's page: the pairings, the results and the players' report form."""
    return external_url("rounds.view_round", event_id=event_id, number=number)
