"""The federation's own settings: one row, shown in every page and PDF header."""
from __future__ import annotations

from datetime import datetime, timezone

from sqlalchemy import JSON, DateTime, LargeBinary, String, Text
from sqlalchemy.orm import Mapped, mapped_column

from damas.extensions import db


def utc_now() -> datetime:
    return datetime.now(timezone.utc)


class FederationSettings(db.Model):
    """Name, short name, logo, address, contacts and the default rule set of new events.

    `version` is raised on every save: the page cache and the ETags of the event pages include
    it (damas/web/serving/caching.py), so a new name or logo shows on the next request. The logo (PNG
    or JPEG, checked by content) lives in the database so every app server serves the same one.
    """

    __tablename__ = "federation_settings"

    id: Mapped[int] = mapped_column(primary_key=True)
    name: Mapped[str] = mapped_column(String(160))
    short_name: Mapped[str] = mapped_column(String(40), default="", server_default="")
    address: Mapped[str] = mapped_column(Text, default="", server_default="")
    email: Mapped[str] = mapped_column(String(120), default="", server_default="")
    phone: Mapped[str] = mapped_column(String(40), default="", server_default="")
    website: Mapped[str] = mapped_column(String(200), default="", server_default="")
    default_ruleset: Mapped[str] = mapped_column(String(20), default="", server_default="")
    # The pairing system family new events start with; "" = the one most of the federation's
    # events use (the Dutch Swiss while there are none: CBJD opens are Swiss).
    default_pairing_system: Mapped[str] = mapped_column(String(20), default="", server_default="")
    logo: Mapped[bytes | None] = mapped_column(LargeBinary)
    logo_mime: Mapped[str] = mapped_column(String(20), default="", server_default="")
    # The federation list's Elo parameters (engine `cbjd` system): None = the defaults
    # written on the regulations page (`damas.engine.rating.elo.EloParameters`).
    rating_parameters: Mapped[dict | None] = mapped_column(JSON)
    # Pix receiving account for entry fees (Banco Central, Manual de Padrões para Iniciação do
    # Pix: key, merchant name up to 25 characters, merchant city up to 15); empty = no Pix.
    pix_key: Mapped[str] = mapped_column(String(77), default="", server_default="")
    pix_name: Mapped[str] = mapped_column(String(25), default="", server_default="")
    pix_city: Mapped[str] = mapped_column(String(15), default="", server_default="")
    version: Mapped[int] = mapped_column(default=1, server_default="1")
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utc_now)
