"""Demo: the state championship asks its players to check in before round 1. Most have come:
one checked in by scanning the hall's QR code with his phone (the demo's `avisos@` account), the
arbiter ticked the others on the check-in page; four have not come yet, so the page shows who
is missing and offers to leave them out of round 1."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, User
from damas.services.venue.checkin import check_in_by_qr, tick
from damas.services.venue.checkin_settings import save_checkin_mode
from damas.services.venue.checkin_token import round_token

MISSING = 4  # the last entrants in the starting list have not come yet


def demo_checkin(staff: User, arbiter: User, championship: Event) -> None:
    save_checkin_mode(staff, championship, "round_one")
    reader = db.session.scalar(select(User).where(User.email == "avisos@demo.damas.br"))
    if reader is not None:
        check_in_by_qr(reader, championship, round_token(championship.id, 1))
    entries = list(db.session.scalars(select(Entry).where(
        Entry.event_id == championship.id, Entry.status == EntryStatus.REGISTERED).order_by(Entry.pairing_number)))
    for entry in entries[:-MISSING]:
        if reader is None or entry.player_id != reader.player_id:
            tick(arbiter, championship, entry)
