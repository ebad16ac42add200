"""Knockout events (RULES.md §3 Knockout, §7): settings per event and the games of each tie.

Own tables rather than Round/Game: a tie holds main, replay, rapid and Armageddon games and
the minutes each player was absent, none of which a Round/Game board can carry, and who
plays whom in a later round is derived from the games (engine `all_ties`), never stored.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.event import Entry, Event


def _now() -> datetime:
    return datetime.now(timezone.utc)


class KnockoutSetup(db.Model):
    """An event's knockout settings and, once started, its seeding.

    `version` is bumped by every game entered or corrected, with a conditional UPDATE
    (services/rounds/knockout.py `_bump`): the row serialises concurrent arbiters.
    """

    __tablename__ = "knockout_setup"
    __table_args__ = (
        CheckConstraint("games >= 1 AND rapid_games >= 1", name="knockout_games_positive"),
        CheckConstraint("places >= 2", name="knockout_places"),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    games: Mapped[int] = mapped_column(default=1)  # games per tie (1 or a mini-match)
    drawn: Mapped[str] = mapped_column(String(10), default="replay")  # "replay" (club) | "playoff"
    rapid_games: Mapped[int] = mapped_column(default=2)
    places: Mapped[int] = mapped_column(default=2)  # 2: final only, 4: third place, 8: 5-8 too
    seeds: Mapped[list | None] = mapped_column(JSON)  # pairing numbers, best first; None = not started
    lot_seed: Mapped[int | None]  # colours of play-off games by lot (FIDE-GR Playoff j)
    started_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    version: Mapped[int] = mapped_column(default=1)

    event: Mapped[Event] = relationship()


class KnockoutGame(db.Model):
    """One game of tie (round, tie_index); `seq` orders the games of the tie (1, 2, ...).

    `outcome` is White's engine Outcome value (win, draw, loss, forfeit_win, forfeit_loss,
    double_forfeit); the absence minutes are kept for the both-absent rule (CLUB).
    """

    __tablename__ = "knockout_game"
    __table_args__ = (UniqueConstraint("event_id", "round", "tie_index", "seq", name="knockout_tie_seq"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    round: Mapped[int]
    tie_index: Mapped[int]
    seq: Mapped[int]
    stage: Mapped[str] = mapped_column(String(12))  # engine Stage value
    white_entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id"), index=True)
    black_entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id"), index=True)
    outcome: Mapped[str] = mapped_column(String(20))
    white_absent_minutes: Mapped[int | None]
    black_absent_minutes: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    version: Mapped[int] = mapped_column(default=1)

    white: Mapped[Entry] = relationship(foreign_keys=[white_entry_id])
    black: Mapped[Entry] = relationship(foreign_keys=[black_entry_id])

    __mapper_args__ = {"version_id_col": version}
