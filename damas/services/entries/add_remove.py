"""Entries: adding and removing players (a place freed before the start goes to the reserve list,
`reserve_moves`; money paid may be owed back, `fees.refunds`)."""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.pairing import family_of
from damas.engine.rate_of_play import classify
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.fees import refunds
from damas.services.locking import lock_event
from damas.services.mail import entry_notices
from damas.services.registration.reserve_moves import fill_free_places
from damas.services.registration.starting_numbers import renumber  # noqa: F401  (re-exported)

OPEN_FOR_ENTRIES = (EventStatus.DRAFT, EventStatus.REGISTRATION)


def rating_list_of(event: Event) -> str:
    """The rating list of the event's starting order: the one its form names ('regular', 'rapid'
    or 'blitz'), else the list its rate of play feeds (CBJD 115: 'regular' or 'rapid')."""
    return event.rating_list or classify(event.time_minutes, event.time_increment).rating_list


LATE_ENTRY_SYSTEMS = ("dutch", "sb-swiss", "micromatch")  # system families (every Dutch edition)


def accepts_entries(event: Event) -> bool:
    """Before the start; in a running Swiss also later (late entries, C.04.3 A.2): the late
    entrant joins from the next pairing and the starting list is re-sorted and renumbered."""
    return event.status in OPEN_FOR_ENTRIES or (
        event.status == EventStatus.RUNNING and family_of(event.pairing_system) in LATE_ENTRY_SYSTEMS
    )


def add_entry(actor: User, event: Event, player: Player) -> Entry:
    lock_event(event)  # then read: two arbiters adding players at once number the list in turn
    if not accepts_entries(event):
        raise ServiceError(_("As inscrições deste evento estão fechadas."))
    exists = db.session.scalar(select(Entry.id).where(Entry.event_id == event.id, Entry.player_id == player.id))
    if exists is not None:
        raise ServiceError(_("Este jogador já está inscrito."), "player_id")
    with transaction():
        entry = Entry(
            event=event,
            player=player,
            rating_at_entry=player.rating_for(event.list_key),
            status=EntryStatus.REGISTERED,
        )
        db.session.add(entry)
        db.session.flush()
        renumber(event)
        record(
            actor, "create", "entry", entry.id, None,
            {"player_id": player.id, "rating_at_entry": entry.rating_at_entry,
             "pairing_number": entry.pairing_number},
            event.id,
        )
        refunds.entered_again(actor, event, player.id)
        entry_notices.entry_added(event, player.id)
    return entry


def remove_entry(actor: User, event: Event, entry: Entry) -> None:
    lock_event(event)
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."))
    if event.status not in OPEN_FOR_ENTRIES:
        raise ServiceError(_("Com o evento em andamento, use a desistência em vez de remover."))
    with transaction():
        record(
            actor, "delete", "entry", entry.id,
            {"player_id": entry.player_id, "pairing_number": entry.pairing_number}, None, event.id,
        )
        entry_notices.entry_cancelled(event, entry.player_id, by_player=False)
        refunds.owe_refund(actor, event, entry.player_id, refunds.REMOVED)
        event.entries.remove(entry)
        db.session.delete(entry)
        db.session.flush()
        renumber(event)
        fill_free_places(actor, event, "removed")
