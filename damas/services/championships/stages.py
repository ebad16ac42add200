"""Stages: the qualification rules of a section fed by others (who feeds it, the top N overall or
of a category or a state) and its stage settings (points carried over, pairing numbers by the
qualifying ranking), read and saved with their checks and audited.

A section may be fed only by sections of its own championship, never by itself, and the feeding
graph has no cycle (a final cannot feed its own qualifier). Rules are kept in the order staff
give them: that order is the order qualifiers are taken (a player qualified by an earlier rule
is skipped by the later ones, `qualifiers.qualifiers_of`).
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import delete, select

from damas.extensions import db
from damas.models import Event, User
from damas.models.championships import (ChampionshipSection, QualificationScope, QualifierStatus,
                                        SectionQualification, SectionQualifier)
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError

MAX_TOP_N = 500


@dataclass(frozen=True)
class RuleInput:
    """One rule as a form gives it: the feeding event id, N, the scope and its value."""

    source_event_id: int
    top_n: int
    scope: str = QualificationScope.OVERALL.value
    scope_value: str = ""


def section_of(event: Event | int) -> ChampionshipSection | None:
    """The event's section row, None when the event is in no championship."""
    event_id = event if isinstance(event, int) else event.id
    return db.session.get(ChampionshipSection, event_id)


def rules_of(event: Event) -> list[SectionQualification]:
    """The rules feeding `event`, in their order (by id: the order they were saved)."""
    return list(db.session.scalars(select(SectionQualification).where(SectionQualification.event_id == event.id)
                                   .order_by(SectionQualification.id)))


def fed_by(event_id: int) -> list[int]:
    """The event ids feeding `event_id` (no repeats, in rule order)."""
    ids = db.session.scalars(select(SectionQualification.source_event_id)
                             .where(SectionQualification.event_id == event_id).order_by(SectionQualification.id))
    return list(dict.fromkeys(ids))


def feeds(event_id: int) -> list[int]:
    """The event ids `event_id` feeds (no repeats)."""
    ids = db.session.scalars(select(SectionQualification.event_id)
                             .where(SectionQualification.source_event_id == event_id).order_by(SectionQualification.id))
    return list(dict.fromkeys(ids))


def _graph(championship_id: int, without: int) -> dict[int, set[int]]:
    """feeding event -> the events it feeds, over the championship, leaving out `without`'s rules."""
    rows = db.session.execute(
        select(SectionQualification.source_event_id, SectionQualification.event_id)
        .join(ChampionshipSection, ChampionshipSection.event_id == SectionQualification.event_id)
        .where(ChampionshipSection.championship_id == championship_id, SectionQualification.event_id != without))
    graph: dict[int, set[int]] = {}
    for source, target in rows:
        graph.setdefault(source, set()).add(target)
    return graph


def _reaches(graph: dict[int, set[int]], start: int, goal: int) -> bool:
    seen, todo = set(), [start]
    while todo:
        node = todo.pop()
        if node == goal:
            return True
        if node not in seen:
            seen.add(node)
            todo.extend(graph.get(node, ()))
    return False


def check_rules(event: Event, rules: list[RuleInput]) -> ChampionshipSection:
    """The section row of `event` once every rule passes; a ServiceError naming the first fault."""
    section = section_of(event)
    if section is None:
        raise ServiceError(_("Este evento não é uma seção de campeonato."))
    scopes = {s.value for s in QualificationScope}
    graph = _graph(section.championship_id, event.id)
    for rule in rules:
        if rule.source_event_id == event.id:
            raise ServiceError(_("Uma seção não pode classificar para si mesma."), "source_event_id")
        source = section_of(rule.source_event_id)
        if source is None or source.championship_id != section.championship_id:
            raise ServiceError(_("A seção classificatória deve ser do mesmo campeonato."), "source_event_id")
        if not 1 <= rule.top_n <= MAX_TOP_N:
            raise ServiceError(_("Informe quantos se classificam (de 1 a %(n)s).", n=MAX_TOP_N), "top_n")
        if rule.scope not in scopes:
            raise ServiceError(_("Abrangência desconhecida."), "scope")
        if rule.scope != QualificationScope.OVERALL.value and not rule.scope_value.strip():
            raise ServiceError(_("Informe a categoria ou a UF da regra."), "scope_value")
        if _reaches(graph, event.id, rule.source_event_id):
            raise ServiceError(_("Esta regra criaria um ciclo: a seção já classifica para a seção de origem."),
                               "source_event_id")
    return section


def carried_over(event: Event) -> bool:
    """The qualifiers were carried into `event` (its non-declined qualifier rows exist)."""
    return db.session.scalar(select(SectionQualifier.id).where(
        SectionQualifier.event_id == event.id, SectionQualifier.status != QualifierStatus.DECLINED).limit(1)) is not None


def _plain(rule: SectionQualification | RuleInput) -> dict[str, object]:
    scope = rule.scope.value if isinstance(rule.scope, QualificationScope) else rule.scope
    return {"source_event_id": rule.source_event_id, "top_n": rule.top_n, "scope": scope,
            "scope_value": rule.scope_value}


def save_rules(actor: User | None, event: Event, rules: list[RuleInput], *, carry_points: bool,
               seed_by_qualifying: bool) -> list[SectionQualification]:
    """Replace the section's rules and stage settings, audited; refused once carried over."""
    rules = [RuleInput(r.source_event_id, r.top_n, r.scope, r.scope_value.strip().upper() if r.scope == "state"
                       else r.scope_value.strip()) for r in rules]
    section = check_rules(event, rules)
    if carried_over(event):
        raise ServiceError(_("Os classificados já foram transportados; as regras não mudam mais."))
    with transaction():
        before = {"rules": [_plain(r) for r in rules_of(event)], "carry_points": section.carry_points,
                  "seed_by_qualifying": section.seed_by_qualifying}
        db.session.execute(delete(SectionQualification).where(SectionQualification.event_id == event.id))
        rows = [SectionQualification(event_id=event.id, source_event_id=r.source_event_id, top_n=r.top_n,
                                     scope=QualificationScope(r.scope), scope_value=r.scope_value) for r in rules]
        db.session.add_all(rows)
        section.carry_points = carry_points
        section.seed_by_qualifying = seed_by_qualifying
        db.session.flush()
        record(actor, "stage.rules", "championship_section", event.id, before,
               {"rules": [_plain(r) for r in rules], "carry_points": carry_points,
                "seed_by_qualifying": seed_by_qualifying}, event.id)
    return rows
