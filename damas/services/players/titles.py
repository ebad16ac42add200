"""Titles on record: the federation's national titles (settings, staff only, audited) and the
titles a player may carry (the player form's selects, the imports' checks).

A national title is the federation's own rule, not FIDE's nor FMJD's: its numbers are what staff
enter (`damas.engine.norms.national`, every rule there "[ours]"). Its code shares the player's
draughts title with the FMJD titles, so it may not be one of theirs nor a FIDE title (a title
column of an import is then read without ambiguity).
"""
from __future__ import annotations

import re
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import func, select, update

from damas.engine.norms.national import NationalTitle
from damas.engine.titles import FIDE_TITLES, FMJD_ABBREVIATIONS
from damas.extensions import db
from damas.models import NationalTitleRow, Player, User
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError
from damas.services.federation.settings import raise_version

__all__ = [
    "NATIONAL_FIELDS", "delete_national_title", "draughts_titles", "engine_title", "national_title_name",
    "national_titles",
    "save_national_title", "title_kind",
]

NATIONAL_FIELDS = ("code", "name", "rating_threshold", "norms_needed", "min_games", "min_average",
                   "min_score_percent", "unrated_rating", "women_only")
_CODE = re.compile(r"^[A-Z][A-Z0-9]*( ?[A-Z0-9]+)?$")
RATING_MAX = 3500


def national_titles() -> list[NationalTitleRow]:
    """The federation's titles, highest rating threshold first, then by code."""
    return list(db.session.scalars(select(NationalTitleRow).order_by(
        func.coalesce(NationalTitleRow.rating_threshold, 0).desc(), NationalTitleRow.code)))


def engine_title(row: NationalTitleRow) -> NationalTitle:
    """The row as the engine's `NationalTitle` (what `check_national_norm` reads)."""
    return NationalTitle(**{name: getattr(row, name) for name in NATIONAL_FIELDS})


def national_title_name(code: str) -> str:
    """The name of the national title `code` ("" when it is none: no title, or FMJD's)."""
    if not code:
        return ""
    return db.session.scalar(select(NationalTitleRow.name).where(NationalTitleRow.code == code)) or ""


def draughts_titles() -> list[tuple[str, str]]:
    """(code, label) of every draughts title a player may carry: FMJD's (100 board, then 64),
    then the federation's national titles."""
    return [(code, code) for code in FMJD_ABBREVIATIONS] + [
        (row.code, f"{row.code} — {row.name}") for row in national_titles()]


def title_kind(text: str) -> tuple[str, str] | None:
    """Which field a title written in a file goes to: ("fide_title", "GM") or ("draughts_title",
    "MI 64"), case and spaces forgiven; None when it is no title we know."""
    code = " ".join(text.split()).upper()
    if code in FIDE_TITLES:
        return "fide_title", code
    if code in {t.upper() for t, _label in draughts_titles()}:
        return "draughts_title", code
    return None


def _int(data: dict[str, Any], name: str, label: str, *, optional: bool, low: int, high: int) -> int | None:
    value = data.get(name)
    if value in (None, ""):
        if optional:
            return None
        raise ServiceError(_("Informe %(what)s.", what=label), name)
    try:
        number = int(value)
    except (TypeError, ValueError):
        raise ServiceError(_("%(what)s: use um número inteiro.", what=label), name) from None
    if not low <= number <= high:
        raise ServiceError(_("%(what)s: entre %(low)s e %(high)s.", what=label, low=low, high=high), name)
    return number


def _clean(data: dict[str, Any], row_id: int | None) -> dict[str, Any]:
    """The values to store, or a ServiceError naming the first bad field (nothing is written)."""
    code = " ".join(str(data.get("code") or "").split()).upper()
    if not code:
        raise ServiceError(_("Informe o código do título."), "code")
    if len(code) > 12 or not _CODE.match(code):
        raise ServiceError(_("Código: até 12 letras maiúsculas e algarismos (ex.: MN, MC 64)."), "code")
    if code in FIDE_TITLES or code in FMJD_ABBREVIATIONS:
        raise ServiceError(_("%(code)s já é um título FIDE ou FMJD: escolha outro código.", code=code), "code")
    clash = db.session.scalar(select(NationalTitleRow.id).where(NationalTitleRow.code == code,
                                                                NationalTitleRow.id != (row_id or -1)))
    if clash is not None:
        raise ServiceError(_("Já existe um título com este código."), "code")
    name = " ".join(str(data.get("name") or "").split())
    if not name:
        raise ServiceError(_("Informe o nome do título."), "name")
    if len(name) > 80:
        raise ServiceError(_("Nome: até 80 caracteres."), "name")
    values: dict[str, Any] = {"code": code, "name": name, "women_only": bool(data.get("women_only"))}
    values["rating_threshold"] = _int(data, "rating_threshold", _("o rating mínimo"), optional=True, low=0,
                                      high=RATING_MAX)
    values["norms_needed"] = _int(data, "norms_needed", _("o número de normas"), optional=False, low=0, high=20)
    values["min_games"] = _int(data, "min_games", _("o mínimo de partidas"), optional=False, low=1, high=100)
    values["min_average"] = _int(data, "min_average", _("a média mínima dos adversários"), optional=True, low=0,
                                 high=RATING_MAX)
    values["min_score_percent"] = _int(data, "min_score_percent", _("o aproveitamento mínimo (%)"),
                                       optional=False, low=0, high=100)
    values["unrated_rating"] = _int(data, "unrated_rating", _("o rating dos adversários sem rating"),
                                    optional=True, low=0, high=RATING_MAX)
    try:
        NationalTitle(**values)  # the engine's own checks, so a stored row always reads back
    except ValueError:
        raise ServiceError(_("Valores inválidos para um título."), "code") from None
    return values


def save_national_title(actor: User, data: dict[str, Any], row: NationalTitleRow | None = None) -> NationalTitleRow:
    """Create (`row` None) or change a national title. A new code is carried to the players who
    held the old one [ours: a renamed title is the same title], in the same transaction."""
    values = _clean(data, row.id if row is not None else None)
    with transaction():
        if row is None:
            row = NationalTitleRow(**values)
            db.session.add(row)
            db.session.flush()
            record(actor, "create", "national_title", row.id, None, snapshot(row, NATIONAL_FIELDS))
            raise_version()  # the draughts events' norms pages show the titles
            return row
        before = snapshot(row, NATIONAL_FIELDS)
        old_code = row.code
        for name, value in values.items():
            setattr(row, name, value)
        after = snapshot(row, NATIONAL_FIELDS)
        if old_code != row.code:
            moved = db.session.execute(update(Player).where(Player.draughts_title == old_code)
                                       .values(draughts_title=row.code)).rowcount
            after["players_renamed"] = moved
        if before != snapshot(row, NATIONAL_FIELDS):
            record(actor, "update", "national_title", row.id, before, after)
            raise_version()
    return row


def delete_national_title(actor: User, row: NationalTitleRow) -> None:
    """Remove a title no player holds (refused while someone does: his record would name a title
    that no longer exists)."""
    holders = db.session.scalar(select(func.count(Player.id)).where(Player.draughts_title == row.code)) or 0
    if holders:
        raise ServiceError(_("%(n)s jogador(es) têm este título: mude o título deles antes de removê-lo.",
                             n=holders))
    with transaction():
        row_id, before = row.id, snapshot(row, NATIONAL_FIELDS)
        db.session.delete(row)
        record(actor, "delete", "national_title", row_id, before, None)
        raise_version()
