"""The carry-over of a stage, in ONE audited step: every qualifier (and substitute) of the
section's rules is entered in it (`services.entries.add_entry`, the staff's own entry), his
qualifier row written (his place in the rule's table, his status, the points carried in the rule
set's units when the regulations carry them), and the starting list numbered again: with
`seed_by_qualifying` the pairing numbers follow the qualifying ranking
(`services.starting_numbers.renumber`, CBJD and FIDE-GR practice for a final).

Refused, with the reason and nothing changed: a feeding section not finished, a rule without
enough players, the fed section already started, the carry-over already done. Before it, staff
mark a qualifier who declines (`mark_declined`): the next of his rule's table takes the place.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import delete, select, update

from damas.extensions import db
from damas.models import Entry, Event, EventStatus, Player, User
from damas.models.championships import QualifierStatus, SectionQualifier
from damas.services.audit import record, transaction
from damas.services.championships.qualifiers import Preview, qualifiers_of
from damas.services.championships.stages import carried_over, rules_of, section_of
from damas.services.entries.add_remove import add_entry
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.services.registration.starting_numbers import renumber

OPEN = (EventStatus.DRAFT, EventStatus.REGISTRATION)


def refusals(event: Event, preview: Preview | None = None) -> list[str]:
    """Why the carry-over cannot run now (empty: it can)."""
    if section_of(event) is None:
        return [_("Este evento não é uma seção de campeonato.")]
    if carried_over(event):
        return [_("Os classificados já foram transportados para esta seção.")]
    reasons = []
    if event.status not in OPEN:
        reasons.append(_("A seção já começou: os classificados entram antes da primeira rodada."))
    rules = rules_of(event)
    if not rules:
        reasons.append(_("A seção não tem regras de classificação."))
    section = section_of(event)
    for rule in rules:
        source = db.session.get(Event, rule.source_event_id)
        if source is not None and source.status != EventStatus.FINISHED:
            reasons.append(_("A seção %(name)s ainda não terminou.", name=source.name))
        if section is not None and section.carry_points and source is not None and source.ruleset != event.ruleset:
            reasons.append(_("Pontos transportados exigem o mesmo regulamento de pontuação (%(a)s e %(b)s).",
                             a=source.ruleset, b=event.ruleset))
    preview = preview or qualifiers_of(event)
    reasons.extend(preview.problems)
    return list(dict.fromkeys(reasons))


def carry_over(actor: User | None, event: Event) -> list[SectionQualifier]:
    """Enter the qualifiers in `event` and record them (module docstring); refused as `refusals`."""
    lock_event(event)
    preview = qualifiers_of(event)
    reasons = refusals(event, preview)
    if reasons:
        raise ServiceError(" ".join(reasons))
    section = section_of(event)
    assert section is not None
    entered = set(db.session.scalars(select(Entry.player_id).where(Entry.event_id == event.id)))
    rows = []
    with transaction():
        for candidate in preview.entering:
            row = SectionQualifier(
                event_id=event.id, source_event_id=candidate.source_event_id, player_id=candidate.player_id,
                rank=candidate.position, status=QualifierStatus(candidate.status),
                carried_units=candidate.points if section.carry_points else 0)
            db.session.add(row)
            rows.append(row)
            db.session.flush()
            if candidate.player_id not in entered:  # entered by hand before: keeps his entry
                player = db.session.get(Player, candidate.player_id)
                assert player is not None
                add_entry(actor, event, player)
        renumber(event)
        sources = {r.source_event_id for r in rows}  # their standings pages now list the qualifiers
        db.session.execute(update(Event).where(Event.id.in_(sources)).values(revision=Event.revision + 1))
        record(actor, "stage.carry_over", "championship_section", event.id, None, {
            "qualifiers": [{"player_id": r.player_id, "source_event_id": r.source_event_id, "rank": r.rank,
                            "status": r.status.value, "carried_units": r.carried_units} for r in rows],
            "numbers": {str(e.pairing_number): e.player_id for e in event.entries},
        }, event.id)
    return rows


def mark_declined(actor: User | None, event: Event, player_id: int, declined: bool = True) -> None:
    """Mark a qualifier (or reserve) as declining the section, or take the mark back, before the
    carry-over; the next in his rule's table then takes the place (the reserve rule)."""
    lock_event(event)
    if carried_over(event):
        raise ServiceError(_("Os classificados já foram transportados para esta seção."))
    row = db.session.scalar(select(SectionQualifier).where(SectionQualifier.event_id == event.id,
                                                           SectionQualifier.player_id == player_id))
    if not declined:
        if row is None:
            raise ServiceError(_("Este jogador não está marcado como desistente."))
        with transaction():
            record(actor, "stage.undecline", "section_qualifier", row.id, {"player_id": player_id}, None, event.id)
            db.session.execute(delete(SectionQualifier).where(SectionQualifier.id == row.id))
        return
    if row is not None:
        raise ServiceError(_("Este jogador já está marcado como desistente."))
    candidate = next((c for r in qualifiers_of(event).rules for c in r.lines
                      if c.player_id == player_id and c.status != "declined"), None)
    if candidate is None:
        raise ServiceError(_("Este jogador não está entre os classificados nem os reservas."), "player_id")
    with transaction():
        row = SectionQualifier(event_id=event.id, source_event_id=candidate.source_event_id, player_id=player_id,
                               rank=candidate.position, status=QualifierStatus.DECLINED)
        db.session.add(row)
        db.session.flush()
        record(actor, "stage.decline", "section_qualifier", row.id, None,
               {"player_id": player_id, "source_event_id": candidate.source_event_id, "rank": candidate.position},
               event.id)


def qualifier_rows(*, event_id: int | None = None, source_event_id: int | None = None) -> list[SectionQualifier]:
    """The qualifier rows into `event_id` or out of `source_event_id`, decliners included."""
    query = select(SectionQualifier).order_by(SectionQualifier.event_id, SectionQualifier.id)
    if event_id is not None:
        query = query.where(SectionQualifier.event_id == event_id)
    if source_event_id is not None:
        query = query.where(SectionQualifier.source_event_id == source_event_id)
    return list(db.session.scalars(query))
