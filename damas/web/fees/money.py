"""Amounts typed in Brazilian reais ("50", "50,00", "50.00", "R$ 1.234,56") read as integer
centavos, exactly (Decimal, never float), and a WTForms field that does it.

**[ours]** the reading of what staff type: "R$" and blanks are ignored; ',' is the decimal
separator as in pt-BR, and '.' too when one or two digits follow it ("50.5", "50.00"); a '.'
followed by three digits groups thousands ("1.500" is R$ 1.500,00); three decimals ("50,005"),
negative amounts and more than R$ 100.000,00 are refused with a message.
"""
from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from flask_babel import gettext as _
from wtforms import StringField
from wtforms.validators import StopValidation

from damas.services.fees.schedule import MAX_CENTS

_SHAPE = re.compile(r"\d[\d.,]*")


class MoneyError(ValueError):
    """A typed amount that is not money, with the message to show."""


def _integer_part(text: str, thousands: str) -> str:
    if thousands in text:
        if not re.fullmatch(rf"\d{{1,3}}(?:{re.escape(thousands)}\d{{3}})+", text):
            raise MoneyError(_("Valor inválido: separe os milhares de três em três (ex.: 1.234,56)."))
        return text.replace(thousands, "")
    if not text.isdigit():
        raise MoneyError(_("Valor inválido: use só algarismos, vírgula e ponto (ex.: 50,00)."))
    return text


def parse_reais(text: str) -> int:
    """Centavos of an amount typed in reais; MoneyError with the reason when it is not one."""
    cleaned = re.sub(r"\s", "", (text or "").replace("R$", "").replace("r$", ""))
    if cleaned.startswith("-") or cleaned.startswith("−"):
        raise MoneyError(_("O valor não pode ser negativo."))
    if not cleaned.isascii() or not _SHAPE.fullmatch(cleaned):
        raise MoneyError(_("Valor inválido: use só algarismos, vírgula e ponto (ex.: 50,00)."))
    last = max(cleaned.rfind(","), cleaned.rfind("."))
    whole, cents = cleaned, ""
    if last >= 0:
        sep, after = cleaned[last], cleaned[last + 1:]
        if sep == "," or len(after) in (1, 2):
            if not after or len(after) > 2:
                raise MoneyError(_("Use no máximo duas casas decimais (centavos)."))
            whole, cents = cleaned[:last], after
            if sep in whole:
                raise MoneyError(_("Valor inválido: use só algarismos, vírgula e ponto (ex.: 50,00)."))
    thousands = "." if not cents or cleaned[last] == "," else ","
    digits = _integer_part(whole, thousands)
    value = Decimal(f"{digits}.{cents or '0'}") * 100
    if value != value.to_integral_value():
        raise MoneyError(_("Use no máximo duas casas decimais (centavos)."))
    centavos = int(value)
    if centavos > MAX_CENTS:
        raise MoneyError(_("O valor máximo é R$ 100.000,00."))
    return centavos


def reais_text(centavos: int | None) -> str:
    """Centavos as staff type them back ("1234,56"), "" for none."""
    if centavos is None:
        return ""
    reais, cents = divmod(centavos, 100)
    return f"{reais},{cents:02d}"


class ReaisField(StringField):
    """A text field holding an amount in reais; `data` is centavos (None when left blank)."""

    def process_formdata(self, valuelist: list[Any]) -> None:
        raw = (valuelist[0] if valuelist else "") or ""
        self.data = None
        if not raw.strip():
            return
        try:
            self.data = parse_reais(raw)
        except MoneyError as error:
            raise ValueError(str(error)) from None

    def pre_validate(self, form: Any) -> None:
        """A typed amount that is not money keeps its message (DataRequired would replace it
        with "required", as `forms_util.IntegerField` explains)."""
        if self.process_errors and self.raw_data and str(self.raw_data[0]).strip():
            raise StopValidation()

    def _value(self) -> str:
        if self.raw_data:
            return str(self.raw_data[0])
        return reais_text(self.data) if isinstance(self.data, int) else ""
