"""Helpers shared by the blueprints' forms and routes."""
from __future__ import annotations

from typing import Any, Callable, Iterable

from flask import flash
from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import IntegerField as WTFormsIntegerField
from wtforms import SelectChoice
from wtforms.validators import StopValidation

from damas.engine.integers import MAX_INT, parse_int
from damas.engine.pairing import family_of, get_system, system_codes
from damas.formats.rule_options import system_kind_of
from damas.presentation.labels import pick
from damas.presentation.tiebreak_choices import picker_json
from damas.services.errors import ServiceError
from damas.services.locking import retrying

BRAZILIAN_STATES = (
    "AC", "AL", "AP", "AM", "BA", "CE", "DF", "ES", "GO", "MA", "MT", "MS", "MG", "PA",
    "PB", "PR", "PE", "PI", "RJ", "RN", "RS", "RO", "RR", "SC", "SP", "SE", "TO",
)
REQUIRED = _l("Campo obrigatório.")
NOT_A_WHOLE_NUMBER = _l("Informe um número inteiro (só algarismos de 0 a 9).")


class IntegerField(WTFormsIntegerField):
    """WTForms' IntegerField read by `parse_int`: ASCII digits and a value
    a database INTEGER holds (±2**31 - 1). WTForms' own took "٣" as 3 and 22 digits as a number
    SQLite could not bind (a 500). Every form of the app uses this one."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        if not valuelist:
            return
        number = parse_int(valuelist[0], minimum=-MAX_INT)
        if number is None:
            self.data = None
            raise ValueError(str(NOT_A_WHOLE_NUMBER))
        self.data = number

    def pre_validate(self, form: Any) -> None:
        """A value that is not a whole number keeps its message: the validators would otherwise
        run on the emptied data and DataRequired would replace it with "required". A blank one is
        left to the validators (Optional lets an optional field be empty)."""
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()


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
    """A select's value as an int, or None for the empty choice; ValueError (WTForms' "not a
    valid choice") for anything else that is not a whole number `parse_int` takes."""
    if value in (None, "", "None"):
        return None
    number = parse_int(value, minimum=-MAX_INT)
    if number is None:
        raise ValueError(str(NOT_A_WHOLE_NUMBER))
    return number


def coerce_int(value: object) -> int:
    """`coerce=` of a select of ids or numbers: `parse_int`, ValueError when it is not one."""
    number = parse_int(value, minimum=-MAX_INT)
    if number is None:
        raise ValueError(str(NOT_A_WHOLE_NUMBER))
    return number


def tiebreak_picker(field: Any) -> None:
    """Let `static/tiebreaks.js` turn a tie-break order field into a pick list:
    the field keeps its comma-separated codes, the data comes in a data attribute."""
    kinds = {code: system_kind_of(code) for code in system_codes()}
    field.render_kw = {**(field.render_kw or {}), "data-tiebreak-picker": picker_json(kinds)}


def pairing_system_names() -> dict[str, str]:
    """The name of each pairing system family in the reader's language (the Dutch editions are
    chosen in the event form's `dutch_edition`)."""
    names = {}
    for code in system_codes():
        if family_of(code) == code:
            system = get_system(code)
            names[code] = pick((system.family_name_pt or system.name_pt, system.family_name_en or system.name_en))
    return names


def pairing_system_choices() -> list[SelectChoice]:
    """One choice per pairing system family: the event form's and the federation's default."""
    return choices(pairing_system_names().items())
