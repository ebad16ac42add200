"""The events an arbiter officiates, where he starts his day: each with its state, the rounds
paired so far, the boards whose players' result reports wait for him, and the pages he edits
(the desk, the rounds). Staff see every event in the list; an arbiter edits only the events he
is assigned to (access), so his home and "Minha área" list those instead of sending him through
the general list."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, EventArbiter, EventStatus, Round, User
from damas.presentation.labels import STATUS_NAMES, pick
from damas.services.results.player_reports import pending_counts

_ORDER = {EventStatus.RUNNING: 0, EventStatus.REGISTRATION: 1, EventStatus.DRAFT: 2, EventStatus.FINISHED: 3}


def assigned_events(user: User, finished: int = 3) -> list[dict[str, Any]]:
    """The user's assigned events, running first, then open, drafts and the `finished` latest
    finished ones; empty for a user assigned to none."""
    events = db.session.scalars(select(Event).join(EventArbiter, EventArbiter.event_id == Event.id)
                                .where(EventArbiter.user_id == user.id)
                                .order_by(Event.start_date.desc(), Event.id)).all()
    done = [e for e in events if e.status == EventStatus.FINISHED][:finished]
    shown = sorted((e for e in events if e.status != EventStatus.FINISHED), key=lambda e: _ORDER[e.status]) + done
    return [_row(e) for e in shown]


def _row(event: Event) -> dict[str, Any]:
    pages = get_format(event).pages
    paired = db.session.scalar(select(Round.number).where(Round.event_id == event.id)
                               .order_by(Round.number.desc()).limit(1)) or 0
    waiting = pending_counts(event) if event.status == EventStatus.RUNNING else {}
    return {
        "id": event.id, "name": event.name, "status": event.status.value,
        "status_name": pick(STATUS_NAMES[event.status.value]), "start_date": event.start_date,
        "planned_rounds": event.planned_rounds, "paired": paired,
        # the round pages of boards; knockout and team events keep theirs on their own page
        "rounds_endpoint": pages.rounds or "rounds.list_rounds",
        "round_pages": pages.rounds is None,
        "waiting": sum(waiting.values()),
        "waiting_rounds": sorted(waiting),
    }
