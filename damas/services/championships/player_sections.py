"""A player's sections in each championship (his page lists them): every section he has an
entry in, with the entry's state, grouped by championship; drafts left out."""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus
from damas.models.championships import Championship, ChampionshipSection


@dataclass(frozen=True)
class PlayerSection:
    event_id: int
    name: str
    event_status: EventStatus
    entry_status: EntryStatus


def player_sections(player_id: int) -> list[tuple[Championship, list[PlayerSection]]]:
    """(championship, his sections in its order) for every championship he is entered in."""
    rows = db.session.execute(
        select(ChampionshipSection.championship_id, Event.id, Event.name, Event.status, Entry.status)
        .join(Event, Event.id == ChampionshipSection.event_id)
        .join(Entry, Entry.event_id == Event.id)
        .where(Entry.player_id == player_id, Event.status != EventStatus.DRAFT)
        .order_by(ChampionshipSection.championship_id, ChampionshipSection.position, Event.id))
    grouped: dict[int, list[PlayerSection]] = {}
    for champ_id, event_id, name, status, entry_status in rows:
        grouped.setdefault(champ_id, []).append(PlayerSection(event_id, name, status, entry_status))
    out = []
    for champ_id, sections in grouped.items():
        championship = db.session.get(Championship, champ_id)
        if championship is not None:
            out.append((championship, sections))
    return sorted(out, key=lambda cs: (cs[0].start_date, cs[0].id), reverse=True)
