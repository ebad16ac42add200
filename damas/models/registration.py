"""Self-registration: per-event registration settings, reserve lists, player sign-ups and the
messages the system leaves for players (RULES.md §9; CLUB "Como se inscrever", "Reserva").

Everything is keyed by event or user in tables of its own, so the event and entry tables stay
as they are. "Member" means a player with a federation number; a guest is a player record made
at sign-up without one.
"""
from __future__ import annotations

import enum
from datetime import datetime, timezone
from typing import TYPE_CHECKING

from sqlalchemy import CheckConstraint, DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.event import enum_column

if TYPE_CHECKING:
    from damas.models.player import Player
    from damas.models.user import User


def _now() -> datetime:
    return datetime.now(timezone.utc)


class GuestPolicy(str, enum.Enum):
    OPEN = "open"  # members and guests alike
    LIMITED = "limited"  # at most `guest_places` guests
    NONE = "none"  # members only


class RegistrationSettings(db.Model):
    """How players enter one event by themselves, plus the invitation (brochure) texts."""

    __tablename__ = "registration_settings"
    __table_args__ = (
        CheckConstraint("capacity IS NULL OR capacity >= 2", name="reg_capacity_valid"),
        CheckConstraint("guest_places >= 0", name="reg_guest_places_nonneg"),
        CheckConstraint("min_entries IS NULL OR min_entries >= 2", name="reg_min_entries_valid"),
        CheckConstraint("rating_ceiling IS NULL OR rating_ceiling >= 0", name="reg_rating_ceiling_nonneg"),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    self_registration: Mapped[bool] = mapped_column(default=True)
    opens_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    closes_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    capacity: Mapped[int | None]
    guest_policy: Mapped[GuestPolicy] = mapped_column(enum_column(GuestPolicy, "guest_policy"), default=GuestPolicy.OPEN)
    guest_places: Mapped[int] = mapped_column(default=0)
    guests_from: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    rating_ceiling: Mapped[int | None]
    online: Mapped[bool] = mapped_column(default=False)
    min_entries: Mapped[int | None]
    allow_half_bye: Mapped[bool] = mapped_column(default=False)
    # Invitation items FIDE-GR "Invitation" asks for that the event row does not hold.
    schedule: Mapped[str] = mapped_column(Text, default="")
    prizes: Mapped[str] = mapped_column(Text, default="")
    contacts: Mapped[str] = mapped_column(Text, default="")


class ReserveStatus(str, enum.Enum):
    WAITING = "waiting"
    SUBSTITUTED = "substituted"  # took a round-1 no-show's place
    PROMOTED = "promoted"  # moved into a place freed before the start
    LEFT = "left"


class ReserveEntry(db.Model):
    """A player on an event's reserve list, first come first served: joined after the start (a
    round-1 no-show's substitute) or, when the event was full, during registration."""

    __tablename__ = "reserve_entry"
    __table_args__ = (UniqueConstraint("event_id", "player_id", name="reserve_event_player"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    joined_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    status: Mapped[ReserveStatus] = mapped_column(enum_column(ReserveStatus, "reserve_status"), default=ReserveStatus.WAITING)
    entry_id: Mapped[int | None] = mapped_column(ForeignKey("entry.id", ondelete="SET NULL"), index=True)
    replaced_player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), index=True)

    player: Mapped["Player"] = relationship(foreign_keys=[player_id])


class SignUpStatus(str, enum.Enum):
    PENDING = "pending"
    APPROVED = "approved"
    REJECTED = "rejected"


class SignUp(db.Model):
    """A player's request to link his new account to a federation player record."""

    __tablename__ = "sign_up"

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    status: Mapped[SignUpStatus] = mapped_column(enum_column(SignUpStatus, "sign_up_status"), default=SignUpStatus.PENDING)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    note: Mapped[str] = mapped_column(String(200), default="")

    user: Mapped["User"] = relationship(foreign_keys=[user_id])
    player: Mapped["Player"] = relationship()


class PlayerMessage(db.Model):
    """A notice for a player shown on his page (no e-mail server): e.g. an event cancelled."""

    __tablename__ = "player_message"

    id: Mapped[int] = mapped_column(primary_key=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id", ondelete="CASCADE"), index=True)
    event_id: Mapped[int | None] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    text_pt: Mapped[str] = mapped_column(Text)
    text_en: Mapped[str] = mapped_column(Text, default="")


class UnmatchedReason(str, enum.Enum):
    UNKNOWN_NUMBER = "unknown_number"  # no player has the federation number given
    NUMBER_TAKEN = "number_taken"      # that player already has an account
    EMAIL_TAKEN = "email_taken"        # the e-mail given already has an account


class UnmatchedStatus(str, enum.Enum):
    OPEN = "open"
    DISMISSED = "dismissed"
    LINKED = "linked"


class UnmatchedSignUp(db.Model):
    """A member's sign-up that could not become a pending link request. The sign-up page answers
    every applicant alike (it must not tell which numbers exist or have accounts), so staff see
    these here instead, and dismiss one or link it to the right player. The applicant's password
    is kept hashed only until then, so a link makes the account he asked for."""

    __tablename__ = "unmatched_sign_up"

    id: Mapped[int] = mapped_column(primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
    name: Mapped[str] = mapped_column(String(120))
    email: Mapped[str] = mapped_column(String(254))
    federation_id: Mapped[str] = mapped_column(String(40))
    reason: Mapped[UnmatchedReason] = mapped_column(enum_column(UnmatchedReason, "unmatched_reason"))
    password_hash: Mapped[str] = mapped_column(String(255), default="")
    status: Mapped[UnmatchedStatus] = mapped_column(enum_column(UnmatchedStatus, "unmatched_status"),
                                                    default=UnmatchedStatus.OPEN, index=True)
    decided_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id", ondelete="SET NULL"), index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id", ondelete="SET NULL"), index=True)
