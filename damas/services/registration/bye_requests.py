"""A requested bye or an announced absence for a round not yet paired (C.04.2 #2, #4): what the
arbiter records on the requests page and a player announces (`registration.announce_absence`);
the pairing (`swiss.round_requests`) reads them. Below both, so neither imports the other.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.formats.mapping import event_rounds
from damas.models import Entry, Event, RequestKind, RoundRequest, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError


def set_round_request(actor: User, event: Event, entry: Entry, round_number: int, kind: RequestKind | None,
                      note: str = "") -> None:
    """Record (or clear) a requested bye or an absence for a round not yet paired (C.04.2 #2, #4)."""
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."))
    paired = len(event_rounds(event))
    if round_number <= paired or round_number > event.planned_rounds:
        raise ServiceError(_("Só vale para uma rodada ainda não emparceirada."), "round_number")
    existing = db.session.scalar(
        select(RoundRequest).where(RoundRequest.entry_id == entry.id, RoundRequest.round_number == round_number)
    )
    with transaction():
        before = {"kind": existing.kind.value, "round": round_number} if existing else None
        if existing is not None:
            db.session.delete(existing)
            db.session.flush()
        after = None
        if kind is not None:
            db.session.add(RoundRequest(event_id=event.id, entry_id=entry.id, round_number=round_number,
                                        kind=kind, note=note.strip()))
            after = {"kind": kind.value, "round": round_number, "note": note.strip()}
        record(actor, "request", "entry", entry.id, before, after, event.id)
