"""The audit log: who changed what, when, and the values before and after."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.user import User


def _now() -> datetime:
    return datetime.now(timezone.utc)


class AuditEntry(db.Model):
    __tablename__ = "audit_entry"

    id: Mapped[int] = mapped_column(primary_key=True)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now, index=True)
    user_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    action: Mapped[str] = mapped_column(String(40))
    object_type: Mapped[str] = mapped_column(String(40), index=True)
    object_id: Mapped[int | None]
    event_id: Mapped[int | None] = mapped_column(ForeignKey("event.id"), index=True)
    before: Mapped[dict[str, Any] | None] = mapped_column(JSON)
    after: Mapped[dict[str, Any] | None] = mapped_column(JSON)

    user: Mapped[User | None] = relationship()
