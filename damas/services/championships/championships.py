"""A championship itself: create and edit its name, dates, venue, organiser, regulations text and
the rules that span its sections; read the published ones. One audited transaction each.

[ours] A championship's dates hold every section's dates: a section event runs inside them, and
the championship's dates cannot shrink past a section (its page's schedule is the sections')."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.integers import parse_int
from damas.extensions import db
from damas.models import Event, User
from damas.models.championships import Championship, ChampionshipSection
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError

__all__ = [
    "FIELDS",
    "championship_of_event",
    "published_championships",
    "save_championship",
    "section_events",
]

FIELDS = ("name", "start_date", "end_date", "venue", "organiser", "regulations", "club_best_n",
          "one_prize_per_player", "published")
MAX_REGULATIONS = 50_000  # characters of the regulations text (a long rule book still fits)


def _text(data: dict[str, Any], name: str, limit: int) -> str:
    value = " ".join(str(data.get(name) or "").split())
    if len(value) > limit:
        raise ServiceError(_("Texto longo demais (até %(n)s caracteres).", n=limit), name)
    return value


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    """The form's values as stored, or a ServiceError naming the field."""
    name = _text(data, "name", 160)
    if not name:
        raise ServiceError(_("Informe o nome do campeonato."), "name")
    start, end = data.get("start_date"), data.get("end_date")
    if not isinstance(start, date):
        raise ServiceError(_("Informe a data de início."), "start_date")
    if not isinstance(end, date):
        raise ServiceError(_("Informe a data de término."), "end_date")
    if end < start:
        raise ServiceError(_("A data de término é anterior à de início."), "end_date")
    regulations = str(data.get("regulations") or "").replace("\r\n", "\n").strip()
    if len(regulations) > MAX_REGULATIONS:
        raise ServiceError(_("Texto longo demais (até %(n)s caracteres).", n=MAX_REGULATIONS), "regulations")
    best_n = data.get("club_best_n")
    if best_n in (None, ""):
        best_n = None
    else:
        best_n = parse_int(best_n, minimum=1, maximum=100)
        if best_n is None:
            raise ServiceError(_("Os melhores N de cada clube: um número de 1 a 100, ou vazio (sem "
                                 "classificação por clubes)."), "club_best_n")
    return {"name": name, "start_date": start, "end_date": end, "venue": _text(data, "venue", 200),
            "organiser": _text(data, "organiser", 200), "regulations": regulations, "club_best_n": best_n,
            "one_prize_per_player": bool(data.get("one_prize_per_player")), "published": bool(data.get("published"))}


def section_events(championship: Championship) -> list[Event]:
    """The section events in the championship's order (one query)."""
    ids = [s.event_id for s in championship.sections]
    found = {e.id: e for e in db.session.scalars(select(Event).where(Event.id.in_(ids)))} if ids else {}
    return [found[i] for i in ids if i in found]


def _check_sections_fit(championship: Championship, start: date, end: date) -> None:
    outside = [e.name for e in section_events(championship) if e.start_date < start or e.end_date > end]
    if outside:
        raise ServiceError(_("As datas do campeonato devem conter as das seções: %(names)s fica fora.",
                             names=", ".join(outside)), "start_date")


def save_championship(actor: User, championship: Championship | None, data: dict[str, Any]) -> Championship:
    """Create (`championship` None) or update a championship from the form's data."""
    values = _clean(data)
    if championship is not None:
        _check_sections_fit(championship, values["start_date"], values["end_date"])
    with transaction():
        if championship is None:
            championship = Championship(**values)
            db.session.add(championship)
            db.session.flush()
            record(actor, "create", "championship", championship.id, None, snapshot(championship, FIELDS))
        else:
            before = snapshot(championship, FIELDS)
            for name, value in values.items():
                setattr(championship, name, value)
            after = snapshot(championship, FIELDS)
            if before != after:
                record(actor, "update", "championship", championship.id, before, after)
    return championship


def championship_of_event(event_id: int) -> Championship | None:
    """The championship the event is a section of, None when it is in none."""
    return db.session.scalar(select(Championship).join(ChampionshipSection)
                             .where(ChampionshipSection.event_id == event_id))


def published_championships() -> list[Championship]:
    """Every published championship, the latest first."""
    return list(db.session.scalars(select(Championship).where(Championship.published.is_(True))
                                   .order_by(Championship.start_date.desc(), Championship.id.desc())))
