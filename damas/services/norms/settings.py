"""An event's FIDE norm settings (B.01 1.4.1b, 1.4.3a-d, 1.1): read with defaults, saved by staff
with the audit log. [ours] The federation's own players carry no FIDE federation on record
(`Player.fide_federation` "" = a player of the federation's own country), so they and the host
default to `HOME_FEDERATION`: the federation this application serves is Brazilian (CBJD and the
state federations), registered with FIDE as BRA."""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from damas.engine.norms import EventKind
from damas.extensions import db
from damas.models import Event, EventNormSettings, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError

__all__ = ["ARBITER_TITLES", "HOME_FEDERATION", "NormSettings", "federation_of", "norm_settings",
           "save_norm_settings"]

HOME_FEDERATION = "BRA"
# FIDE arbiter titles an event may record for its chief arbiter: International Arbiter, FIDE
# Arbiter, National Arbiter; "" = not recorded.
ARBITER_TITLES = ("IA", "FA", "NA")
_FEDERATION = re.compile(r"^[A-Z]{3}$")


def federation_of(fide_federation: str | None) -> str:
    """A player's FIDE federation for the norm check: his own, else the home federation [ours]."""
    return (fide_federation or "").strip().upper() or HOME_FEDERATION


@dataclass(frozen=True)
class NormSettings:
    kind: EventKind
    host_federation: str
    foreign_field: bool
    chief_arbiter_title: str


def norm_settings(event: Event) -> NormSettings:
    """The event's settings, or the defaults: an ordinary event hosted by the home federation."""
    row = db.session.get(EventNormSettings, event.id)
    if row is None:
        return NormSettings(EventKind.ORDINARY, HOME_FEDERATION, False, "")
    try:
        kind = EventKind(row.kind)
    except ValueError:
        kind = EventKind.ORDINARY
    return NormSettings(kind, federation_of(row.host_federation), bool(row.foreign_field), row.chief_arbiter_title)


def _as_dict(row: EventNormSettings) -> dict[str, Any]:
    return {"kind": row.kind, "host_federation": row.host_federation, "foreign_field": row.foreign_field,
            "chief_arbiter_title": row.chief_arbiter_title}


def save_norm_settings(actor: User, event: Event, data: dict[str, Any]) -> NormSettings:
    """Save the event's norm settings; bad input raises ServiceError and nothing changes."""
    kind = str(data.get("kind") or EventKind.ORDINARY.value)
    if kind not in {k.value for k in EventKind}:
        raise ServiceError(_("Tipo de evento desconhecido para as normas."), "kind")
    host = str(data.get("host_federation") or "").strip().upper()
    if host and not _FEDERATION.match(host):
        raise ServiceError(_("Informe a federação anfitriã com as três letras da FIDE (ex.: BRA)."),
                           "host_federation")
    title = str(data.get("chief_arbiter_title") or "").strip().upper()
    if title and title not in ARBITER_TITLES:
        raise ServiceError(_("Título do árbitro principal: IA, FA, NA ou em branco."), "chief_arbiter_title")
    with transaction():
        row = db.session.get(EventNormSettings, event.id)
        before = _as_dict(row) if row is not None else None
        if row is None:
            row = EventNormSettings(event_id=event.id)
            db.session.add(row)
        row.kind, row.host_federation = kind, host
        row.foreign_field = bool(data.get("foreign_field"))
        row.chief_arbiter_title = title
        record(actor, "norm_settings", "event", event.id, before, _as_dict(row), event_id=event.id)
    return norm_settings(event)
