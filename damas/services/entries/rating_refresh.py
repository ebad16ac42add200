"""The ratings on the entries of events not yet paired follow their players' new ratings
(RULES.md §3; C.04.3 A.2: "a rating correction re-sorts the starting list"): a rating list
imported from a file, the registry import, a closed rating period and a player's record edited
by staff all end here. Once round 1 is paired the ratings on the entries are frozen and nothing
changes them (nor the pairing numbers)."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select, union

from damas.extensions import db
from damas.models import Entry, Event, EventStatus, KnockoutGame, KnockoutSetup, Round, User
from damas.models.micromatch import TeamRound
from damas.services.audit import record
from damas.services.entries.add_remove import renumber
from damas.services.locking import lock_event


def _paired_event_ids() -> Any:
    """Events whose starting order is in use: a round paired (Swiss, round robin, micro-match),
    a knockout started (its seeds are pairing numbers) or played, a team round paired."""
    return union(select(Round.event_id), select(KnockoutSetup.event_id).where(KnockoutSetup.seeds.is_not(None)),
                 select(KnockoutGame.event_id), select(TeamRound.event_id))


def _unpaired_events(player_ids: set[int]) -> list[Event]:
    if not player_ids:
        return []
    return list(db.session.scalars(
        select(Event).join(Entry, Entry.event_id == Event.id)
        .where(Entry.player_id.in_(player_ids), Event.id.not_in(_paired_event_ids()),
               Event.status.in_([EventStatus.DRAFT, EventStatus.REGISTRATION, EventStatus.RUNNING]))
    ).unique())


def refresh_unpaired_entries(actor: User | None, player_ids: set[int]) -> list[Event]:
    """The ratings on the entries of events not yet paired follow the players' new ratings on
    the event's list, and the starting list is renumbered; paired events keep theirs (frozen)."""
    events = _unpaired_events(player_ids)
    for event in events:
        lock_event(event)
        if db.session.scalar(select(Event.id).where(Event.id == event.id, Event.id.in_(_paired_event_ids()))):
            continue  # paired meanwhile: frozen
        listing = event.list_key
        moved: dict[str, Any] = {}
        for entry in event.entries:
            if entry.player_id in player_ids:
                new = entry.player.rating_for(listing)
                if new != entry.rating_at_entry:
                    moved[str(entry.id)] = [entry.rating_at_entry, new]
                    entry.rating_at_entry = new
        if moved:
            renumber(event)
            record(actor, "update", "entry_ratings", event.id, {k: v[0] for k, v in moved.items()},
                   {k: v[1] for k, v in moved.items()}, event.id)
    return events
