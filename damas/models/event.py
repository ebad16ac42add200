"""Events, their assigned arbiters and their entries."""
from __future__ import annotations

import enum
from datetime import date
from typing import TYPE_CHECKING, Any

from sqlalchemy import false as sa_false
from sqlalchemy import JSON, CheckConstraint, Date, Enum, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.ext.hybrid import hybrid_property
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.engine.rate_of_play import classify
from damas.engine.rating.lists import RatingListKey

if TYPE_CHECKING:
    from damas.models.player import Player
    from damas.models.user import User


def enum_column(cls: type[enum.Enum], name: str) -> Enum:
    """Store enums as their string values (portable across SQLite and PostgreSQL)."""
    return Enum(cls, name=name, native_enum=False, values_callable=lambda e: [m.value for m in e], length=20)


def _default_rating_list(context: Any) -> str:
    """A row inserted without a list names its time control's (CBJD 115: normal = regular)."""
    params = context.get_current_parameters()
    return classify(params.get("time_minutes") or 1, params.get("time_increment") or 0).rating_list


ROUND_TIME_STORED = "%Y-%m-%dT%H:%M"  # a planned round time in Event.round_times: wall-clock time at the venue

class EventStatus(str, enum.Enum):
    DRAFT = "draft"
    REGISTRATION = "registration"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


class EntryStatus(str, enum.Enum):
    REGISTERED = "registered"
    WITHDRAWN = "withdrawn"
    EXCLUDED = "excluded"


class Event(db.Model):
    __tablename__ = "event"
    __table_args__ = (
        CheckConstraint("planned_rounds >= 1", name="planned_rounds_positive"),
        CheckConstraint("time_minutes >= 1 AND time_increment >= 0", name="time_control_valid"),
        CheckConstraint("end_date >= start_date", name="dates_ordered"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(160))
    discipline: Mapped[str] = mapped_column(String(20))
    ruleset: Mapped[str] = mapped_column(String(20))
    pairing_system: Mapped[str] = mapped_column(String(20))
    planned_rounds: Mapped[int]
    time_minutes: Mapped[int]
    time_increment: Mapped[int] = mapped_column(default=0)
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date] = mapped_column(Date)
    venue: Mapped[str] = mapped_column(String(200), default="")
    organiser: Mapped[str] = mapped_column(String(160), default="")
    chief_arbiter: Mapped[str] = mapped_column(String(120), default="")
    notes: Mapped[str] = mapped_column(Text, default="")
    status: Mapped[EventStatus] = mapped_column(enum_column(EventStatus, "event_status"), default=EventStatus.DRAFT)
    # Competition settings (RULES.md §3, §4): empty tiebreak order = the rule set's default.
    tiebreak_order: Mapped[str] = mapped_column(String(200), default="")
    tiebreak_by_lot: Mapped[bool] = mapped_column(default=False)
    # Event settings of the tiebreaks (RULES.md §4 [ours, configurable]): "unplayed" (seed |
    # played | fide-2024, else the rule set's), "win_forfeits", "tpr_350"; None = all defaults.
    tiebreak_options: Mapped[dict | None] = mapped_column(JSON)
    tiebreak_lot_seed: Mapped[int | None]
    double_round_robin: Mapped[bool] = mapped_column(default=False)
    numbering_method: Mapped[str] = mapped_column(String(10), default="rating")
    numbering_seed: Mapped[int | None]
    numbering_protocol: Mapped[list | None] = mapped_column(JSON)
    first_color: Mapped[str] = mapped_column(String(1), default="")
    # Accelerated pairings for the Dutch Swiss: "" none, "baku" FIDE C.04.5.1.
    acceleration: Mapped[str] = mapped_column(String(10), default="", server_default="")
    first_color_seed: Mapped[int | None]
    # Invitation (FIDE-GR): planned start of each round, local wall-clock time at the venue as
    # "YYYY-MM-DDTHH:MM", index 0 = round 1 (may list fewer rounds than planned); None = not set.
    # The free-text programme, prizes and deadline live in RegistrationSettings.
    round_times: Mapped[list | None] = mapped_column(JSON)  # texts in ROUND_TIME_STORED
    # The organiser's contacts.
    contact_email: Mapped[str] = mapped_column(String(120), default="", server_default="")
    contact_phone: Mapped[str] = mapped_column(String(40), default="", server_default="")
    website: Mapped[str] = mapped_column(String(200), default="", server_default="")
    # RULES.md §3 "Starting order": the rating unrated players get for the starting order only
    # (e.g. 1600, as some state games do); None = unrated players go last.
    provisional_rating: Mapped[int | None]
    # RULES.md §1: what a pairing-allocated bye scores in this event, "" = the rule set's
    # (CBJD 2 points [ours, configurable]), else "win", "draw" or "zero".
    pairing_bye_score: Mapped[str] = mapped_column(String(5), default="", server_default="")
    # What its pages show has changed `revision` times: bumped in the same transaction as every
    # change to the event or a row of it (damas/services/events/revision.py); public pages, PDFs and
    # API answers are cached and ETagged by it.
    revision: Mapped[int] = mapped_column(default=0, server_default="0")
    # The rating list of the starting order: "regular", "rapid" or "blitz";
    # "" = the list of the time control (CBJD 115). Fixed once round 1 is paired.
    rating_list: Mapped[str] = mapped_column(String(10), default=_default_rating_list, server_default="")
    # Default time (CBJD 95 e, 109 i; CLUB "derrota após N minutos"): minutes after the start of
    # the round after which an absent player loses by default; None = the rule set's (CBJD: the
    # end of the first time control; FIDE/CLUB: the start of the round) [ours].
    no_show_minutes: Mapped[int | None]
    # Restricted pairings of a Swiss (FIDE-GR Pairings g): "" none, "club" players of one club,
    # "state" players of one state federation do not meet where the pairing allows [ours].
    pair_restriction: Mapped[str] = mapped_column(String(10), default="", server_default="")
    # Players report their own board's result from their phones: both agree, it is
    # entered; otherwise it waits for the arbiter. Off by default [ours].
    player_reports: Mapped[bool] = mapped_column(default=False, server_default=sa_false())
    # A round paired round by round is published with its pairing, so results are entered at
    # once without a separate "Publicar" step (the event form offers it on for new events) [ours].
    publish_on_pair: Mapped[bool] = mapped_column(default=False, server_default=sa_false())

    arbiters: Mapped[list["EventArbiter"]] = relationship(back_populates="event", cascade="all, delete-orphan")
    entries: Mapped[list["Entry"]] = relationship(back_populates="event", cascade="all, delete-orphan")

    @hybrid_property
    def is_public(self) -> bool:
        """Whether visitors may see the event at all: every status but a draft, which only its
        editors see (its pages answer 404). One test for the public pages, the API and the files:
        `event.is_public` on a row, `Event.is_public` in a query's WHERE."""
        return self.status != EventStatus.DRAFT

    @property
    def list_key(self) -> RatingListKey:
        """The rating list the event's starting order reads and its games feed: its game's list of
        the rate its form names, else of the rate its time control is (CBJD 115); a chess open
        never reads nor feeds a draughts list (engine.rating.lists)."""
        rate = self.rating_list or classify(self.time_minutes, self.time_increment).rating_list
        return RatingListKey(self.discipline, rate)


class EventArbiter(db.Model):
    """A user assigned to officiate an event: he may edit that event and no other."""

    __tablename__ = "event_arbiter"
    __table_args__ = (UniqueConstraint("event_id", "user_id", name="event_user"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"))
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id"), index=True)

    event: Mapped[Event] = relationship(back_populates="arbiters")
    user: Mapped["User"] = relationship()


class Entry(db.Model):
    """A player entered in an event, with his pairing number and rating at entry."""

    __tablename__ = "entry"
    __table_args__ = (
        UniqueConstraint("event_id", "player_id", name="event_player"),
        UniqueConstraint("event_id", "pairing_number", name="event_pairing_number"),
        CheckConstraint("rating_at_entry >= 0", name="rating_nonneg"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    pairing_number: Mapped[int | None]
    rating_at_entry: Mapped[int] = mapped_column(default=0)
    status: Mapped[EntryStatus] = mapped_column(enum_column(EntryStatus, "entry_status"), default=EntryStatus.REGISTERED)
    withdrawn_after_round: Mapped[int | None]
    withdrawal_note: Mapped[str] = mapped_column(String(200), default="")
    # Absent without notice (C.04.2 #2): not paired from this round on until an arbiter records
    # the explanation, which clears both columns (the audit log keeps the history).
    absent_from_round: Mapped[int | None]
    absence_note: Mapped[str] = mapped_column(String(200), default="", server_default="")

    event: Mapped[Event] = relationship(back_populates="entries")
    player: Mapped["Player"] = relationship()
