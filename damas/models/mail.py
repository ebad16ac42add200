"""What an account chose not to receive by e-mail: one row per kind of notification it turned
off (every kind is on until then)."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import DateTime, ForeignKey, String, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db


def _now() -> datetime:
    return datetime.now(timezone.utc)


class MailOptOut(db.Model):
    __tablename__ = "mail_opt_out"
    __table_args__ = (UniqueConstraint("user_id", "kind", name="uq_mail_opt_out_user_kind"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    user_id: Mapped[int] = mapped_column(ForeignKey("user_account.id", ondelete="CASCADE"), index=True)
    kind: Mapped[str] = mapped_column(String(20))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)
