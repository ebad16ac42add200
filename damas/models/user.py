"""Accounts: federation staff, arbiters and players."""
from __future__ import annotations

import enum
from datetime import datetime
from typing import TYPE_CHECKING

from flask_login import UserMixin
from sqlalchemy import DateTime, Enum, ForeignKey, String
from sqlalchemy.orm import Mapped, mapped_column, relationship
from werkzeug.security import check_password_hash, generate_password_hash

from damas.extensions import db

if TYPE_CHECKING:
    from damas.models.player import Player


class Role(str, enum.Enum):
    STAFF = "staff"
    ARBITER = "arbiter"
    PLAYER = "player"


class User(UserMixin, db.Model):
    __tablename__ = "user_account"

    id: Mapped[int] = mapped_column(primary_key=True)
    email: Mapped[str] = mapped_column(String(254), unique=True)
    name: Mapped[str] = mapped_column(String(120))
    password_hash: Mapped[str] = mapped_column(String(256))
    role: Mapped[Role] = mapped_column(
        Enum(Role, name="user_role", native_enum=False, values_callable=lambda e: [m.value for m in e], length=10)
    )
    player_id: Mapped[int | None] = mapped_column(ForeignKey("player.id"), unique=True)
    active: Mapped[bool] = mapped_column(default=True)
    # Part of the login id in the session and remember-me cookies (`get_id`): raising it ends
    # every session of the account (password change, deactivation, logout).
    session_version: Mapped[int] = mapped_column(default=0, server_default="0")
    # The language of the mails this account gets: the one it last chose on the site.
    locale: Mapped[str] = mapped_column(String(5), default="pt_BR", server_default="pt_BR")
    # When the owner of the address proved it (a link sent to it); None: not proved yet.
    email_verified_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))

    player: Mapped["Player | None"] = relationship()

    def set_password(self, password: str) -> None:
        self.password_hash = generate_password_hash(password)

    def check_password(self, password: str) -> bool:
        return check_password_hash(self.password_hash, password)

    def get_id(self) -> str:
        """Flask-Login's alternative id: "<id>:<session version>", so old cookies stop working."""
        return f"{self.id}:{self.session_version or 0}"

    def end_sessions(self) -> None:
        """Invalidate every session and remember-me cookie of this account (caller commits)."""
        self.session_version = (self.session_version or 0) + 1

    @property
    def is_active(self) -> bool:  # Flask-Login: deactivated accounts cannot log in
        return self.active

    @property
    def is_staff(self) -> bool:
        return self.role == Role.STAFF
