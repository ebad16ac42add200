"""A rating list from a file: id + rating per list (regular, rapid, blitz).

Each value read becomes a rating record (player, list, value, the list's date, the source's name
and file, who imported it), shown on the player's page; a changed value updates the player.
A row whose id is not in the registry is skipped, not refused **[ours]**: a national list names
players this federation never registered; the preview lists them.

Starting order (RULES.md §3; C.04.3 A.2 "a rating correction re-sorts the starting list"): the
entries of events whose round 1 is not yet paired take the new rating of their event's list and
are renumbered; once round 1 is paired the ratings on the entries are frozen and no import
changes them (nor the pairing numbers).

The newest rating wins **[ours]**: a list dated before the player's newest record on the same
list (an old national list imported after this month's) adds its value to his history but does
not change his current rating; the preview says so line by line.

One list per game and rate (engine.rating.lists): the file's ratings go to the lists of the game
the staff choose on the form, draughts 64 (the federation's game) unless they say otherwise.
"""
from __future__ import annotations

from datetime import date

from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.engine.rating.lists import DISCIPLINES, FEDERATION_GAME, RatingListKey
from damas.extensions import db
from damas.models import Player, RatingRecord, User
from damas.models.player import RATING_FIELDS
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.imports.common import (
    ERROR, FEDERATION_HEADERS, FIDE_HEADERS, NAME_HEADERS, RATING_HEADERS, SAME, SKIP, TITLE_HEADERS, UPDATE, Plan,
    PlanRow, join_reasons, read_federation_id, read_fide_id, read_noting, read_rating, read_title,
)
from damas.services.imports.tabular import Column, ImportRefused, Row, read_table, template_csv
from damas.services.entries.rating_refresh import refresh_unpaired_entries

COLUMNS = (
    Column("federation_id", FEDERATION_HEADERS),
    Column("fide_id", FIDE_HEADERS),
    Column("name", NAME_HEADERS),
    Column("regular", RATING_HEADERS["regular"]),
    Column("rapid", RATING_HEADERS["rapid"]),
    Column("blitz", RATING_HEADERS["blitz"]),
    Column("title", TITLE_HEADERS),
)
TEMPLATE_EXAMPLE = ["CE-0001", "", "Maria das Dores", "1650", "1600", "", ""]
LISTS = ("regular", "rapid", "blitz")


def read_rating_list(data: bytes, filename: str) -> list[Row]:
    """The file's rows; a bad cell (a formula, a control character) is its row's error, so the
    preview names every line's problems at once, not the first one only."""
    rows = read_table(data, filename, COLUMNS, collect=True)
    if not any(key in rows[0].cells for key in LISTS):
        raise ImportRefused(_("falta uma coluna de rating (clássico, rápido ou blitz)."), 1)
    if not any(key in rows[0].cells for key in ("federation_id", "fide_id")):
        raise ImportRefused(_("falta a coluna do nº de federação ou do FIDE ID."), 1)
    return rows


def _read(row: Row, errors: list[str]) -> tuple[str | None, str | None, dict[str, int]]:
    """The row's ids and ratings; each bad cell adds its reason to `errors`."""
    fed = read_noting(read_federation_id, row.get("federation_id"), errors)
    fide = read_noting(read_fide_id, row.get("fide_id"), errors)
    ratings = {key: read_noting(read_rating, row.get(key), errors) for key in LISTS}
    read_noting(read_title, row.get("title"), errors)  # the list's title, set with its ratings
    return fed, fide, {k: v for k, v in ratings.items() if v is not None}


def _newest_dates(discipline: str) -> dict[tuple[int, str], date]:
    """(player, rate) -> the date of his newest rating record on the game's list of that rate."""
    rows = db.session.execute(select(RatingRecord.player_id, RatingRecord.rating_list, func.max(RatingRecord.list_date))
                              .where(RatingRecord.discipline == discipline)
                              .group_by(RatingRecord.player_id, RatingRecord.rating_list)).all()
    return {(pid, key): newest for pid, key, newest in rows}


def _check_discipline(discipline: str) -> None:
    if discipline not in DISCIPLINES:
        raise ServiceError(_("Modalidade desconhecida."), "discipline")


def plan_rating_list(rows: list[Row], list_date: date | None = None, discipline: str = FEDERATION_GAME) -> Plan:
    """Row by row: the player found and the ratings of the game's lists that change (nothing is
    written); a value of a list older than the player's newest record on that list changes
    nothing but his history (`history_only`). A row's verdict names all of its errors."""
    _check_discipline(discipline)
    players = db.session.scalars(select(Player)).all()
    newest = _newest_dates(discipline) if list_date is not None else {}
    by_fed = {p.federation_id: p for p in players if p.federation_id}
    by_fide = {p.fide_id: p for p in players if p.fide_id}
    seen: dict[tuple[str, str], int] = {}
    matched: dict[int, int] = {}
    plan = []
    for row in rows:
        out = PlanRow(row.line, SAME, name=row.get("name"))
        errors = list(row.problems)
        fed, fide, ratings = _read(row, errors)
        if not fed and not fide and not errors:
            errors.append(_("sem nº de federação nem FIDE ID."))
        for key, value in (("federation_id", fed), ("fide_id", fide)):
            if value:
                first = seen.setdefault((key, value), row.line)
                if first != row.line:
                    errors.append(_("%(id)s repetido (já na linha %(line)s).", id=value, line=first))
        if not ratings and not errors:
            errors.append(_("nenhum rating na linha."))
        player = (by_fed.get(fed) if fed else None) or (by_fide.get(fide) if fide else None)
        if player is not None and player.id in matched:
            errors.append(_("é o mesmo jogador da linha %(line)s.", line=matched[player.id]))
        if errors:
            out.status, out.reason = ERROR, join_reasons(errors)
        elif player is None:
            out.status, out.reason = SKIP, _("não está no cadastro: ignorado.")
        else:
            matched[player.id] = row.line
            out.player_id, out.name = player.id, player.full_name
            older = {k: newest[(player.id, k)] for k in ratings
                     if list_date is not None and (player.id, k) in newest and list_date < newest[(player.id, k)]}
            out.changes = [(k, player.rating_value(RatingListKey(discipline, k)), v) for k, v in ratings.items()
                           if k not in older and player.rating_value(RatingListKey(discipline, k)) != v]
            title = read_noting(read_title, row.get("title"), [])  # a bad title was named above
            if title is not None and getattr(player, title[0]) != title[1]:
                out.title = title
                out.changes.append((title[0], getattr(player, title[0]), title[1]))
            out.status = UPDATE if out.changes else SAME
            out.values = ratings
            out.history_only = set(older)
            if older:
                out.reason = "; ".join(
                    _("%(list)s %(value)s: lista mais antiga que o registro de %(day)s; entra só no histórico, o "
                      "rating atual (%(current)s) fica.", list=_list_name(k), value=ratings[k],
                      day=day.strftime("%d/%m/%Y"), current=player.rating_value(RatingListKey(discipline, k)) or "—")
                    for k, day in older.items())
        plan.append(out)
    return Plan(plan)


def _list_name(key: str) -> str:
    return {"regular": _("clássico"), "rapid": _("rápido"), "blitz": _("blitz")}[key]


def apply_rating_list(actor: User, rows: list[Row], filename: str, source: str, list_date: date,
                      discipline: str = FEDERATION_GAME) -> Plan:
    """Store the list (the game's lists) in one transaction: records, players' ratings, unpaired
    events' entries."""
    _check_discipline(discipline)
    source = " ".join((source or "").split())
    if not source:
        raise ServiceError(_("Informe o nome da lista (ex.: Rating CBJD)."), "source")
    if list_date > date.today():
        raise ServiceError(_("A data da lista não pode estar no futuro."), "list_date")
    plan = plan_rating_list(rows, list_date, discipline)
    if not plan.ok:
        raise ServiceError(plan.first_error())
    changed: set[int] = set()
    with transaction():
        for row in plan.rows:
            if row.player_id is None:
                continue
            player = db.session.get(Player, row.player_id)
            keys = {rate: RatingListKey(discipline, rate) for rate in row.values}
            before = {RATING_FIELDS[key]: player.rating_value(key) for key in keys.values()}
            for rate, value in row.values.items():
                history = rate in row.history_only  # an older list: his history, not his rating
                db.session.add(RatingRecord(player_id=player.id, discipline=discipline, rating_list=rate, value=value,
                                            previous=None if history else player.rating_value(keys[rate]),
                                            list_date=list_date, source=source[:120], file_name=filename[:200],
                                            user_id=actor.id))
                if not history:
                    player.set_rating(keys[rate], value)
            after = {RATING_FIELDS[keys[k]]: v for k, v in row.values.items()}
            if row.title is not None:  # the list's title replaces his (the newest list is his record)
                before[row.title[0]] = getattr(player, row.title[0])
                setattr(player, row.title[0], row.title[1])
                after[row.title[0]] = row.title[1]
            if row.changes:
                changed.add(player.id)
                record(actor, "update", "player", player.id, before,
                       {**after, "rating_list": source[:120], "list_date": list_date.isoformat()})
        db.session.flush()
        refresh_unpaired_entries(actor, changed)
    return plan


def rating_list_template() -> str:
    return template_csv(COLUMNS, TEMPLATE_EXAMPLE)
