"""A Pix key as staff type it, checked and written the way the Pix directory (DICT) stores it and
the BR Code carries it (Banco Central, Manual de Padrões para Iniciação do Pix; Regulamento Pix,
chaves): CPF (11 digits), CNPJ (14 digits), e-mail (lower case), cell phone (``+55`` DDD and
the nine-digit number) or random key (a UUID, lower case).

Accepted as typed [ours]: CPF and CNPJ with or without dots, dash and slash, checked by their
check digits; a phone with spaces, dashes and parentheses, with or without ``+55``, but it must
start with ``+`` or a ``(DDD)`` when it has 11 digits, since 11 bare digits are a CPF.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from flask_babel import gettext as _

from damas.services.errors import ServiceError

__all__ = ["PixKey", "KINDS", "parse_pix_key", "cpf_ok", "cnpj_ok"]

KINDS = ("cpf", "cnpj", "email", "phone", "evp")
_UUID = re.compile(r"^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$")
_EMAIL = re.compile(r"^[a-z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$")
_DOCUMENT = re.compile(r"^[0-9.\-/ ]+$")
_PHONE = re.compile(r"^\+?[0-9 ()\-.]+$")
EMAIL_MAX = 77  # the DICT's limit for an e-mail key (and the BR Code's field 26-01)


@dataclass(frozen=True)
class PixKey:
    kind: str   # one of KINDS
    value: str  # as the BR Code carries it


def _check_digit(digits: str, weights: range | list[int]) -> int:
    total = sum(int(d) * w for d, w in zip(digits, weights))
    rest = total % 11
    return 0 if rest < 2 else 11 - rest


def cpf_ok(digits: str) -> bool:
    """Whether 11 digits are a CPF: both check digits right, not all the same digit."""
    if len(digits) != 11 or not digits.isdigit() or len(set(digits)) == 1:
        return False
    first = _check_digit(digits[:9], range(10, 1, -1))
    second = _check_digit(digits[:10], range(11, 1, -1))
    return digits[9:] == f"{first}{second}"


def cnpj_ok(digits: str) -> bool:
    """Whether 14 digits are a CNPJ: both check digits right, not all the same digit."""
    if len(digits) != 14 or not digits.isdigit() or len(set(digits)) == 1:
        return False
    weights = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2]
    first = _check_digit(digits[:12], weights)
    second = _check_digit(digits[:13], [6, *weights])
    return digits[12:] == f"{first}{second}"


def _phone(text: str) -> PixKey:
    digits = re.sub(r"\D", "", text)
    if len(digits) == 11:
        digits = "55" + digits
    if len(digits) != 13 or not digits.startswith("55") or digits[2] == "0" or digits[4] != "9":
        raise ServiceError(_("Celular inválido para chave Pix: use +55, o DDD e os 9 dígitos do número, "
                             "ex.: +55 85 99999-8888."), "pix_key")
    return PixKey("phone", "+" + digits)


def parse_pix_key(text: str) -> PixKey:
    """The key `text` stands for, normalised; ServiceError (field ``pix_key``) with what is wrong."""
    raw = text.strip()
    if not raw:
        raise ServiceError(_("Informe a chave Pix."), "pix_key")
    lower = raw.lower()
    if "@" in raw:
        if len(lower) > EMAIL_MAX or not _EMAIL.match(lower):
            raise ServiceError(_("E-mail inválido para chave Pix (até %(n)s caracteres, sem acentos).", n=EMAIL_MAX),
                               "pix_key")
        return PixKey("email", lower)
    if _UUID.match(lower):
        return PixKey("evp", lower)
    if raw.startswith("+") or "(" in raw:
        if not _PHONE.match(raw):
            raise ServiceError(_("Celular inválido para chave Pix: use +55, o DDD e os 9 dígitos do número, "
                                 "ex.: +55 85 99999-8888."), "pix_key")
        return _phone(raw)
    if _DOCUMENT.match(raw):
        digits = re.sub(r"\D", "", raw)
        if len(digits) == 11:
            if cpf_ok(digits):
                return PixKey("cpf", digits)
            raise ServiceError(_("CPF inválido: os dígitos verificadores não conferem. Se a chave é um celular, "
                                 "escreva-o com +55, ex.: +55 85 99999-8888."), "pix_key")
        if len(digits) == 14:
            if cnpj_ok(digits):
                return PixKey("cnpj", digits)
            raise ServiceError(_("CNPJ inválido: os dígitos verificadores não conferem."), "pix_key")
        if len(digits) == 13 and digits.startswith("55"):
            return _phone(digits)
    raise ServiceError(_("Chave Pix não reconhecida: informe um CPF, um CNPJ, um e-mail, um celular com +55 "
                         "ou uma chave aleatória."), "pix_key")
