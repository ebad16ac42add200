"""Where an event came from when a TRF file made it: the values of its ``import_trf`` audit
entry (file version, rounds played, a team file). The pages write the import line from them in
the reader's language (`views.import_note`); the rounds already played are the ones the
tie-break settings wait past (`frozen_settings.imported_rounds`)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Event


def import_record(event: Event) -> dict[str, Any]:
    """The event's ``import_trf`` audit values, {} for an event that started here (one query)."""
    after = db.session.scalar(select(AuditEntry.after).where(
        AuditEntry.event_id == event.id, AuditEntry.object_type == "event", AuditEntry.action == "import_trf"))
    return dict(after or {})
