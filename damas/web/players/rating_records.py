"""The player's page: where each rating came from (issue 17 point 2), newest first, and the
rating history drawn per rating list (issue 27 point 7)."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from flask_login import current_user
from markupsafe import Markup
from sqlalchemy import select

from damas.extensions import db
from damas.models import Player, RatingRecord, Role, User
from damas.presentation.charts import Series, line_chart
from damas.presentation.summaries import RATING_LIST_NAMES, pick

SHOWN = 30  # the latest records; the audit log keeps every change


def rating_records(player: Player) -> list[dict[str, Any]]:
    rows = db.session.execute(
        select(RatingRecord, User.name).outerjoin(User, User.id == RatingRecord.user_id)
        .where(RatingRecord.player_id == player.id)
        .order_by(RatingRecord.list_date.desc(), RatingRecord.id.desc()).limit(SHOWN)).all()
    staff = getattr(current_user, "is_authenticated", False) and current_user.role == Role.STAFF
    return [{"list_date": r.list_date.strftime("%d/%m/%Y"), "list_name": pick(RATING_LIST_NAMES[r.rating_list]),
             "value": r.value, "previous": r.previous, "source": r.source, "file_name": r.file_name,
             "by": name if staff else ""} for r, name in rows]


def rating_history_chart(player: Player) -> Markup:
    """The player's ratings over time, one line per rating list, in list-date order; empty when
    there is no record. The records' table on the page carries the same numbers."""
    rows = db.session.scalars(select(RatingRecord).where(RatingRecord.player_id == player.id)
                              .order_by(RatingRecord.list_date, RatingRecord.id)).all()
    dates = sorted({r.list_date for r in rows})
    labels = [d.strftime("%m/%Y") if len({x.strftime("%m/%Y") for x in dates}) == len(dates)
              else d.strftime("%d/%m/%y") for d in dates]
    label_of = dict(zip(dates, labels))
    series = []
    for k, lst in enumerate(sorted({r.rating_list for r in rows})):
        last = {label_of[r.list_date]: r.value for r in rows if r.rating_list == lst}  # the day's last
        series.append(Series(pick(RATING_LIST_NAMES[lst]), tuple((x, last.get(x)) for x in labels),
                             f"chart-line-{k % 4 + 1}"))
    return Markup(line_chart(series, title=_("Histórico de rating"), labels=labels))  # escaped inside
