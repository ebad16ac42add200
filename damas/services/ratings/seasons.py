"""Seasons: staff define a season (its events, a points table by place or by score, the CBJD 124
categories ranked); the ranking adds up the finished events' category tables (`engine.season`).
Every change is one audited transaction."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.categories import ABSOLUTE
from damas.engine.integers import parse_int
from damas.engine.season import PLACE, SCORE, EventResult, SeasonRow, season_table
from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import Event, EventStatus, Player, Season, SeasonEvent, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.standings.compute import standings_of

__all__ = ["SeasonRanking", "save_season", "season_ranking", "seasons_of_event", "parse_points_table",
           "parse_categories", "public_event_count", "seasons_choosable_events", "DEFAULT_TABLE"]

# [ours] the default table by place: 25, 20, 16, 13, 11, 10, 9, ... 1 (a circuit's usual shape)
DEFAULT_TABLE = (25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1)
_CODE = re.compile(r"^[a-z0-9-]{1,20}$")


def parse_points_table(text: str) -> list[int]:
    parts = [p.strip() for p in (text or "").replace(";", ",").split(",") if p.strip()]
    points = [parse_int(p, maximum=9999) for p in parts]
    if not parts or len(parts) > 200 or any(p is None for p in points):
        raise ServiceError(_("Tabela de pontos: números inteiros a partir de 0 separados por vírgula."), "points_table")
    return [p for p in points if p is not None]


def parse_categories(text: str) -> list[str]:
    codes = [c.strip().lower() for c in (text or "").split(",") if c.strip()] or [ABSOLUTE]
    if len(codes) > 20 or not all(_CODE.fullmatch(c) for c in codes):
        raise ServiceError(_("Categorias: códigos separados por vírgula (ex.: absoluto, feminino, sub-14)."),
                           "categories")
    return list(dict.fromkeys(codes))


def _audited(season: Season) -> dict[str, Any]:
    return {"name": season.name, "year": season.year, "kind": season.kind, "points_table": list(season.points_table),
            "categories": list(season.categories), "events": sorted(e.event_id for e in season.events)}


def save_season(actor: User, season: Season | None, data: dict[str, Any]) -> Season:
    """Create (`season` None) or update a season from the form's data."""
    name = " ".join((data.get("name") or "").split())
    if not name:
        raise ServiceError(_("Informe o nome da temporada."), "name")
    kind = data.get("kind") or PLACE
    if kind not in (PLACE, SCORE):
        raise ServiceError(_("Escolha como os pontos são dados."), "kind")
    table = parse_points_table(data.get("points_table") or "")
    year = parse_int(data.get("year"), minimum=1900, maximum=2200)
    if year is None:
        raise ServiceError(_("Informe o ano da temporada (1900 a 2200)."), "year")
    categories = parse_categories(data.get("categories") or "")
    event_ids = sorted({parse_int(i) for i in data.get("event_ids") or ()} - {None})
    found = db.session.scalars(select(Event).where(Event.id.in_(event_ids))).all()
    if len(event_ids) != len(found):
        raise ServiceError(_("Evento desconhecido."), "event_ids")
    drafts = sorted(e.name for e in found if not e.is_public)
    if drafts:  # its ranking page is public; a draft exists only for its editors
        raise ServiceError(_("Um evento em rascunho não entra numa temporada (%(names)s): abra as inscrições "
                             "dele antes.", names=", ".join(drafts)), "event_ids")
    games = {e.discipline for e in found}
    if len(games) > 1:  # one ranking per game, as one rating list per game (engine.rating.lists)
        raise ServiceError(_("Uma temporada reúne eventos de uma só modalidade (damas 64, damas 100 ou xadrez)."),
                           "event_ids")
    with transaction():
        created = season is None
        if season is None:
            season = Season(name=name[:160], year=year, kind=kind, points_table=table,
                            categories=categories)
            db.session.add(season)
            before = None
        else:
            before = _audited(season)
            season.name, season.year, season.kind = name[:160], year, kind
            season.points_table, season.categories = table, categories
        current = {e.event_id: e for e in season.events}
        for event_id in set(current) - set(event_ids):
            season.events.remove(current[event_id])
        for event_id in set(event_ids) - set(current):
            season.events.append(SeasonEvent(event_id=event_id))
        db.session.flush()
        record(actor, "create" if created else "update", "season", season.id, before, _audited(season))
    return season


@dataclass(frozen=True)
class SeasonRanking:
    category: str
    events: list[dict[str, Any]]  # id, name, finished
    rows: list[SeasonRow]
    names: dict[int, dict[str, str]]


def _event_results(event: Event, category: str) -> list[EventResult] | None:
    """The players' places and scores in the event's table of `category` (None: no such table)."""
    try:
        table = standings_of(event, None if category == ABSOLUTE else category)
    except EngineError:
        return None
    by_no = table.snap.rows_by_no
    return [EventResult(by_no[r.start_no].player_id, r.rank, r.points) for r in table.standings.rows
            if r.start_no in by_no and r.rank and not r.excluded]


def season_ranking(season: Season, category: str) -> SeasonRanking:
    """The ranking over the season's finished events (running ones are listed, not counted). An
    event put back to draft after it joined is left out: the ranking is public, a draft is not."""
    events = list(db.session.scalars(select(Event).where(Event.id.in_([e.event_id for e in season.events]),
                                                         Event.is_public)
                                     .order_by(Event.start_date, Event.id)))
    counted, shown = [], []
    for event in events:
        finished = event.status == EventStatus.FINISHED
        results = _event_results(event, category) if finished else None
        shown.append({"id": event.id, "name": event.name, "finished": finished, "counted": results is not None})
        if results is not None:
            counted.append(results)
    rows = season_table(season.kind, season.points_table, counted) if counted else []
    ids = [r.player for r in rows]
    names = {pid: {"name": name, "club_state": state or ""} for pid, name, state in db.session.execute(
        select(Player.id, Player.full_name, Player.state).where(Player.id.in_(ids)))} if ids else {}
    return SeasonRanking(category, shown, rows, names)


def public_event_count(season: Season) -> int:
    """How many events the season's public pages show (drafts left out, as in `season_ranking`)."""
    return len(db.session.scalars(select(SeasonEvent.id).join(Event, Event.id == SeasonEvent.event_id)
                                  .where(SeasonEvent.season_id == season.id, Event.is_public)).all())


def seasons_of_event(event_id: int) -> list[Season]:
    return list(db.session.scalars(select(Season).join(SeasonEvent, SeasonEvent.season_id == Season.id)
                                   .where(SeasonEvent.event_id == event_id).order_by(Season.year.desc(), Season.id)))


def seasons_choosable_events() -> list[Event]:
    """The events a season's form offers: neither cancelled nor drafts (`save_season` refuses a
    draft), newest first."""
    return list(db.session.scalars(select(Event).where(Event.status != EventStatus.CANCELLED, Event.is_public)
                                   .order_by(Event.start_date.desc())))
