"""The player's career: his events with place, points, performance and
rating change, and the series of his rating per list over time, drawn as a chart by
`damas.presentation.rating_chart`."""
from __future__ import annotations

from datetime import date
from typing import Any

from sqlalchemy import select

from damas.engine.rating.lists import DISCIPLINES
from damas.engine.types import EngineError
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, EventStatus, Player, RatingPeriod, RatingRecord
from damas.presentation.labels import DISCIPLINE_NAMES, STATUS_NAMES, pick, rating_list_name
from damas.presentation.numbers import points_text
from damas.presentation.rating_chart import chart_of
from damas.presentation.rating_figures import signed
from damas.services.ratings.change import event_ratings
from damas.services.standings.compute import standings_of

__all__ = ["career_rows", "rating_charts"]


def _place(event: Event, player_id: int) -> tuple[str, str]:
    """(place, points) in the event's table (a knockout's: its bracket places); ("—", "—") in a
    team event, which ranks teams."""
    if get_format(event).team_based:  # a team event ranks teams
        return "—", "—"
    try:
        table = standings_of(event)
    except EngineError:
        return "—", "—"
    no = next((n for n, row in table.snap.rows_by_no.items() if row.player_id == player_id), None)
    row = next((r for r in table.standings.rows if r.start_no == no), None)
    if row is None:
        return "—", "—"
    return (row.rank_label or str(row.rank) or "—"), points_text(event.ruleset, row.points)


def career_rows(player: Player, events: list[Event]) -> list[dict[str, Any]]:
    """One line per event (newest first) that has started: place, points, Rp, ΔR. An event
    still being played says so where the end date goes ("Em andamento", its status's name) and
    has no place yet (the rounds to come decide it); its points are the ones so far."""
    out = []
    for event in events:
        running = event.status == EventStatus.RUNNING
        place, points = _place(event, player.id)
        ratings = event_ratings(event)
        mine = next((r for r in ratings.rows if r.player_id == player.id), None)
        change = mine.change if mine else None
        out.append({"id": event.id, "name": event.name, "end_date": event.end_date.strftime("%d/%m/%Y"),
                    "running": pick(STATUS_NAMES[EventStatus.RUNNING.value]) if running else None,
                    "place": "—" if running else place, "points": points,
                    "performance": (change.performance if change and change.performance else "—"),
                    "delta": signed(change.delta) if change and change.rating and change.counted else
                    (str(change.new_rating) if change and change.initial else "—"),
                    "list_name": rating_list_name(event.discipline, ratings.rating_list)})
    return out


def rating_charts(player: Player) -> list[dict[str, Any]]:
    """A chart per game of his rating records (a chess rating never drawn among his draughts
    ones: one list per discipline and rate): the value after each list date (two records on one
    date keep the last), and for a rating period the rating it started from at the period's
    first day when nothing earlier is dated."""
    rows = db.session.execute(
        select(RatingRecord.discipline, RatingRecord.rating_list, RatingRecord.list_date, RatingRecord.value)
        .where(RatingRecord.player_id == player.id, RatingRecord.value > 0).order_by(RatingRecord.list_date, RatingRecord.id)).all()
    series: dict[str, dict[str, dict[date, int]]] = {}
    for discipline, listing, when, value in rows:
        series.setdefault(discipline, {}).setdefault(listing, {})[when] = value
    # a period's record also dates the rating it started from: the previous value at its start
    for discipline, listing, start, previous in db.session.execute(
            select(RatingRecord.discipline, RatingRecord.rating_list, RatingPeriod.start_date, RatingRecord.previous)
            .join(RatingPeriod, RatingPeriod.id == RatingRecord.period_id)
            .where(RatingRecord.player_id == player.id, RatingRecord.previous > 0)):
        game = series.setdefault(discipline, {})
        if not any(when <= start for when in game.get(listing, {})):
            game.setdefault(listing, {})[start] = previous
    charts = []
    for discipline in DISCIPLINES:
        chart = chart_of(series.get(discipline, {}))
        if chart is not None:
            charts.append({**chart, "discipline": pick(DISCIPLINE_NAMES[discipline])})
    return charts
