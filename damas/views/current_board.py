"""A player's board in the current round, for the pages he reads on his phone in the hall: the
board number first, large, then colour and opponent (the round is the latest published one of
the running event, as the event page's "now" box takes it: `views.event_now`)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import or_, select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Game, Round, RoundStatus
from damas.services.venue.checkin import checkin_of
from damas.services.venue.checkin_settings import open_round


def current_board(event: Event, entry: Entry | None) -> dict[str, Any] | None:
    """{round, board, colour ("w", "b", "" for a bye), opponent {no, name} or None}; None when
    the event is not running, no round is published, or he has no board in the latest one."""
    if entry is None or event.status != EventStatus.RUNNING:
        return None
    rnd = db.session.scalar(select(Round).where(Round.event_id == event.id, Round.status == RoundStatus.PUBLISHED)
                            .order_by(Round.number.desc()).limit(1))
    if rnd is None:
        return None
    game = db.session.scalar(select(Game).where(Game.round_id == rnd.id, or_(
        Game.white_entry_id == entry.id, Game.black_entry_id == entry.id)))
    if game is None:
        return {"round": rnd.number, "board": None, "colour": "", "opponent": None}
    white = game.white_entry_id == entry.id
    other = game.black if white else game.white
    return {"round": rnd.number, "board": game.board,
            "colour": ("w" if white else "b") if game.black_entry_id is not None else "",
            "opponent": {"no": other.pairing_number, "name": other.player.full_name} if other is not None else None}


def checkin_line(event: Event, entry: Entry) -> dict[str, Any] | None:
    """{round, done} while the check-in of a round is open and he is expected; else None."""
    if entry.status != EntryStatus.REGISTERED:
        return None
    number = open_round(event)
    if number is None:
        return None
    return {"round": number, "done": checkin_of(entry, number) is not None}
