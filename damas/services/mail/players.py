"""Who is told about a round besides its players (the event's arbiters), and the round's page
the mails link to. The players' accounts: `recipients.accounts_of_players`."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.models import EventArbiter, User
from damas.services.mail.compose import external_url


def event_arbiters(event_id: int) -> list[User]:
    """The accounts assigned to officiate the event (`EventArbiter`)."""
    return list(db.session.scalars(select(User).join(EventArbiter, EventArbiter.user_id == User.id)
                                   .where(EventArbiter.event_id == event_id).order_by(User.id)))


def round_url(event_id: int, number: int) -> str:
    """The round's page: the pairings, the results and the players' report form."""
    return external_url("rounds.view_round", event_id=event_id, number=number)
