"""Helpers shared by the blueprints' forms and routes."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from flask import flash
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectChoice

from damas.services.errors import ServiceError
from damas.services.locking import retrying

BRAZILIAN_STATES = (
    "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
    "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
)
REQUIRED = _l("Campo obrigatório.")


def show_service_error(form: FlaskForm | None, error: ServiceError) -> None:
    """Attach a refused change's message to its field, or flash it when it has none."""
    if form is not None and error.field and error.field in form:
        form[error.field].errors = [*form[error.field].errors, error.message]
    else:
        flash(error.message, "error")


def choices(pairs: Iterable[tuple[Any, Any]]) -> list[SelectChoice]:
    """(value, label) pairs as WTForms 3.3 SelectChoice objects (tuples are deprecated)."""
    return [SelectChoice(value, label) for value, label in pairs]


def run_service(action: Callable[[], Any], success: str) -> bool:
    """Run one service call and flash the outcome: its success message, or the refusal (a clash
    with a simultaneous change is retried, then refused with a message: `services.locking`)."""
    try:
        retrying(action)
    except ServiceError as error:
        flash(error.message, "error")
        return False
    flash(success, "success")
    return True


STATE_CHOICES = choices([("", "—")] + [(uf, uf) for uf in BRAZILIAN_STATES])


def coerce_optional_int(value: object) -> int | None:
    """A select's value as an int, or None for the empty choice."""
    if value in (None, "", "None"):
        return None
    return int(value)  # type: ignore[arg-type]
