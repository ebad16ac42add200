"""Categories, prize lists and playoffs of an event (RULES.md §7, §8; CBJD 124-126).

An event without category rows uses the CBJD set (absoluto, sub-10 ... sub-23, feminino); the
first change writes that set as rows so the event can then add, remove or reorder its own.
"""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, CheckConstraint, DateTime, ForeignKey, String, UniqueConstraint, false
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db


def _now() -> datetime:
    return datetime.now(timezone.utc)


class EventCategory(db.Model):
    """One classification of an event: a conjunction of optional criteria (engine Category)."""

    __tablename__ = "event_category"
    __table_args__ = (
        UniqueConstraint("event_id", "code", name="event_category_code"),
        CheckConstraint("sex IN ('', 'm', 'f')", name="category_sex"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    code: Mapped[str] = mapped_column(String(30))
    name_pt: Mapped[str] = mapped_column(String(80))
    name_en: Mapped[str] = mapped_column(String(80), default="")
    position: Mapped[int] = mapped_column(default=0)
    max_age: Mapped[int | None]
    min_age: Mapped[int | None]
    sex: Mapped[str] = mapped_column(String(1), default="")
    rating_min: Mapped[int | None]
    rating_max: Mapped[int | None]
    states: Mapped[str] = mapped_column(String(120), default="")  # "CE,PE"
    tiebreaks: Mapped[str] = mapped_column(String(200), default="")  # empty: the rule set's default


class EventPrize(db.Model):
    """One row of a category's prize list: the place, its cash `amount` in integer centavos
    (0: none) and whether it also gives a trophy and/or a medal ("R$ 500 + troféu" is one row).
    The allocation splits a row into the engine's per-kind prizes."""

    __tablename__ = "event_prize"
    __table_args__ = (
        UniqueConstraint("event_id", "category_code", "place", name="event_prize_row"),
        CheckConstraint("place >= 1 AND amount >= 0", name="prize_valid"),
        CheckConstraint("amount > 0 OR trophy OR medal", name="prize_not_empty"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    category_code: Mapped[str] = mapped_column(String(30))
    place: Mapped[int]
    amount: Mapped[int] = mapped_column(default=0)
    trophy: Mapped[bool] = mapped_column(default=False, server_default=false())
    medal: Mapped[bool] = mapped_column(default=False, server_default=false())

    @property
    def kinds(self) -> tuple[str, ...]:
        """The engine's prize kinds this row gives (trophy, medal, cash)."""
        return tuple(k for k, on in (("trophy", self.trophy), ("medal", self.medal), ("cash", self.amount > 0)) if on)


class AwardSettings(db.Model):
    """Per-event prize options: `cash_ties` "share" (default) or "order" (RULES.md §8)."""

    __tablename__ = "award_settings"

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    cash_ties: Mapped[str] = mapped_column(String(10), default="share")


class Playoff(db.Model):
    """A playoff for players tied in one category's table (FIDE-GR "Playoff"); `tied` are the
    starting numbers in tiebreak order; `results` maps the engine's game ids to
    {"white", "black", "score", "moves"}."""

    __tablename__ = "playoff"

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    category_code: Mapped[str] = mapped_column(String(30))
    tied: Mapped[list] = mapped_column(JSON)
    results: Mapped[dict] = mapped_column(JSON, default=dict)
    lot_seed: Mapped[int | None]
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
