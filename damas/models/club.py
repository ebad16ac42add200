"""Clubs affiliated to the federation."""
from __future__ import annotations

from sqlalchemy import String
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db

class Club(db.Model):
    __tablename__ = "club"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(120), unique=True)
    short_name: Mapped[str] = mapped_column(String(20), default="")
    city: Mapped[str] = mapped_column(String(80), default="")
    state: Mapped[str] = mapped_column(String(2), default="")

    # Named by its class name, not imported: `player` imports this module (no cycle);
    # the registry resolves it when the mappers are configured.
    players = relationship("Player", back_populates="club")
