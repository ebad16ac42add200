"""Numbering the starting list (C.04.3 A.2), apart from `entries` so that the reserve list and
the payment deadline, which add and remove entries before the start, can renumber without
importing the entry services that call them."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.formats.mapping import starting_order
from damas.models import Entry, Event
from damas.models.championships import ChampionshipSection, QualifierStatus, SectionQualification, SectionQualifier


def renumber(event: Event) -> None:
    """Give every entry of the event pairing numbers 1..n in starting order (C.04.3 A.2 re-sorts).

    Withdrawn and expelled players keep a number, re-sorted with the others: their results stand
    (CBJD 105 B, FIDE-GR withdrawals f) and a late entry renumbering the list (C.04.2 C.2-3)
    must not take them out of the standings nor their opponents' games with them. Before the
    start every entry is registered (a cancelled one is deleted), so this is the starting list.
    Two passes so the unique (event, pairing number) constraint never sees a clash mid-way.
    """
    ordered = qualifying_order(event, starting_order(list(event.entries), event.provisional_rating))
    for entry in event.entries:
        entry.pairing_number = None
    db.session.flush()
    for number, entry in enumerate(ordered, start=1):
        entry.pairing_number = number
    db.session.flush()


def qualifying_order(event: Event, ordered: list[Entry]) -> list[Entry]:
    """The starting order of a championship section seeded by its qualifying ranking
    (`ChampionshipSection.seed_by_qualifying`, CBJD and FIDE-GR practice for a final): the
    qualifiers first, by their place in their rule's table, equal places by the order of the
    rules (the winners of every qualifier, then the runners-up...); then anyone else entered,
    in starting order. Any other event: `ordered` unchanged."""
    seeded = db.session.scalar(select(ChampionshipSection.seed_by_qualifying)
                               .where(ChampionshipSection.event_id == event.id))
    if not seeded:
        return ordered
    rules = list(dict.fromkeys(db.session.scalars(
        select(SectionQualification.source_event_id).where(SectionQualification.event_id == event.id)
        .order_by(SectionQualification.id))))
    seeds = {pid: (rank, rules.index(source) if source in rules else len(rules))
             for pid, rank, source in db.session.execute(
                 select(SectionQualifier.player_id, SectionQualifier.rank, SectionQualifier.source_event_id)
                 .where(SectionQualifier.event_id == event.id, SectionQualifier.status != QualifierStatus.DECLINED))}
    if not seeds:
        return ordered
    return sorted(ordered, key=lambda e: (0, *seeds[e.player_id]) if e.player_id in seeds else (1, 0, 0))
