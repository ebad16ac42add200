"""The federation's own (national) titles: one row per title, the settings of
`damas.engine.norms.national.NationalTitle` (what a norm asks, what the title asks)."""
from __future__ import annotations

from sqlalchemy import CheckConstraint, String
from sqlalchemy import false as sa_false
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db


class NationalTitleRow(db.Model):
    """A table, not a JSON column on `federation_settings` [ours]: each title has its own id for
    the audit log and the edit page, and the database keeps its code unique and its numbers in
    range. `women_only` is informative (a women's title); "" codes are refused by the service."""

    __tablename__ = "national_title"
    __table_args__ = (
        CheckConstraint("norms_needed >= 0", name="norms_nonneg"),
        CheckConstraint("min_games >= 1", name="min_games_pos"),
        CheckConstraint("min_score_percent >= 0 AND min_score_percent <= 100", name="score_range"),
        CheckConstraint("rating_threshold IS NULL OR rating_threshold >= 0", name="threshold_nonneg"),
        CheckConstraint("min_average IS NULL OR min_average >= 0", name="average_nonneg"),
        CheckConstraint("unrated_rating IS NULL OR unrated_rating >= 0", name="unrated_nonneg"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    code: Mapped[str] = mapped_column(String(12), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    rating_threshold: Mapped[int | None]
    norms_needed: Mapped[int] = mapped_column(default=0)
    min_games: Mapped[int] = mapped_column(default=1)
    min_average: Mapped[int | None]
    min_score_percent: Mapped[int] = mapped_column(default=50)
    unrated_rating: Mapped[int | None]
    women_only: Mapped[bool] = mapped_column(default=False, server_default=sa_false())
