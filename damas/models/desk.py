"""The arbiter's desk (RULES.md §6, §3): incidents, applied penalties, sanctions, forfeit
decisions, the appeals committee and appeals, and the desk settings of an event.

Every table is keyed by `event_id` (no column added to the existing tables). The PDF reports
read these tables directly: `DeskIncident`, `DeskPenalty`, `DeskSanction`, `DeskForfeitDecision`,
`DeskCommitteeMember`, `DeskAppeal` (see `damas.web.desk.report.report_context` for plain data).
"""
from __future__ import annotations

from datetime import date, datetime, timezone

from sqlalchemy import JSON, Date, DateTime, ForeignKey, String, Text
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.event import Entry
from damas.models.user import User


def _now() -> datetime:
    return datetime.now(timezone.utc)


class DeskSettings(db.Model):
    """Per-event settings of the desk. A missing row means the defaults below.

    * CBJD 60: `incident_scope` ``game`` (default) or ``event``; `extra_minutes` (2);
      `loss_from` (3: the third incidence loses the game).
    * CLUB disconnections: `disconnection_limit` (3), `disconnection_scope`; `online` offers the
      disconnection kind (always offered for the ``club`` rule set).
    * FIDE-GR forfeits: `forfeit_propose_after` (1) and `forfeit_expel_after` (3); 0 disables.
    * C.04.2 #8 corrections **[ours]**: `correction_mode` ``hours`` (until `correction_hours`
      after the round's publication, default 24), ``next_pairing`` (until the next round is
      paired) or ``event_end`` (while the event runs).
    * FIDE-GR appeals: fee in cents, deadline in minutes after the decision, refund rules.
    * Chief arbiter: `chief_arbiter_user_id`, one of the event's arbiters, named by staff. Staff
      always act as chief arbiter.
    """

    __tablename__ = "desk_settings"

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    incident_scope: Mapped[str] = mapped_column(String(10), default="game")
    extra_minutes: Mapped[int] = mapped_column(default=2)
    loss_from: Mapped[int] = mapped_column(default=3)
    disconnection_limit: Mapped[int] = mapped_column(default=3)
    disconnection_scope: Mapped[str] = mapped_column(String(10), default="game")
    online: Mapped[bool] = mapped_column(default=False)
    forfeit_propose_after: Mapped[int] = mapped_column(default=1)  # 0: rule disabled
    forfeit_expel_after: Mapped[int] = mapped_column(default=3)  # 0: rule disabled
    correction_mode: Mapped[str] = mapped_column(String(20), default="hours")
    correction_hours: Mapped[int] = mapped_column(default=24)
    appeal_fee_cents: Mapped[int] = mapped_column(default=0)
    appeal_currency: Mapped[str] = mapped_column(String(3), default="BRL")
    appeal_deadline_minutes: Mapped[int] = mapped_column(default=60)
    refund_if_upheld: Mapped[bool] = mapped_column(default=True)
    refund_if_reasonable: Mapped[bool] = mapped_column(default=True)
    chief_arbiter_user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)

    chief_arbiter: Mapped[User | None] = relationship()


class DeskIncident(db.Model):
    """One incident at a board (CBJD 60 a-d, CLUB disconnection); kind = engine IncidentKind."""

    __tablename__ = "desk_incident"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    round_number: Mapped[int]
    board: Mapped[int]
    game_id: Mapped[int | None] = mapped_column(ForeignKey("game.id", ondelete="SET NULL"), index=True)
    entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id"), index=True)
    # team micro-match events have no entry rows: the player on the team board (desk_teams)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)
    kind: Mapped[str] = mapped_column(String(30))
    article: Mapped[str] = mapped_column(String(80), default="")
    note: Mapped[str] = mapped_column(String(500), default="")
    arbiter_user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    entry: Mapped[Entry | None] = relationship()
    player = relationship("Player")
    arbiter: Mapped[User | None] = relationship()


class DeskPenalty(db.Model):
    """A board result the system applied (game lost by incidence, CBJD 51 c, CBJD 95 d), with
    the result before, so the chief arbiter can reverse it with a reason."""

    __tablename__ = "desk_penalty"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("game.id", ondelete="CASCADE"), index=True)
    source: Mapped[str] = mapped_column(String(20))  # incident | sanction | claim
    source_id: Mapped[int | None]
    article: Mapped[str] = mapped_column(String(80), default="")
    result_before: Mapped[str] = mapped_column(String(5))
    result_after: Mapped[str] = mapped_column(String(5))
    # Individual micro-match events: the game (1 or 2) the penalty decided; the two results are
    # then that game's ("2-0", "0-2", "0-0"; before "" when it had none), not the board's.
    micro_game: Mapped[int | None]
    applied_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    applied_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    reversed_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    reversed_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    reversal_reason: Mapped[str] = mapped_column(String(500), default="")

    applied_by: Mapped[User | None] = relationship(foreign_keys=[applied_by_id])
    reversed_by: Mapped[User | None] = relationship(foreign_keys=[reversed_by_id])


class DeskSanction(db.Model):
    """A CBJD 51 sanction; kind = engine Sanction value."""

    __tablename__ = "desk_sanction"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id"), index=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)  # team events (desk_teams)
    round_number: Mapped[int]
    board: Mapped[int | None]
    kind: Mapped[str] = mapped_column(String(30))
    note: Mapped[str] = mapped_column(String(500), default="")
    arbiter_user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    entry: Mapped[Entry | None] = relationship()
    player = relationship("Player")
    arbiter: Mapped[User | None] = relationship()


class DeskForfeitDecision(db.Model):
    """FIDE-GR forfeits: `kind` ``excused`` (valid reason for the forfeit of `round_number`),
    ``kept`` (the chief arbiter decided not to expel after `forfeits` unexcused forfeits) or
    ``expelled``."""

    __tablename__ = "desk_forfeit_decision"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    entry_id: Mapped[int] = mapped_column(ForeignKey("entry.id"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    round_number: Mapped[int | None]
    forfeits: Mapped[int] = mapped_column(default=0)
    reason: Mapped[str] = mapped_column(String(500), default="")
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    entry: Mapped[Entry] = relationship()
    user: Mapped[User | None] = relationship()


class DeskCommitteeMember(db.Model):
    """A member of the event's appeals committee (FIDE-GR b); `voting` False = substitute."""

    __tablename__ = "desk_committee_member"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    name: Mapped[str] = mapped_column(String(120))
    birth_date: Mapped[date] = mapped_column(Date)
    voting: Mapped[bool] = mapped_column(default=True)
    appointed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)


class DeskAppeal(db.Model):
    """An appeal (FIDE-GR c; CBJD 30): filed with fee before the deadline; decided once."""

    __tablename__ = "desk_appeal"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    appellant_entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id"), index=True)
    appellant_name: Mapped[str] = mapped_column(String(120))
    subject: Mapped[str] = mapped_column(Text)
    decision_at: Mapped[datetime] = mapped_column(DateTime)  # local wall-clock time, as entered
    filed_at: Mapped[datetime] = mapped_column(DateTime)
    fee_paid_cents: Mapped[int] = mapped_column(default=0)
    filed_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    decision: Mapped[str] = mapped_column(String(30), default="")  # engine Decision value
    decision_text: Mapped[str] = mapped_column(Text, default="")
    panel: Mapped[list | None] = mapped_column(JSON)  # names of the voting members who decided
    refund_cents: Mapped[int] = mapped_column(default=0)
    decided_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)

    appellant_entry: Mapped[Entry | None] = relationship()
