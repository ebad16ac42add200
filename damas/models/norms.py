"""The FIDE title-norm settings of a chess event (B.01 1.4.3, 1.1): what the event's own row does
not say. One row per event, created on first save; no row = the defaults."""
from __future__ import annotations

from sqlalchemy import ForeignKey, String
from sqlalchemy import false as sa_false
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db


class EventNormSettings(db.Model):
    """`kind`: the engine's `EventKind` value (ordinary, national championship final, zonal...:
    the 1.4.3 exemptions, 1.4.1b game counts). `host_federation`: the registering federation
    (3 letters; "" = the federation's own country). `foreign_field`: the arbiter asserts the
    1.4.3d condition of a Swiss. `chief_arbiter_title`: IA, FA, NA or "" (not recorded)."""

    __tablename__ = "event_norm_settings"

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    kind: Mapped[str] = mapped_column(String(30), default="ordinary", server_default="ordinary")
    host_federation: Mapped[str] = mapped_column(String(3), default="", server_default="")
    foreign_field: Mapped[bool] = mapped_column(default=False, server_default=sa_false())
    chief_arbiter_title: Mapped[str] = mapped_column(String(3), default="", server_default="")
