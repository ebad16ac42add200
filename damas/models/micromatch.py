"""Micro-match events (CBJD 119-122): per-event settings, the two games of each micro-match,
the federation's list of openings and the openings drawn, and team events (CBJD 120).

All in new tables keyed by event: the core tables (event, round, game) are untouched.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import BigInteger, DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.engine.openings import CODE_MAX, MOVES_MAX, NAME_MAX
from damas.extensions import db


def _now() -> datetime:
    return datetime.now(timezone.utc)


class MicroMatchSettings(db.Model):
    """How a micro-match event is played: individual or teams, scoring, opening draw."""

    __tablename__ = "micromatch_settings"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), unique=True)
    team: Mapped[bool] = mapped_column(default=False)
    boards: Mapped[int] = mapped_column(default=4)  # team events: boards per team match
    # games on each board of a team match: 2 the micro-match (CBJD 120), 1 a FIDE team match
    games_per_board: Mapped[int] = mapped_column(default=2, server_default="2")
    scoring: Mapped[str] = mapped_column(String(10), default="game")  # "game" | "match" (RULES.md §2)
    openings: Mapped[str] = mapped_column(String(10), default="round")  # "none" | "round" | "board"


class MicroGame(db.Model):
    """The two games of an individual micro-match (one `Game` board), from White-in-game-1's side."""

    __tablename__ = "micro_game"

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), unique=True)
    game1: Mapped[str] = mapped_column(String(4), default="")
    game2: Mapped[str] = mapped_column(String(4), default="")


class OpeningList(db.Model):
    """One upload of the federation's openings; the newest is the one drawn from."""

    __tablename__ = "opening_list"

    id: Mapped[int] = mapped_column(primary_key=True)
    filename: Mapped[str] = mapped_column(String(200), default="")
    uploaded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    uploaded_by: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)

    openings: Mapped[list["OpeningItem"]] = relationship(
        back_populates="list", cascade="all, delete-orphan", order_by="OpeningItem.position")


class OpeningItem(db.Model):
    __tablename__ = "opening_item"
    __table_args__ = (UniqueConstraint("list_id", "code", name="opening_list_code"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    list_id: Mapped[int] = mapped_column(ForeignKey("opening_list.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    code: Mapped[str] = mapped_column(String(CODE_MAX))  # the openings parser refuses longer text
    moves: Mapped[str] = mapped_column(String(MOVES_MAX))
    name: Mapped[str] = mapped_column(String(NAME_MAX), default="")

    list: Mapped[OpeningList] = relationship(back_populates="openings")


class OpeningDrawRow(db.Model):
    """An opening drawn for a round (board 0: all boards) with the seed used; copied text so a
    later upload never changes what was played."""

    __tablename__ = "opening_draw"
    __table_args__ = (UniqueConstraint("event_id", "round_number", "board", name="event_round_board_opening"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int]
    board: Mapped[int] = mapped_column(default=0)
    seed: Mapped[int] = mapped_column(BigInteger)
    code: Mapped[str] = mapped_column(String(40))
    moves: Mapped[str] = mapped_column(String(400))
    name: Mapped[str] = mapped_column(String(200), default="")
    new_cycle: Mapped[bool] = mapped_column(default=False)
    list_id: Mapped[int | None] = mapped_column(ForeignKey("opening_list.id", ondelete="SET NULL"), index=True)
    drawn_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class Team(db.Model):
    """A team entry (CBJD 120): starting number, name, club/city, captain (a user or a name)."""

    __tablename__ = "team"
    __table_args__ = (UniqueConstraint("event_id", "name", name="event_team_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    name: Mapped[str] = mapped_column(String(120))
    club: Mapped[str] = mapped_column(String(120), default="")
    city: Mapped[str] = mapped_column(String(80), default="")
    captain_user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    captain_name: Mapped[str] = mapped_column(String(120), default="")

    members: Mapped[list["TeamMemberRow"]] = relationship(
        back_populates="team", cascade="all, delete-orphan", order_by="TeamMemberRow.position")
    # read-only: the rating list of the team's players is the event's (Event.list_key)
    event: Mapped["Event"] = relationship(viewonly=True)


class TeamMemberRow(db.Model):
    """A registered player of a team, in board order (regulars first, then reserves)."""

    __tablename__ = "team_member"
    __table_args__ = (UniqueConstraint("team_id", "player_id", name="team_player"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    position: Mapped[int]

    team: Mapped[Team] = relationship(back_populates="members")
    player = relationship("Player")


class TeamRound(db.Model):
    __tablename__ = "team_round"
    __table_args__ = (UniqueConstraint("event_id", "number", name="team_event_round"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    published: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    matches: Mapped[list["TeamMatchRow"]] = relationship(
        back_populates="round", cascade="all, delete-orphan", order_by="TeamMatchRow.table")


class TeamMatchRow(db.Model):
    """A team match of a round (team A = White on board 1 in game 1); no team B = the bye."""

    __tablename__ = "team_match"

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("team_round.id", ondelete="CASCADE"), index=True)
    table: Mapped[int]
    team_a_id: Mapped[int] = mapped_column(ForeignKey("team.id"), index=True)
    team_b_id: Mapped[int | None] = mapped_column(ForeignKey("team.id"), index=True)
    # a bye (no team B): "" the pairing bye as `bye_result` scores it; else the outcome's value
    # ("half_bye", "zero_bye", ...) with its own game points (a TRF file's 320 / 240 byes)
    bye_outcome: Mapped[str] = mapped_column(String(16), default="", server_default="")
    bye_game_points: Mapped[int | None] = mapped_column(default=None)

    round: Mapped[TeamRound] = relationship(back_populates="matches")
    team_a: Mapped[Team] = relationship(foreign_keys=[team_a_id])
    team_b: Mapped[Team | None] = relationship(foreign_keys=[team_b_id])
    boards: Mapped[list["TeamBoardRow"]] = relationship(
        back_populates="match", cascade="all, delete-orphan", order_by="TeamBoardRow.board")


class TeamLineup(db.Model):
    """A team's line-up for a round: the player on each board (none = empty board)."""

    __tablename__ = "team_lineup"
    __table_args__ = (UniqueConstraint("round_id", "team_id", "board", name="team_round_board"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("team_round.id", ondelete="CASCADE"), index=True)
    team_id: Mapped[int] = mapped_column(ForeignKey("team.id", ondelete="CASCADE"), index=True)
    board: Mapped[int]
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)


class TeamBoardRow(db.Model):
    """One board of a team match: the two games from team A's player's side."""

    __tablename__ = "team_board"
    __table_args__ = (UniqueConstraint("match_id", "board", name="team_match_board"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    match_id: Mapped[int] = mapped_column(ForeignKey("team_match.id", ondelete="CASCADE"), index=True)
    board: Mapped[int]
    game1: Mapped[str] = mapped_column(String(4), default="")
    game2: Mapped[str] = mapped_column(String(4), default="")

    match: Mapped[TeamMatchRow] = relationship(back_populates="boards")
