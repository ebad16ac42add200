"""What the three imports share: the plan a preview shows and the values every row is read as."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import date
from typing import Any, Callable, TypeVar

from flask_babel import gettext as _

from damas.services.imports.tabular import ImportRefused, parse_date
from damas.engine.integers import parse_int
from damas.services.players.titles import title_kind

NEW, UPDATE, SAME, SKIP, ERROR = "new", "update", "same", "skip", "error"
FEDERATION_ID = re.compile(r"^[A-Za-z0-9\-./]{1,20}$")
FIDE_ID = re.compile(r"^\d{1,12}$")
MAX_RATING = 3500

# Header spellings every import accepts (pt-BR first: the templates' headers; English too).
FEDERATION_HEADERS = ("nº federação", "numero federacao", "federação", "id federação", "federation id",
                      "federation", "id")
FIDE_HEADERS = ("fide id", "id fide", "fide")
NAME_HEADERS = ("nome", "nome completo", "name", "full name")
BIRTH_HEADERS = ("nascimento", "data de nascimento", "birth date", "birthdate", "born")
RATING_HEADERS = {
    "regular": ("rating clássico", "rating classico", "clássico", "regular", "standard", "rating regular",
                "rating standard"),
    "rapid": ("rating rápido", "rating rapido", "rápido", "rapid", "rating rapid"),
    "blitz": ("rating blitz", "blitz", "relâmpago"),
}
TITLE_HEADERS = ("título", "titulo", "title")


@dataclass
class PlanRow:
    """One line of the file as the preview shows it: what will happen and why."""

    line: int
    status: str
    name: str = ""
    reason: str = ""
    changes: list[tuple[str, Any, Any]] = field(default_factory=list)  # (field, before, after)
    player_id: int | None = None
    values: dict[str, Any] = field(default_factory=dict)
    verdict: str = ""  # many entries: found, unknown, ... (entries.VERDICTS)
    suggestion: str = ""  # an unknown name's registered spelling ("Cicero" -> "Cícero"), offered
    history_only: set[str] = field(default_factory=set)  # rating lists older than the player's newest record
    title: tuple[str, str] | None = None  # a rating list's title cell: (player field, title) to set


@dataclass
class Plan:
    rows: list[PlanRow]

    @property
    def errors(self) -> list[PlanRow]:
        return [r for r in self.rows if r.status == ERROR]

    @property
    def ok(self) -> bool:
        return not self.errors

    def count(self, status: str) -> int:
        return sum(1 for r in self.rows if r.status == status)

    def first_error(self) -> str:
        row = self.errors[0]
        return str(ImportRefused(row.reason, row.line))


def join_reasons(reasons: list[str]) -> str:
    """Several reasons for one line, as one sentence: "a; b; c." """
    return "; ".join(r.rstrip(".") for r in reasons) + "."


T = TypeVar("T")


def read_noting(read: Callable[[str], T | None], text: str, errors: list[str]) -> T | None:
    """`read(text)`, or None with the reason added to `errors`: a line's every bad cell is named
    at once, not the first one."""
    try:
        return read(text)
    except ValueError as error:
        errors.append(str(error))
        return None


def read_rating(text: str) -> int | None:
    """A rating cell: empty = none; else a whole number 0..3500 (ValueError otherwise)."""
    text = text.strip()
    if not text:
        return None
    rating = parse_int(text, maximum=MAX_RATING)
    if rating is None:
        raise ValueError(_("rating inválido \"%(text)s\" (um número inteiro de 0 a %(max)s).",
                           text=text, max=MAX_RATING))
    return rating


def read_title(text: str) -> tuple[str, str] | None:
    """A title cell: empty = none; else ("fide_title", "GM") for a FIDE title or
    ("draughts_title", "MI 64") for an FMJD or national one (`services.titles.title_kind`: the
    codes never overlap), ValueError for a title we do not know."""
    if not text.strip():
        return None
    found = title_kind(text)
    if found is None:
        raise ValueError(_("título desconhecido \"%(text)s\".", text=text.strip()[:20]))
    return found


def read_birth_date(text: str) -> date | None:
    text = text.strip()
    if not text:
        return None
    try:
        born = parse_date(text)
    except ValueError:
        raise ValueError(_("data de nascimento inválida \"%(text)s\" (use dd/mm/aaaa).", text=text)) from None
    if born > date.today() or born.year < 1900:
        raise ValueError(_("data de nascimento impossível \"%(text)s\".", text=text))
    return born


def read_federation_id(text: str) -> str | None:
    text = text.strip()
    if not text:
        return None
    if not FEDERATION_ID.match(text):
        raise ValueError(_("nº de federação inválido \"%(text)s\" (só letras, números e - . /).", text=text))
    return text


def read_fide_id(text: str) -> str | None:
    text = text.strip()
    if not text:
        return None
    if not FIDE_ID.match(text):
        raise ValueError(_("FIDE ID inválido \"%(text)s\" (só dígitos).", text=text))
    return text


def name_key(name: str) -> str:
    return " ".join(name.split()).casefold()
