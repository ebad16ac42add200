"""Championships: a named group of events (its sections) with its own page, regulations and
brochure; who may enter each section; and the stages by which sections feed others (RULES.md §9
as extended on the championship's regulations page).

Every table is keyed by championship or by the section's event id: the event table itself is
unchanged, and an event belongs to at most one championship.
"""
from __future__ import annotations

import enum
from datetime import date, datetime, timezone

from sqlalchemy import CheckConstraint, Date, DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.event import enum_column


def _now() -> datetime:
    return datetime.now(timezone.utc)


class Championship(db.Model):
    """A championship: its name, dates and venue, its regulations text, and the rules that span its
    sections (club classification over the best N results, one prize per player)."""

    __tablename__ = "championship"
    __table_args__ = (CheckConstraint("end_date >= start_date", name="championship_dates_ordered"),
                      CheckConstraint("club_best_n IS NULL OR club_best_n >= 1", name="championship_club_best_n"))

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(160))
    start_date: Mapped[date] = mapped_column(Date)
    end_date: Mapped[date] = mapped_column(Date)
    venue: Mapped[str] = mapped_column(String(200), default="", server_default="")
    organiser: Mapped[str] = mapped_column(String(200), default="", server_default="")
    regulations: Mapped[str] = mapped_column(Text, default="", server_default="")
    # Club classification: the points of each club's best N players, summed over the sections
    # that count (`ChampionshipSection.counts_for_clubs`); None = no club classification.
    club_best_n: Mapped[int | None]
    one_prize_per_player: Mapped[bool] = mapped_column(default=True, server_default="1")
    published: Mapped[bool] = mapped_column(default=False, server_default="0")
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    sections: Mapped[list["ChampionshipSection"]] = relationship(
        back_populates="championship", cascade="all, delete-orphan", order_by="ChampionshipSection.position")


class ChampionshipSection(db.Model):
    """An event as a section of a championship, with its place in the list and the stage rules
    of a section fed by others (points carried over or not; pairing numbers by the qualifying
    ranking or by rating)."""

    __tablename__ = "championship_section"

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    championship_id: Mapped[int] = mapped_column(ForeignKey("championship.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(default=0)
    counts_for_clubs: Mapped[bool] = mapped_column(default=True, server_default="1")
    carry_points: Mapped[bool] = mapped_column(default=False, server_default="0")
    seed_by_qualifying: Mapped[bool] = mapped_column(default=True, server_default="1")

    championship: Mapped[Championship] = relationship(back_populates="sections")


class SectionEligibility(db.Model):
    """Who may enter one section: an age band on a date, sex, a rating floor and ceiling (on the
    event's list), members only, or a CBJD 124 category of the event. No row: anyone."""

    __tablename__ = "section_eligibility"
    __table_args__ = (
        CheckConstraint("min_age IS NULL OR min_age >= 0", name="section_min_age_nonneg"),
        CheckConstraint("max_age IS NULL OR max_age >= 0", name="section_max_age_nonneg"),
        CheckConstraint("rating_min IS NULL OR rating_min >= 0", name="section_rating_min_nonneg"),
        CheckConstraint("rating_max IS NULL OR rating_max >= 0", name="section_rating_max_nonneg"),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    min_age: Mapped[int | None]
    max_age: Mapped[int | None]
    age_on: Mapped[date | None] = mapped_column(Date)  # None: ages by year of birth (CBJD 125)
    sex: Mapped[str] = mapped_column(String(1), default="", server_default="")
    rating_min: Mapped[int | None]
    rating_max: Mapped[int | None]
    members_only: Mapped[bool] = mapped_column(default=False, server_default="0")
    category_code: Mapped[str] = mapped_column(String(30), default="", server_default="")


class QualificationScope(str, enum.Enum):
    OVERALL = "overall"    # the top N of the feeding section's standings
    CATEGORY = "category"  # the top N of one of its categories
    STATE = "state"        # the top N of the players of one state (UF)


class SectionQualification(db.Model):
    """A stage: the top N of a feeding section (overall, or of a category or a state) qualify
    for the section `event_id`, ties broken by the feeding section's own order."""

    __tablename__ = "section_qualification"
    __table_args__ = (CheckConstraint("top_n >= 1", name="qualification_top_n_pos"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    source_event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    top_n: Mapped[int]
    scope: Mapped[QualificationScope] = mapped_column(enum_column(QualificationScope, "qualification_scope"),
                                                      default=QualificationScope.OVERALL)
    scope_value: Mapped[str] = mapped_column(String(30), default="", server_default="")


class QualifierStatus(str, enum.Enum):
    QUALIFIED = "qualified"      # entered into the final
    DECLINED = "declined"        # qualified but declined; the next in order took the place
    SUBSTITUTE = "substitute"    # entered in place of one who declined


class SectionQualifier(db.Model):
    """One player carried from a feeding section into the section it feeds, with his place in
    the feeding section and the points carried (when the regulations carry them)."""

    __tablename__ = "section_qualifier"
    __table_args__ = (UniqueConstraint("event_id", "player_id", name="section_qualifier_event_player"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    source_event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    rank: Mapped[int]
    status: Mapped[QualifierStatus] = mapped_column(enum_column(QualifierStatus, "qualifier_status"),
                                                    default=QualifierStatus.QUALIFIED)
    carried_units: Mapped[int] = mapped_column(default=0, server_default="0")  # the rule set's point units
    carried_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
