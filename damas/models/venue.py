"""The venue on the day: who checked in before a round, and how the event uses check-in and the
wall screen (RULES.md §5 absences, as extended on the event's regulations page)."""
from __future__ import annotations

import enum
from datetime import datetime, timezone

from sqlalchemy import CheckConstraint, DateTime, ForeignKey, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db
from damas.models.event import enum_column


def _now() -> datetime:
    return datetime.now(timezone.utc)


class VenueSettings(db.Model):
    """Per event: whether players check in before round 1 only or before every round, and what
    the wall screen shows (seconds per page, how many in the standings). No row: no check-in."""

    __tablename__ = "venue_settings"
    __table_args__ = (CheckConstraint("screen_seconds >= 3", name="venue_screen_seconds_min"),
                      CheckConstraint("screen_top_n >= 1", name="venue_screen_top_n_pos"))

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    checkin_round_one: Mapped[bool] = mapped_column(default=False, server_default="0")
    checkin_every_round: Mapped[bool] = mapped_column(default=False, server_default="0")
    screen_seconds: Mapped[int] = mapped_column(default=12, server_default="12")
    screen_top_n: Mapped[int] = mapped_column(default=20, server_default="20")


class CheckInMethod(str, enum.Enum):
    QR = "qr"            # the player scanned the event's QR code, logged in
    ARBITER = "arbiter"  # the arbiter ticked him on the check-in page


class CheckIn(db.Model):
    """A player present before round `round_number` of an event."""

    __tablename__ = "check_in"
    __table_args__ = (UniqueConstraint("entry_id", "round_number", name="check_in_entry_round"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int] = mapped_column(default=1)
    method: Mapped[CheckInMethod] = mapped_column(enum_column(CheckInMethod, "check_in_method"))
    checked_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    by_user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
