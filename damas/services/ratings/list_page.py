"""The public rating list: every rated player of one list, best first, with filters (category,
club, state) and the last record (date and source: a closed period, a file).

Categories: the CBJD set (CBJD 124, 125: sub-10 ... sub-23 by the year of birth in the list's
year, feminino), through the engine's `Category.admits`.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date

from sqlalchemy import func, select

from damas.engine.categories import default_categories
from damas.engine.types import Entrant
from damas.extensions import db
from damas.engine.rating.lists import RatingListKey
from damas.models import Club, Player, RatingRecord
from damas.models.player import RATING_FIELDS

__all__ = ["ListRow", "CATEGORIES", "rating_list_rows"]

CATEGORIES = {c.code: c for c in default_categories() if not c.is_absolute}


@dataclass(frozen=True)
class ListRow:
    rank: int
    player_id: int
    name: str
    federation_id: str
    club: str
    state: str
    birth_year: int | None
    sex: str
    rating: int
    list_date: date | None
    source: str
    discipline: str
    rating_list: str


def _in_category(category: str, sex: str, birth: date | None, year: int) -> bool:
    entrant = Entrant(start_no=1, name="", sex=(sex or "").lower(), birth_year=birth.year if birth else None)
    return CATEGORIES[category].admits(entrant, year)


def rating_list_rows(key: RatingListKey, club_id: int | None = None, state: str = "", category: str = "",
                     year: int | None = None) -> list[ListRow]:
    """The rated players of the list `key` (a game and a rate) by rating (then name), filtered;
    two queries."""
    column = getattr(Player, RATING_FIELDS[key])
    query = (select(Player.id, Player.full_name, Player.federation_id, Club.short_name, Club.name, Player.state,
                    Player.birth_date, Player.sex, column)
             .outerjoin(Club, Club.id == Player.club_id).where(column > 0))
    if club_id:
        query = query.where(Player.club_id == club_id)
    if state:
        query = query.where(Player.state == state.upper())
    rows = db.session.execute(query.order_by(column.desc(), Player.full_name)).all()
    year = year or date.today().year
    if category:
        rows = [r for r in rows if _in_category(category, r[7], r[6], year)]
    latest = {}
    ids = [r[0] for r in rows]
    if ids:
        last = (select(RatingRecord.player_id, func.max(RatingRecord.id).label("id"))
                .where(RatingRecord.discipline == key.discipline, RatingRecord.rating_list == key.rate,
                       RatingRecord.player_id.in_(ids))
                .group_by(RatingRecord.player_id)).subquery()
        latest = {pid: (d, s) for pid, d, s in db.session.execute(
            select(RatingRecord.player_id, RatingRecord.list_date, RatingRecord.source)
            .join(last, last.c.id == RatingRecord.id))}
    out, rank, previous = [], 0, None
    for i, r in enumerate(rows, start=1):
        if r[8] != previous:
            rank, previous = i, r[8]
        list_date, source = latest.get(r[0], (None, ""))
        out.append(ListRow(rank, r[0], r[1], r[2] or "", r[3] or r[4] or "", r[5] or "",
                           r[6].year if r[6] else None, r[7], r[8], list_date, source, key.discipline, key.rate))
    return out
