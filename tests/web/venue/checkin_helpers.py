"""Shared set-up of the check-in tests: a Swiss event with check-in, its arbiter and players with
accounts."""
from __future__ import annotations

from typing import Any

from damas.models import Entry, EventStatus, Role
from damas.models.venue import VenueSettings


def checkin_event(db: Any, make_event: Any, make_player: Any, make_user: Any, players: int = 6,
                  every_round: bool = False, status: EventStatus = EventStatus.REGISTRATION) -> tuple:
    """(event, arbiter, [player users by starting number]) of a Dutch event asking for check-in."""
    arbiter = make_user(Role.ARBITER)
    field = [make_player(full_name=f"Presença {n:02d} Silva", rating_regular=2000 - 10 * n) for n in range(1, players + 1)]
    event = make_event(arbiters=(arbiter,), players=tuple(field), pairing_system="dutch", planned_rounds=5,
                       status=status)
    db.session.add(VenueSettings(event_id=event.id, checkin_round_one=True, checkin_every_round=every_round))
    db.session.commit()
    users = [make_user(Role.PLAYER, player_id=p.id) for p in field]
    return event, arbiter, users


def entry_no(db: Any, event: Any, number: int) -> Entry:
    return db.session.query(Entry).filter_by(event_id=event.id, pairing_number=number).one()
