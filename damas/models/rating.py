"""Where each rating of a player came from: one row per imported value."""
from __future__ import annotations

from datetime import date, datetime, timezone

from sqlalchemy import JSON, CheckConstraint, Date, DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db

from damas.engine.rating.lists import FEDERATION_GAME, RatingListKey

RATING_LISTS = ("regular", "rapid", "blitz")
_DISCIPLINE_CHECK = "discipline IN ('damas-64', 'damas-100', 'xadrez')"


def _now() -> datetime:
    return datetime.now(timezone.utc)


class RatingRecord(db.Model):
    """A rating a player got on one list from one source (a rating-list or registry file):
    the value, the list's date, the source's name and file, who imported it and when."""

    __tablename__ = "rating_record"
    __table_args__ = (
        CheckConstraint("value >= 0", name="value_nonneg"),
        CheckConstraint("rating_list IN ('regular', 'rapid', 'blitz')", name="list_code"),
        CheckConstraint(_DISCIPLINE_CHECK, name="record_discipline"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    # The list is the discipline's and the rate's (engine.rating.lists).
    discipline: Mapped[str] = mapped_column(String(20), default=FEDERATION_GAME, server_default=FEDERATION_GAME)
    rating_list: Mapped[str] = mapped_column(String(10))
    value: Mapped[int]
    previous: Mapped[int | None]
    list_date: Mapped[date] = mapped_column(Date)
    source: Mapped[str] = mapped_column(String(120))
    file_name: Mapped[str] = mapped_column(String(200), default="")
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    # The rating period whose closing made this record; None = a file or the form.
    period_id: Mapped[int | None] = mapped_column(ForeignKey("rating_period.id", ondelete="CASCADE"), index=True)

    @property
    def key(self) -> RatingListKey:
        return RatingListKey(self.discipline, self.rating_list)


class RatingPeriod(db.Model):
    """A rating period closed by staff: the events of one list finished
    between `start_date` and `end_date` are rated; the new ratings are dated `list_date`.
    `status` "closed" while in force, "reopened" after staff reopened it (its records removed)."""

    __tablename__ = "rating_period"
    __table_args__ = (
        CheckConstraint("rating_list IN ('regular', 'rapid', 'blitz')", name="period_list_code"),
        CheckConstraint(_DISCIPLINE_CHECK, name="period_discipline"),
        CheckConstraint("end_date >= start_date", name="period_dates_ordered"),
        CheckConstraint("status IN ('closed', 'reopened')", name="period_status"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120))
    discipline: Mapped[str] = mapped_column(String(20), default=FEDERATION_GAME, server_default=FEDERATION_GAME)
    rating_list: Mapped[str] = mapped_column(String(10))
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date] = mapped_column(Date)
    list_date: Mapped[date] = mapped_column(Date)
    event_ids: Mapped[list] = mapped_column(JSON, default=list)
    status: Mapped[str] = mapped_column(String(10), default="closed")
    closed_by: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"), index=True)
    closed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    @property
    def key(self) -> RatingListKey:
        return RatingListKey(self.discipline, self.rating_list)


class RatingPeriodEvent(db.Model):
    """An event rated by a closed period: an event is rated once (the unique event id makes a
    second close over the same events impossible, even by two staff at the same moment); the row
    goes when its period is reopened."""

    __tablename__ = "rating_period_event"

    id: Mapped[int] = mapped_column(primary_key=True)
    period_id: Mapped[int] = mapped_column(ForeignKey("rating_period.id", ondelete="CASCADE"), index=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), unique=True)
