"""A player's own report of his board's result, waiting for the other
player's report or the arbiter.

One row per board and side: a player who reports again replaces his earlier report. The rows
live only while the board has no result: when both sides agree the result is entered and the
rows go; when an arbiter enters or corrects the board's result (the arbiter's entry always
wins) they go too. The audit log keeps every report (action ``report_result``).
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.play import Game
from damas.models.user import User


def _now() -> datetime:
    return datetime.now(timezone.utc)


class ResultReport(db.Model):
    __tablename__ = "result_report"
    __table_args__ = (UniqueConstraint("game_id", "side", name="game_side"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    side: Mapped[str] = mapped_column(String(1))  # "w" or "b": the reporter's colour on the board
    result: Mapped[str] = mapped_column(String(5))  # a GameResult value: 1-0, =-= or 0-1
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"), index=True)
    reported_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    game: Mapped[Game] = relationship(back_populates="reports")
    user: Mapped[User] = relationship()
