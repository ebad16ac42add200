"""What a running event's page leads with on a phone: the current round's
boards and the top of the table, where players look first.

The round is the latest published one (its pairings, or its results once entered), read through
the format's round view (`views.round_rows.board_rows`, the round page's rows); knockout and team
events keep their rounds and tables on their own pages (`EventFormat.pages`), so they get none.
"""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, EventStatus, Round, RoundStatus
from damas.views.round_rows import board_rows

# the top of the table on the event page; the full one is a link away
TOP_ROWS = 8


def current_round(event: Event) -> dict[str, Any] | None:
    """The latest published round of a running event with rounds of boards, as the round page's
    rows; None when there is none (not running, not yet published, or its own pages)."""
    pages = get_format(event).pages
    if event.status != EventStatus.RUNNING or pages.rounds is not None:
        return None
    number = db.session.scalar(select(Round.number).where(
        Round.event_id == event.id, Round.status == RoundStatus.PUBLISHED).order_by(Round.number.desc()).limit(1))
    if number is None:
        return None
    rnd = get_format(event).find_round(event, number, drafts=False)
    if rnd is None:
        return None
    rows = board_rows(event, rnd)
    return {"number": number, "rows": rows, "complete": all(r["label"] for r in rows)}


def shows_standings(event: Event) -> bool:
    """A running or finished event with the individual table leads with its top (the knockout and
    team events keep theirs on their own pages)."""
    return event.status in (EventStatus.RUNNING, EventStatus.FINISHED) and get_format(event).pages.standings is None
