"""The player's page: where each rating came from, newest first."""
from __future__ import annotations

from typing import Any

from flask_login import current_user
from sqlalchemy import select

from damas.extensions import db
from damas.models import Player, RatingRecord, Role, User
from damas.presentation.labels import rating_list_name

SHOWN = 30  # the latest records; the audit log keeps every change


def rating_records(player: Player) -> list[dict[str, Any]]:
    rows = db.session.execute(
        select(RatingRecord, User.name).outerjoin(User, User.id == RatingRecord.user_id)
        .where(RatingRecord.player_id == player.id)
        .order_by(RatingRecord.list_date.desc(), RatingRecord.id.desc()).limit(SHOWN)).all()
    staff = getattr(current_user, "is_authenticated", False) and current_user.role == Role.STAFF
    return [{"list_date": r.list_date.strftime("%d/%m/%Y"), "list_name": rating_list_name(r.discipline, r.rating_list),
             "value": r.value, "previous": r.previous, "source": r.source, "file_name": r.file_name,
             "by": name if staff else ""} for r, name in rows]
