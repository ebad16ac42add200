"""The reserve list moving up before the start (CLUB "Reserva" as extended on the regulations
page).

**[ours]** When an event with a capacity was full during registration, players may join its
reserve list (`reserve.join_reserve`). When a place frees before the start (the player cancels,
the organisers remove an entry, the payment deadline cancels one or moves it behind the
reserve), the first waiting reserve still admissible (the event's limits for guests, rating
ceiling and online events hold for him as for a registration) is entered at once, audited,
told on Minha área and by mail. An event that confirms paid entries only gives him until its
payment deadline when it is still ahead, else until the start (he could not have paid before).
"""
from __future__ import annotations

from datetime import datetime

from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, User
from damas.models.fees import FeeSchedule
from damas.models.registration import ReserveEntry, ReserveStatus
from damas.services.audit import record
from damas.services.errors import ServiceError
from damas.services.mail import reserve_notices
from damas.services.registration.limits import active_count, aware, check_player_limits, settings_of, utcnow
from damas.services.registration.reserve import notify, reserve_list
from damas.services.registration.starting_numbers import renumber


def pay_until(event: Event, now: datetime) -> tuple[bool, datetime | None]:
    """(whether an entrant entered now must pay to be confirmed, until when: None = the start)."""
    row = db.session.get(FeeSchedule, event.id)
    if row is None or not row.paid_to_confirm:
        return False, None
    deadline = aware(row.payment_deadline)
    if deadline is not None and row.deadline_applied_at is None and now < deadline:
        return True, deadline
    return True, None


def free_places(event: Event) -> int:
    """Places free before the start (0 when the event has no capacity or has started)."""
    capacity = settings_of(event).capacity
    if event.status != EventStatus.REGISTRATION or capacity is None:
        return 0
    return max(capacity - active_count(event), 0)


def waiting(event: Event) -> list[ReserveEntry]:
    return [r for r in reserve_list(event) if r.status == ReserveStatus.WAITING]


def _admissible(event: Event, reserve: ReserveEntry, now: datetime) -> bool:
    if db.session.scalar(select(Entry.id).where(Entry.event_id == event.id, Entry.player_id == reserve.player_id)):
        return False
    try:
        check_player_limits(event, settings_of(event), reserve.player, now)
    except ServiceError:
        return False
    return True


def promote(actor: User | None, event: Event, reserve: ReserveEntry, now: datetime, reason: str) -> Entry:
    """Enter one reserve now (inside the caller's transaction; the caller renumbers)."""
    player = reserve.player
    entry = Entry(event=event, player=player, rating_at_entry=player.rating_for(event.list_key),
                  status=EntryStatus.REGISTERED)
    db.session.add(entry)
    reserve.status = ReserveStatus.PROMOTED
    db.session.flush()
    reserve.entry_id = entry.id
    must_pay, until = pay_until(event, now)
    record(actor, "reserve_promoted", "entry", entry.id, {"reserve_id": reserve.id, "status": "waiting"},
           {"player_id": player.id, "rating_at_entry": entry.rating_at_entry, "reason": reason,
            "pay_until": until.isoformat() if until else ("start" if must_pay else None)}, event.id)
    notify(player.id, event.id,
           f"Uma vaga ficou livre no evento {event.name}: você saiu da lista de reserva e está inscrito.",
           f"A place became free in {event.name}: you moved up from the reserve list and are entered.")
    reserve_notices.reserve_promoted(event, player.id, until, must_pay)
    return entry


def fill_free_places(actor: User | None, event: Event, reason: str, now: datetime | None = None,
                     skip: set[int] | frozenset[int] = frozenset()) -> list[Entry]:
    """Move the first waiting reserves (but the players in `skip`) into the places free now,
    renumbering the list once (inside the caller's transaction, the event locked). Returns the
    new entries."""
    now = now or utcnow()
    entered: list[Entry] = []
    places = free_places(event)
    for reserve in waiting(event):
        if places <= 0:
            break
        if reserve.player_id in skip:
            continue
        if _admissible(event, reserve, now):
            entered.append(promote(actor, event, reserve, now, reason))
            places -= 1
    if entered:
        renumber(event)
    return entered
