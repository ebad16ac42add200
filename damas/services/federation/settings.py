"""The federation's settings: one row, edited by staff, audited.

Until staff save the page the federation is named by the ``DAMAS_FEDERATION`` environment
variable (`Config.FEDERATION_NAME`), as before. Pages read the row once per request
(`current`, kept in ``flask.g``); the logo bytes are read only by the logo URL and the PDFs.
Every save raises `FederationSettings.version`, which the page cache and the ETags include
(damas/web/serving/caching.py), so the new name or logo is on the very next page.

The logo is PNG or JPEG only, checked by its content (the file's magic bytes, then decoded by
Pillow, which comes with WeasyPrint), at most `LOGO_MAX_BYTES` and `LOGO_MAX_SIDE` pixels a
side [ours: SVG is refused, it can carry scripts].
"""
from __future__ import annotations

import base64
import hashlib
import io
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any
from urllib.parse import urlparse

from flask import current_app, g, has_app_context
from flask_babel import gettext as _
from PIL import Image  # Pillow comes with WeasyPrint
from sqlalchemy import func, select
from sqlalchemy.exc import SQLAlchemyError

from damas.extensions import db
from damas.engine.pairing import family_of, system_codes
from damas.models import Event, FederationSettings, User
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError
from damas.services.federation.pix_keys import parse_pix_key
from damas.engine.rulesets import ruleset_codes
from damas.models.federation import utc_now

__all__ = ["FederationView", "current", "federation_name", "default_ruleset", "default_pairing_system",
           "most_used_pairing_system", "logo",
           "raise_version", "save_settings",
           "check_logo", "LOGO_MAX_BYTES", "LOGO_MAX_SIDE", "SETTINGS_FIELDS"]

SETTINGS_FIELDS = ("name", "short_name", "address", "email", "phone", "website", "default_ruleset",
                   "default_pairing_system", "pix_key", "pix_name", "pix_city")
LOGO_MAX_BYTES = 256 * 1024
LOGO_MAX_SIDE = 2000
_EMAIL = re.compile(r"^[^@\s]+@[^@\s]+\.[^@\s]+$")
_PHONE = re.compile(r"^\+?[0-9 ().-]+$")
_MAGIC = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}
# Pix: the BR Code's merchant name (field 59) and city (field 60) limits, as the columns hold them.
NAME_MAX, CITY_MAX = FederationSettings.pix_name.type.length, FederationSettings.pix_city.type.length
_LIMITS = {"name": 160, "short_name": 40, "address": 1000, "email": 120, "phone": 40, "website": 200,
           "pix_name": NAME_MAX, "pix_city": CITY_MAX}
_G_KEY = "_damas_federation"


@dataclass(frozen=True)
class FederationView:
    """What a page or a PDF header shows of the federation (plain data)."""

    name: str
    short_name: str = ""
    address: str = ""
    email: str = ""
    phone: str = ""
    website: str = ""
    default_ruleset: str = ""
    default_pairing_system: str = ""
    logo_mime: str = ""
    pix_key: str = ""
    pix_name: str = ""
    pix_city: str = ""
    version: int = 0

    @property
    def has_logo(self) -> bool:
        return bool(self.logo_mime)

    def logo_data_uri(self) -> str:
        """The logo inlined for a PDF (the PDF renderer fetches nothing else); "" without one."""
        stored = logo() if self.has_logo else None
        if stored is None:
            return ""
        data, mime = stored
        return f"data:{mime};base64,{base64.b64encode(data).decode()}"


def _default_name() -> str:
    return current_app.config["FEDERATION_NAME"] if has_app_context() else ""


def _load() -> FederationView:
    t = FederationSettings
    row = db.session.execute(select(t.name, t.short_name, t.address, t.email, t.phone, t.website,
                                    t.default_ruleset, t.default_pairing_system, t.logo_mime, t.pix_key, t.pix_name,
                                    t.pix_city, t.version).order_by(t.id).limit(1)).first()
    if row is None:
        return FederationView(name=_default_name())
    return FederationView(**row._asdict())


def current() -> FederationView:
    """The settings, read once per request (or the environment's name while no row exists)."""
    cached = g.get(_G_KEY)
    if cached is None:
        try:
            cached = _load()
        except SQLAlchemyError:  # an error page while the database is down: the default name
            db.session.rollback()
            return FederationView(name=_default_name())
        setattr(g, _G_KEY, cached)
    return cached


def federation_name() -> str:
    return current().name


def default_ruleset() -> str:
    """The rule set the new-event form starts with ("" = the form's own first choice)."""
    return current().default_ruleset


def pairing_families() -> tuple[str, ...]:
    """The pairing system families a new event can start with (the engine's registry)."""
    return tuple(dict.fromkeys(family_of(code) for code in system_codes()))


def default_pairing_system() -> str:
    """The pairing system family the new-event form starts with: the federation's choice, else
    the one most of its events use."""
    return current().default_pairing_system or most_used_pairing_system()


def most_used_pairing_system() -> str:
    """The pairing system family most of the federation's events use (ties: the first in the
    engine's registry); the Dutch Swiss while there is no event, the system of the CBJD opens
    [ours]."""
    used: Counter[str] = Counter()
    for code, n in db.session.execute(select(Event.pairing_system, func.count()).group_by(Event.pairing_system)):
        used[family_of(code)] += n
    families = pairing_families()
    ranked = sorted((f for f in used if f in families), key=lambda f: (-used[f], families.index(f)))
    return ranked[0] if ranked else "dutch"


def logo() -> tuple[bytes, str] | None:
    """(bytes, MIME type) of the logo, None when there is none."""
    row = db.session.execute(select(FederationSettings.logo, FederationSettings.logo_mime)
                             .order_by(FederationSettings.id).limit(1)).first()
    if row is None or not row.logo or not row.logo_mime:
        return None
    return bytes(row.logo), row.logo_mime


def check_logo(data: bytes) -> str:
    """The MIME type of an acceptable logo; ServiceError (field ``logo``) otherwise."""
    if not data:
        raise ServiceError(_("O arquivo do logotipo está vazio."), "logo")
    if len(data) > LOGO_MAX_BYTES:
        raise ServiceError(_("O logotipo tem %(size)s KB; o máximo é %(max)s KB.",
                             size=(len(data) + 1023) // 1024, max=LOGO_MAX_BYTES // 1024), "logo")
    mime = next((m for magic, m in _MAGIC.items() if data.startswith(magic)), "")
    if not mime:
        raise ServiceError(_("O logotipo deve ser uma imagem PNG ou JPEG."), "logo")
    try:
        with Image.open(io.BytesIO(data)) as image:
            kind, size = image.format, image.size
            image.verify()
    except Exception:  # noqa: BLE001 - any decoder error means a broken file
        raise ServiceError(_("O logotipo não é uma imagem PNG ou JPEG válida."), "logo") from None
    if {"PNG": "image/png", "JPEG": "image/jpeg"}.get(kind or "") != mime:
        raise ServiceError(_("O logotipo deve ser uma imagem PNG ou JPEG."), "logo")
    if max(size) > LOGO_MAX_SIDE:
        raise ServiceError(_("O logotipo tem %(w)s×%(h)s pixels; o máximo é %(max)s pixels de lado.",
                             w=size[0], h=size[1], max=LOGO_MAX_SIDE), "logo")
    return mime


def _clean(data: dict[str, Any]) -> dict[str, str]:
    values = {name: " ".join(str(data.get(name) or "").split()) for name in SETTINGS_FIELDS if name != "address"}
    values["address"] = "\n".join(line.strip() for line in str(data.get("address") or "").splitlines() if line.strip())
    if not values["name"]:
        raise ServiceError(_("Informe o nome da federação."), "name")
    for name, limit in _LIMITS.items():
        if len(values[name]) > limit:
            raise ServiceError(_("No máximo %(n)s caracteres.", n=limit), name)
    if values["email"] and not _EMAIL.match(values["email"]):
        raise ServiceError(_("E-mail de contato inválido."), "email")
    phone = values["phone"]
    if phone and (not _PHONE.match(phone) or not 8 <= sum(c.isdigit() for c in phone) <= 15):
        raise ServiceError(_("Telefone inválido: use só números, espaços, +, parênteses e hífen (8 a 15 dígitos)."),
                           "phone")
    site = urlparse(values["website"])
    if values["website"] and (site.scheme not in ("http", "https") or "." not in site.netloc):
        raise ServiceError(_("Informe o site completo, começando com https:// ou http://."), "website")
    if values["default_ruleset"] not in ("", *ruleset_codes()):
        raise ServiceError(_("Regulamento desconhecido."), "default_ruleset")
    if values["default_pairing_system"] not in ("", *pairing_families()):
        raise ServiceError(_("Sistema de emparceiramento desconhecido."), "default_pairing_system")
    _clean_pix(values)
    return values


def _clean_pix(values: dict[str, str]) -> None:
    """The Pix receiving account: no key (no Pix), or a valid key (stored as the Pix directory
    writes it) with the name and city the BR Code carries (fields 59 and 60, both required)."""
    if not values["pix_key"]:
        return
    values["pix_key"] = parse_pix_key(values["pix_key"]).value
    if not values["pix_name"]:
        raise ServiceError(_("Informe o nome do recebedor do Pix (até %(n)s caracteres).", n=NAME_MAX), "pix_name")
    if not values["pix_city"]:
        raise ServiceError(_("Informe a cidade do recebedor do Pix (até %(n)s caracteres).", n=CITY_MAX), "pix_city")


def _audited(row: FederationSettings) -> dict[str, Any]:
    out = snapshot(row, SETTINGS_FIELDS)
    out["logo"] = (f"{row.logo_mime} {len(row.logo)} bytes sha1 {hashlib.sha1(row.logo).hexdigest()[:12]}"
                   if row.logo else "")
    return out


def save_settings(actor: User, data: dict[str, Any], new_logo: bytes | None = None,
                  remove_logo: bool = False) -> FederationSettings:
    """Store the form's values (and a new logo, or none), in one audited transaction."""
    values = _clean(data)
    mime = check_logo(new_logo) if new_logo is not None else ""
    with transaction():
        row = db.session.scalar(select(FederationSettings).order_by(FederationSettings.id).limit(1))
        created = row is None
        if row is None:
            row = FederationSettings(name=values["name"], version=0)
            db.session.add(row)
        before = None if created else _audited(row)
        for name, value in values.items():
            setattr(row, name, value)
        if new_logo is not None:
            row.logo, row.logo_mime = new_logo, mime
        elif remove_logo:
            row.logo, row.logo_mime = None, ""
        after = _audited(row)
        if created or before != after:
            row.version = (row.version or 0) + 1
            row.updated_at = utc_now()
            db.session.flush()
            record(actor, "create" if created else "update", "federation_settings", row.id, before, after)
    g.pop(_G_KEY, None)
    return row


def raise_version() -> None:
    """Raise the settings' version for another federation-wide setting that event pages show (the
    national titles on a draughts event's norms page), so the page cache and the ETags move on;
    inside the caller's transaction. With no settings row yet, one is made with the default name."""
    row = db.session.scalar(select(FederationSettings).order_by(FederationSettings.id).limit(1))
    if row is None:
        row = FederationSettings(name=_default_name(), version=0)
        db.session.add(row)
    row.version = (row.version or 0) + 1
    row.updated_at = utc_now()
    g.pop(_G_KEY, None)
