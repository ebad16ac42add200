"""Rounds, boards (games) and per-round requests: what the arbiters record during an event."""
from __future__ import annotations

import enum
from datetime import datetime, timezone

from sqlalchemy import DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.event import Entry, Event, enum_column


def _now() -> datetime:
    return datetime.now(timezone.utc)


class RoundStatus(str, enum.Enum):
    PAIRED = "paired"  # generated, visible to the event's arbiters only
    PUBLISHED = "published"  # visible to everyone; results can be entered


class GameResult(str, enum.Enum):
    """A board's result; '' while the game is on. Forfeits carry the W.O. winner's side."""

    PENDING = ""
    WHITE_WIN = "1-0"
    DRAW = "=-="
    BLACK_WIN = "0-1"
    WHITE_FORFEIT_WIN = "+--"
    BLACK_FORFEIT_WIN = "--+"
    DOUBLE_FORFEIT = "---"
    DOUBLE_LOSS = "0-0"  # both lost the game by penalty during play (CBJD 51): played, 0 each
    BYE = "bye"  # pairing-allocated bye of the white-column player
    WITHDRAWN = "wd"  # not played: one of the players had withdrawn (the rule set decides)
    # Adjourned (C.04.2 #1): a draw for pairing only; no points in the standings until the real
    # result replaces it (not a correction: no deadline applies).
    ADJOURNED = "adj"


class RequestKind(str, enum.Enum):
    """Before a round's pairing (C.04.2 #2, #4): a requested bye or a known absence."""

    HALF_BYE = "half_bye"
    ZERO_BYE = "zero_bye"
    ABSENT = "absent"  # absent without notice: not paired until explained


class Round(db.Model):
    __tablename__ = "round"
    __table_args__ = (UniqueConstraint("event_id", "number", name="event_number"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    status: Mapped[RoundStatus] = mapped_column(enum_column(RoundStatus, "round_status"), default=RoundStatus.PAIRED)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    published_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    event: Mapped[Event] = relationship()
    games: Mapped[list["Game"]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="Game.board"
    )


class Game(db.Model):
    """One board. `version` guards against two arbiters overwriting each other's result."""

    __tablename__ = "game"
    __table_args__ = (UniqueConstraint("round_id", "board", name="round_board"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("round.id", ondelete="CASCADE"), index=True)
    board: Mapped[int]
    white_entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id"), index=True)
    black_entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id"), index=True)
    result: Mapped[GameResult] = mapped_column(enum_column(GameResult, "game_result"), default=GameResult.PENDING)
    version: Mapped[int] = mapped_column(default=1)
    # C.04.2 #8: a correction reported after the end of the next round changes neither the
    # standings nor the pairings; it goes only into the rating report (this result, else `result`).
    rating_result: Mapped[str | None] = mapped_column(String(5))

    round: Mapped[Round] = relationship(back_populates="games")
    white: Mapped[Entry] = relationship(foreign_keys=[white_entry_id])
    black: Mapped[Entry | None] = relationship(foreign_keys=[black_entry_id])
    # The players' own reports of this board's result, while it has none.
    # Named by its class name, not imported: `result_report` imports this module (no cycle).
    reports = relationship("ResultReport", back_populates="game", cascade="all, delete-orphan",
                           passive_deletes=True)

    __mapper_args__ = {"version_id_col": version}


class RoundRequest(db.Model):
    __tablename__ = "round_request"
    __table_args__ = (UniqueConstraint("entry_id", "round_number", name="entry_round"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id", ondelete="CASCADE"))
    round_number: Mapped[int]
    kind: Mapped[RequestKind] = mapped_column(enum_column(RequestKind, "request_kind"))
    note: Mapped[str] = mapped_column(String(200), default="")

    entry: Mapped[Entry] = relationship()
