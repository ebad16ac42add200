"""Ratings in the demo: the federation's rating period closed over the finished events of the
rapid list (the round robin and the club knockout: CBJD 115, faster than 45 minutes), and a
season ranking with those two events, so a newcomer sees the rating change pages, the
published rating list, the players' careers and charts and the season table."""
from __future__ import annotations

from datetime import date

from sqlalchemy import select

from damas.engine.rating.lists import RatingListKey
from damas.extensions import db
from damas.models import Event, EventStatus, User
from damas.services.ratings.periods import close_period
from damas.services.ratings.seasons import DEFAULT_TABLE, save_season


def demo_ratings(staff: User, today: date | None = None) -> None:
    today = today or date.today()
    rapid = RatingListKey("damas-64", "rapid")  # one list per game and rate: draughts 64's rapid list
    finished = [e for e in db.session.scalars(select(Event).where(Event.status == EventStatus.FINISHED)
                                              .order_by(Event.end_date, Event.id))
                if e.list_key == rapid]
    if not finished:
        return
    start = min(e.end_date for e in finished)
    close_period(staff, f"Lista rápida {today:%m/%Y}", rapid, start, today, today)
    save_season(staff, None, {"name": f"Circuito Cearense de Damas Rápidas {today.year}", "year": today.year,
                              "kind": "place", "points_table": ", ".join(str(p) for p in DEFAULT_TABLE),
                              "categories": "absoluto, feminino, sub-18",
                              "event_ids": [e.id for e in finished[:2]]})
