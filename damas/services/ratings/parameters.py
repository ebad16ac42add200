"""The federation list's Elo parameters (engine system `cbjd`): stored on the federation's
settings row, set by staff on the federation page, one audited transaction. Unset = the defaults
of `EloParameters`, written on the regulations page as ours."""
from __future__ import annotations

from dataclasses import fields
from typing import Any

from flask import g
from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.rating import EloParameters
from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import FederationSettings, User
from damas.models.federation import utc_now
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.federation.settings import current

__all__ = ["PARAMETER_NAMES", "rating_parameters", "save_rating_parameters"]

PARAMETER_NAMES = tuple(f.name for f in fields(EloParameters))


def rating_parameters() -> EloParameters:
    """The stored parameters over the defaults."""
    stored = db.session.scalar(select(FederationSettings.rating_parameters).order_by(FederationSettings.id).limit(1))
    return EloParameters.from_mapping(stored)


def save_rating_parameters(actor: User, data: dict[str, Any]) -> EloParameters:
    """Check the values through the engine (whole numbers ≥ 0, cap 1–800, a known initial rule)
    and store them; an audit entry with the values before and after."""
    values = {name: data[name] for name in PARAMETER_NAMES if name in data and data[name] is not None}
    try:
        params = EloParameters.from_mapping(values)
    except EngineError:
        raise ServiceError(_("Parâmetros de rating inválidos: números inteiros a partir de 0, "
                             "limite de diferença entre 1 e 800, ao menos 1 partida.")) from None
    with transaction():
        row = db.session.scalar(select(FederationSettings).order_by(FederationSettings.id).limit(1))
        if row is None:
            row = FederationSettings(name=current().name, version=0)
            db.session.add(row)
            db.session.flush()
        before = row.rating_parameters
        after = params.as_dict()
        if before != after:
            row.rating_parameters = after
            row.version = (row.version or 0) + 1
            row.updated_at = utc_now()
            record(actor, "update", "rating_parameters", row.id, before, after)
    g.pop("_damas_federation", None)
    return params
