"""A championship's sections: add an existing event or create a new one as a section, reorder,
remove (the event stays, on its own), and assign one arbiter to several sections at once.
One audited transaction each; a refused change changes nothing.

Rules [ours]: an event is a section of at most one championship; a section's dates lie inside
the championship's; a section still in draft stays off the public pages (as every draft event);
a section linked to another by a stage (it feeds it, or is fed by it) is removed only after the
stage is, so no qualification points at an event outside the championship."""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import or_, select

from damas.extensions import db
from damas.models import Event, EventArbiter, Role, User
from damas.models.championships import Championship, ChampionshipSection, SectionQualification
from damas.services.events import lifecycle as event_service
from damas.services.audit import record, transaction
from damas.services.championships.championships import championship_of_event
from damas.services.errors import ServiceError

__all__ = [
    "add_section",
    "assign_arbiter_to_sections",
    "create_section",
    "free_events",
    "move_section",
    "remove_section",
]


def _check_can_add(championship: Championship, event: Event) -> None:
    current = championship_of_event(event.id)
    if current is not None:
        if current.id == championship.id:
            raise ServiceError(_("Este evento já é seção deste campeonato."), "event_id")
        raise ServiceError(_("Este evento já é seção do campeonato %(name)s: um evento pertence a um só "
                             "campeonato.", name=current.name), "event_id")
    if event.start_date < championship.start_date or event.end_date > championship.end_date:
        raise ServiceError(_("As datas do evento (%(start)s a %(end)s) ficam fora das do campeonato "
                             "(%(cstart)s a %(cend)s).", start=event.start_date.strftime("%d/%m/%Y"),
                             end=event.end_date.strftime("%d/%m/%Y"),
                             cstart=championship.start_date.strftime("%d/%m/%Y"),
                             cend=championship.end_date.strftime("%d/%m/%Y")), "event_id")


def _append(actor: User, championship: Championship, event: Event) -> ChampionshipSection:
    position = max((s.position for s in championship.sections), default=-1) + 1
    section = ChampionshipSection(event_id=event.id, championship_id=championship.id, position=position)
    championship.sections.append(section)
    db.session.flush()
    record(actor, "add_section", "championship", championship.id, None,
           {"event_id": event.id, "name": event.name, "position": position}, event.id)
    return section


def add_section(actor: User, championship: Championship, event: Event | None) -> ChampionshipSection:
    """An existing event becomes the championship's last section."""
    if event is None:
        raise ServiceError(_("Escolha um evento da lista."), "event_id")
    _check_can_add(championship, event)
    with transaction():
        return _append(actor, championship, event)


def create_section(actor: User, championship: Championship, data: dict[str, Any]) -> Event:
    """A new event (the event form's rules, `services.events.create_event`; a draft) created as
    the championship's last section, in the same transaction. Left blank, its dates and venue
    are the championship's."""
    values = {**data}
    values["start_date"] = values.get("start_date") or championship.start_date
    values["end_date"] = values.get("end_date") or championship.end_date
    values["venue"] = values.get("venue") or championship.venue
    values["organiser"] = values.get("organiser") or championship.organiser
    with transaction():
        event = event_service.create_event(actor, values)
        _check_can_add(championship, event)
        _append(actor, championship, event)
    return event


def _renumber(championship: Championship) -> None:
    for position, section in enumerate(sorted(championship.sections, key=lambda s: (s.position, s.event_id))):
        section.position = position


def _section(championship: Championship, event_id: int) -> ChampionshipSection:
    found = next((s for s in championship.sections if s.event_id == event_id), None)
    if found is None:
        raise ServiceError(_("Este evento não é seção deste campeonato."), "event_id")
    return found


def move_section(actor: User, championship: Championship, event_id: int, offset: int) -> None:
    """Move a section one place up (`offset` -1) or down (+1) in the championship's list."""
    section = _section(championship, event_id)
    ordered = sorted(championship.sections, key=lambda s: (s.position, s.event_id))
    index = ordered.index(section)
    target = index + (1 if offset > 0 else -1)
    if not 0 <= target < len(ordered):
        raise ServiceError(_("Esta seção já está na ponta da lista."))
    with transaction():
        before = [s.event_id for s in ordered]
        ordered[index], ordered[target] = ordered[target], ordered[index]
        for position, item in enumerate(ordered):
            item.position = position
        record(actor, "reorder_sections", "championship", championship.id, {"order": before},
               {"order": [s.event_id for s in ordered]})


def remove_section(actor: User, championship: Championship, event_id: int) -> None:
    """The event leaves the championship and stays as an event of its own (nothing of it is lost)."""
    section = _section(championship, event_id)
    staged = db.session.scalar(select(SectionQualification.id).where(or_(
        SectionQualification.event_id == event_id, SectionQualification.source_event_id == event_id)).limit(1))
    if staged is not None:
        raise ServiceError(_("Esta seção está ligada a outra por uma fase classificatória: remova a fase antes."))
    with transaction():
        record(actor, "remove_section", "championship", championship.id,
               {"event_id": event_id, "position": section.position}, None, event_id)
        championship.sections.remove(section)
        db.session.flush()
        _renumber(championship)


def assign_arbiter_to_sections(actor: User, championship: Championship, user: User | None,
                               event_ids: Iterable[int]) -> list[Event]:
    """Assign one arbiter to several sections at once (`services.events.assign_arbiter` for each,
    in one transaction); sections he already has are left as they are. Returns the events
    he was newly assigned to."""
    if user is None or user.role != Role.ARBITER:
        raise ServiceError(_("Somente usuários árbitros podem ser designados."), "user_id")
    wanted = list(dict.fromkeys(event_ids))
    if not wanted:
        raise ServiceError(_("Marque ao menos uma seção."), "event_ids")
    sections = {s.event_id for s in championship.sections}
    if any(i not in sections for i in wanted):
        raise ServiceError(_("Este evento não é seção deste campeonato."), "event_ids")
    has = set(db.session.scalars(select(EventArbiter.event_id).where(
        EventArbiter.user_id == user.id, EventArbiter.event_id.in_(wanted))))
    todo = [db.session.get(Event, i) for i in wanted if i not in has]
    if not todo:
        raise ServiceError(_("Este árbitro já está designado em todas as seções marcadas."), "event_ids")
    with transaction():
        for event in todo:
            event_service.assign_arbiter(actor, event, user)
        record(actor, "assign_arbiter", "championship", championship.id, None,
               {"user_id": user.id, "event_ids": [e.id for e in todo]})
    return [e for e in todo if e is not None]


def free_events() -> list[Event]:
    """The events that may still become a section (in no championship), the latest first."""
    taken = select(ChampionshipSection.event_id)
    return list(db.session.scalars(select(Event).where(Event.id.not_in(taken))
                                   .order_by(Event.start_date.desc(), Event.id.desc())))
