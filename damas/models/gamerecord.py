"""Games on record (CBJD 3º-6º, FIDE Laws art. 8): the moves of a game as its score
sheet writes them, and the desk's references to a recorded move (CBJD 5º, 95 d).

A record belongs to one game of an event, named by `round_number`, `board` and `game_no` as the
event's format numbers its games (`damas.formats.game_slots`: a round's board; a micro-match's
game 1 or 2; a knockout tie's game; a team match's board over the round), and keeps the players
it was recorded for, so a record whose game was re-paired is not shown as that game's.
`plies` caches the rules' check (each move's notation and the position after it) so the public
pages never replay a game; `irregular_ply` is set when the arbiter saved the sheet as written,
irregular at that move (CBJD 56, 59: the sheet is evidence).
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.player import Player
from damas.models.user import User


def _now() -> datetime:
    return datetime.now(timezone.utc)


class GameRecord(db.Model):
    __tablename__ = "game_record"
    __table_args__ = (UniqueConstraint("event_id", "round_number", "board", "game_no", name="event_game"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int]
    board: Mapped[int]
    game_no: Mapped[int] = mapped_column(default=1)
    white_player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    black_player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    moves: Mapped[str] = mapped_column(Text, default="")  # as written, separated by spaces
    result_token: Mapped[str] = mapped_column(String(8), default="")  # the sheet's / file's result
    start_fen: Mapped[str] = mapped_column(String(120), default="")  # "" = the initial position
    plies: Mapped[list] = mapped_column(JSON, default=list)  # the check: [{n, f, s, c, m}] per legal move
    final: Mapped[str] = mapped_column(String(8), default="open")  # what the final position decides (Verdict)
    irregular_ply: Mapped[int | None]  # saved as written, irregular at this move (ply from 1)
    note: Mapped[str] = mapped_column(String(300), default="")
    source: Mapped[str] = mapped_column(String(10), default="typed")  # typed | file
    recorded_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    version: Mapped[int] = mapped_column(default=1)

    white: Mapped[Player] = relationship(foreign_keys=[white_player_id])
    black: Mapped[Player] = relationship(foreign_keys=[black_player_id])
    recorded_by: Mapped[User | None] = relationship()

    __mapper_args__ = {"version_id_col": version}


class DeskMoveReference(db.Model):
    """A desk matter that points at a recorded move: a CBJD 95 d irregular-move claim, a CBJD 5º
    question on the number of moves, or an incident (CBJD 60 b); `ply` 0 is the start position."""

    __tablename__ = "desk_move_ref"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    record_id: Mapped[int] = mapped_column(ForeignKey("game_record.id", ondelete="CASCADE"), index=True)
    ply: Mapped[int]
    subject: Mapped[str] = mapped_column(String(20))  # claim_95d | move_count | incident
    incident_id: Mapped[int | None] = mapped_column(ForeignKey("desk_incident.id", ondelete="SET NULL"), index=True)
    note: Mapped[str] = mapped_column(String(500), default="")
    arbiter_user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    record: Mapped[GameRecord] = relationship()
    arbiter: Mapped[User | None] = relationship()
