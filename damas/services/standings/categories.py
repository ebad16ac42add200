"""Categories of an event (RULES.md §8; CBJD 124, 125): rows <-> engine `Category`.

An event with no category rows uses the CBJD default set; the first change writes that set
as rows, then applies the change, in one transaction with the audit log.
"""
from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.categories import ABSOLUTE, Category, default_categories
from damas.engine.tiebreaks import get_tiebreak
from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import Event, EventCategory, EventPrize, Playoff, User
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError

FIELDS = ("code", "name_pt", "name_en", "position", "max_age", "min_age", "sex", "rating_min", "rating_max",
          "states", "tiebreaks")
CODE_RE = re.compile(r"^[a-z0-9][a-z0-9-]{0,29}$")


def category_rows(event: Event) -> list[EventCategory]:
    return list(db.session.scalars(select(EventCategory).where(EventCategory.event_id == event.id)
                                   .order_by(EventCategory.position, EventCategory.id)))


def to_engine(row: EventCategory) -> Category:
    return Category(
        code=row.code, name_pt=row.name_pt, name_en=row.name_en or row.name_pt,
        max_age=row.max_age, min_age=row.min_age, sex=row.sex or None,
        rating_min=row.rating_min, rating_max=row.rating_max,
        states=frozenset(s for s in row.states.split(",") if s.strip()),
        tiebreaks=_parse_order(row.tiebreaks) or None,
    )


def _parse_order(text: str) -> tuple[str, ...]:
    return tuple(c.strip().upper() for c in (text or "").split(",") if c.strip())


def event_categories(event: Event) -> list[Category]:
    """The event's categories as engine objects, absolute first (default: the CBJD set)."""
    rows = category_rows(event)
    cats = [to_engine(r) for r in rows] if rows else list(default_categories())
    return sorted(cats, key=lambda c: not c.is_absolute)


def find(event: Event, code: str) -> Category | None:
    return next((c for c in event_categories(event) if c.code == code), None)


def _materialise(actor: User | None, event: Event) -> list[EventCategory]:
    """Write the default set as rows (inside the caller's transaction)."""
    rows = category_rows(event)
    if rows:
        return rows
    for i, c in enumerate(default_categories()):
        row = EventCategory(event_id=event.id, code=c.code, name_pt=c.name_pt, name_en=c.name_en,
                            position=i * 10, max_age=c.max_age, min_age=c.min_age, sex=c.sex or "",
                            rating_min=c.rating_min, rating_max=c.rating_max, states="", tiebreaks="")
        db.session.add(row)
        rows.append(row)
    db.session.flush()
    record(actor, "category.defaults", "event", event.id, None, {"codes": [r.code for r in rows]}, event.id)
    return rows


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    code = (data.get("code") or "").strip().lower()
    if not CODE_RE.match(code):
        raise ServiceError(_("Código inválido: use letras minúsculas, números e hífen (ex.: sub-14, veteranos)."), "code")
    name = (data.get("name_pt") or "").strip()
    if not name:
        raise ServiceError(_("Informe o nome da categoria."), "name_pt")
    order = _parse_order(data.get("tiebreaks") or "")
    for c in order:
        try:
            get_tiebreak(c)
        except EngineError:
            raise ServiceError(_("Critério de desempate desconhecido: %(code)s.", code=c), "tiebreaks") from None
    states = ",".join(s.strip().upper() for s in (data.get("states") or "").split(",") if s.strip())
    values = {
        "code": code, "name_pt": name, "name_en": (data.get("name_en") or "").strip() or name,
        "max_age": data.get("max_age"), "min_age": data.get("min_age"), "sex": data.get("sex") or "",
        "rating_min": data.get("rating_min"), "rating_max": data.get("rating_max"),
        "states": states, "tiebreaks": ",".join(order),
    }
    try:
        Category(code, name, values["name_en"], max_age=values["max_age"], min_age=values["min_age"],
                 sex=values["sex"] or None, rating_min=values["rating_min"], rating_max=values["rating_max"],
                 states=frozenset(states.split(",")) if states else frozenset())
    except EngineError:
        raise ServiceError(_("Faixa de rating vazia: o mínimo passa do máximo."), "rating_min") from None
    return values


def add_category(actor: User | None, event: Event, data: dict[str, Any]) -> EventCategory:
    """A custom category (age band, sex, rating band, states) or a CBJD one removed before."""
    values = _clean(data)
    with transaction():
        rows = _materialise(actor, event)
        if any(r.code == values["code"] for r in rows):
            raise ServiceError(_("Já existe uma categoria com este código."), "code")
        row = EventCategory(event_id=event.id, position=max((r.position for r in rows), default=0) + 10, **values)
        db.session.add(row)
        db.session.flush()
        record(actor, "category.add", "event_category", row.id, None, snapshot(row, FIELDS), event.id)
    return row


def update_tiebreaks(actor: User | None, event: Event, code: str, text: str) -> None:
    """The category's own tiebreak order (CBJD 124); empty = the event's announced order, else
    the rule set's default. The absolute category has none of its own: it is the event's
    standings and ranks by the event's order (CBJD 123, 127; `Category.tiebreak_order`)."""
    order = _parse_order(text)
    if order and (code == ABSOLUTE or (found := find(event, code)) is not None and found.is_absolute):
        raise ServiceError(_("A categoria absoluta segue a ordem de desempates do evento (CBJD 123, 127); "
                             "altere-a nos dados do evento."), "tiebreaks")
    for c in order:
        try:
            get_tiebreak(c)
        except EngineError:
            raise ServiceError(_("Critério de desempate desconhecido: %(code)s.", code=c), "tiebreaks") from None
    with transaction():
        row = next((r for r in _materialise(actor, event) if r.code == code), None)
        if row is None:
            raise ServiceError(_("Categoria não encontrada."))
        before = snapshot(row, FIELDS)
        row.tiebreaks = ",".join(order)
        record(actor, "category.tiebreaks", "event_category", row.id, before, snapshot(row, FIELDS), event.id)


def delete_category(actor: User | None, event: Event, code: str) -> None:
    """Remove a category with its prizes and playoffs; the absolute category stays."""
    if code == ABSOLUTE:
        raise ServiceError(_("A categoria absoluta não pode ser removida."))
    with transaction():
        row = next((r for r in _materialise(actor, event) if r.code == code), None)
        if row is None:
            raise ServiceError(_("Categoria não encontrada."))
        before = snapshot(row, FIELDS)
        for prize in db.session.scalars(select(EventPrize).where(EventPrize.event_id == event.id,
                                                                 EventPrize.category_code == code)):
            db.session.delete(prize)
        for playoff in db.session.scalars(select(Playoff).where(Playoff.event_id == event.id,
                                                                Playoff.category_code == code)):
            db.session.delete(playoff)
        db.session.delete(row)
        record(actor, "category.delete", "event_category", row.id, before, None, event.id)
