"""Seasons: a "ranking estadual" or circuit over several events."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Season(db.Model):
    """`kind` "place" (points by place: `points_table[i]` for place i + 1) or "score" (the
    event score in rule-set units times `points_table[0]`); `categories` the CBJD 124 codes
    ranked (the event's category tables)."""

    __tablename__ = "season"
    __table_args__ = (CheckConstraint("kind IN ('place', 'score')", name="kind_code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(160))
    year: Mapped[int]
    kind: Mapped[str] = mapped_column(String(10), default="place")
    points_table: Mapped[list] = mapped_column(JSON, default=list)
    categories: Mapped[list] = mapped_column(JSON, default=list)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    events: Mapped[list["SeasonEvent"]] = relationship(back_populates="season", cascade="all, delete-orphan",
                                                       order_by="SeasonEvent.id")


class SeasonEvent(db.Model):
    __tablename__ = "season_event"
    __table_args__ = (UniqueConstraint("season_id", "event_id", name="season_event_once"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    season_id: Mapped[int] = mapped_column(ForeignKey("season.id", ondelete="CASCADE"), index=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)

    season: Mapped[Season] = relationship(back_populates="events")
