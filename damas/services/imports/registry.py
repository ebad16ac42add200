"""The federation's player registry from a file (staff only).

A row matches a registered player by federation number, then FIDE ID, then name and birth date
(**[ours]**: the order of trust — an id is the federation's, a name can be spelt twice the
same). A matched row updates the cells the file fills (an empty cell keeps what is stored); an
unmatched row is a new player. A club named in the file is matched by name or short name, and
created when unknown. Ratings set by the file get a rating record (source: the file) and, as a
rating list's do, move the starting lists of events not yet paired (frozen once round 1 is paired).
"""
from __future__ import annotations

from datetime import date
from typing import Any, Callable

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import Club, Player, RatingRecord, User
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError
from damas.services.imports.common import (
    BIRTH_HEADERS, ERROR, FEDERATION_HEADERS, FIDE_HEADERS, NAME_HEADERS, NEW, RATING_HEADERS, SAME, UPDATE, Plan,
    PlanRow, TITLE_HEADERS, join_reasons, name_key, read_birth_date, read_federation_id, read_fide_id, read_noting, read_rating,
    read_title,
)
from damas.services.entries.rating_refresh import refresh_unpaired_entries
from damas.services.imports.tabular import Column, Row, read_table, template_csv
from damas.services.players.fields import PLAYER_FIELDS

COLUMNS = (
    Column("full_name", NAME_HEADERS, required=True),
    Column("birth_date", BIRTH_HEADERS),
    Column("sex", ("sexo", "sex", "gender")),
    Column("club", ("clube", "club")),
    Column("state", ("uf", "estado", "state")),
    Column("federation_id", FEDERATION_HEADERS),
    Column("fide_id", FIDE_HEADERS),
    Column("rating_regular", RATING_HEADERS["regular"]),
    Column("rating_rapid", RATING_HEADERS["rapid"]),
    Column("rating_blitz", RATING_HEADERS["blitz"]),
    Column("title", TITLE_HEADERS),
)
TEMPLATE_EXAMPLE = ["Maria das Dores", "04/05/2010", "F", "Clube Exemplo", "CE", "CE-0001", "", "1650", "1600", "",
                    ""]
RATING_FIELDS = ("rating_regular", "rating_rapid", "rating_blitz")
LIST_OF = {"rating_regular": "regular", "rating_rapid": "rapid", "rating_blitz": "blitz"}
SEXES = {"m": "M", "f": "F", "masculino": "M", "feminino": "F", "male": "M", "female": "F"}
STATES = set("AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO".split())
AUDITED = PLAYER_FIELDS + ("rating_blitz",)


def _values(row: Row) -> tuple[dict[str, Any], list[str]]:
    """The row's cells as player values (only the filled ones) and the reason of every bad cell
    (all of a line's errors at once, not the first one)."""
    errors = list(row.problems)
    values: dict[str, Any] = {"full_name": " ".join(row.get("full_name").split())}
    if not values["full_name"] and not row.problems:  # a refused name cell is said once
        errors.append(_("o nome está vazio."))
    if len(values["full_name"]) > 120:
        errors.append(_("o nome passa de 120 caracteres."))

    def take(key: str, read: Callable[[str], Any], cell: str) -> None:
        value = read_noting(read, row.get(cell), errors)
        if value is not None:
            values[key] = value

    take("birth_date", read_birth_date, "birth_date")
    take("sex", _read_sex, "sex")
    take("state", _read_state, "state")
    take("federation_id", read_federation_id, "federation_id")
    take("fide_id", read_fide_id, "fide_id")
    for key in RATING_FIELDS:
        take(key, read_rating, key)
    title = read_noting(read_title, row.get("title"), errors)
    if title is not None:
        values[title[0]] = title[1]
    club = " ".join(row.get("club").split())
    if club:
        values["club"] = club[:120]
    return values, errors


def _read_sex(text: str) -> str | None:
    sex = text.strip()
    if not sex:
        return None
    if sex.casefold() not in SEXES:
        raise ValueError(_("sexo inválido \"%(text)s\" (M ou F).", text=sex))
    return SEXES[sex.casefold()]


def _read_state(text: str) -> str | None:
    state = text.strip().upper()
    if not state:
        return None
    if state not in STATES:
        raise ValueError(_("UF inválida \"%(text)s\".", text=state))
    return state


class _Index:
    """The registry loaded once for the whole file (no query per row)."""

    def __init__(self) -> None:
        players = db.session.scalars(select(Player)).all()
        self.by_federation = {p.federation_id: p for p in players if p.federation_id}
        self.by_fide = {p.fide_id: p for p in players if p.fide_id}
        self.by_name: dict[tuple[str, date], list[Player]] = {}
        for p in players:
            if p.birth_date is not None:
                self.by_name.setdefault((name_key(p.full_name), p.birth_date), []).append(p)
        self.clubs: dict[str, Club] = {}
        for club in db.session.scalars(select(Club)):
            for label in (club.short_name, club.name):
                if label:
                    self.clubs.setdefault(label.casefold(), club)


def _match(values: dict[str, Any], index: _Index) -> Player | None:
    """Federation number, then FIDE ID, then name + birth date; ValueError on a contradiction."""
    fed, fide = values.get("federation_id"), values.get("fide_id")
    player = index.by_federation.get(fed) if fed else None
    if player is None and fide:
        player = index.by_fide.get(fide)
    if player is None and values.get("birth_date"):
        same = index.by_name.get((name_key(values["full_name"]), values["birth_date"]), [])
        if len(same) > 1:
            raise ValueError(_("há mais de um jogador com este nome e nascimento; informe o nº de federação."))
        player = same[0] if same else None
    if player is None:
        return None
    if fed and player.federation_id and player.federation_id != fed:
        raise ValueError(_("o jogador com este nome e nascimento (ou FIDE ID) tem outro nº de federação (%(id)s).",
                           id=player.federation_id))
    if fide and player.fide_id and player.fide_id != fide:
        raise ValueError(_("o jogador %(name)s tem outro FIDE ID (%(id)s).", name=player.full_name, id=player.fide_id))
    if fide and index.by_fide.get(fide) not in (None, player):
        raise ValueError(_("o FIDE ID %(id)s já é de outro jogador (%(name)s).", id=fide,
                           name=index.by_fide[fide].full_name))
    return player


def _changes(player: Player, values: dict[str, Any], index: _Index) -> list[tuple[str, Any, Any]]:
    out = []
    for key, new in values.items():
        if key == "club":
            old_club = player.club.name if player.club else None
            club = index.clubs.get(new.casefold())
            if club is None or club.id != player.club_id:
                out.append(("club", old_club, club.name if club else new))
            continue
        old = getattr(player, key)
        if old != new:
            out.append((key, old, new))
    return out


def read_registry(data: bytes, filename: str) -> list[Row]:
    """The file's rows, a bad cell kept as its row's problem: the preview lists every error."""
    return read_table(data, filename, COLUMNS, collect=True)


def plan_registry(rows: list[Row]) -> Plan:
    """Say, row by row, what confirming would do (nothing is written)."""
    index = _Index()
    plan: list[PlanRow] = []
    seen: dict[tuple[str, str], int] = {}
    matched: dict[int, int] = {}
    for row in rows:
        out = PlanRow(row.line, NEW, name=row.get("full_name"))
        try:
            values, errors = _values(row)
            for key, label in (("federation_id", _("nº de federação")), ("fide_id", _("FIDE ID"))):
                if values.get(key):
                    first = seen.setdefault((key, values[key]), row.line)
                    if first != row.line:
                        errors.append(_("%(what)s %(id)s repetido (já na linha %(line)s).",
                                        what=label, id=values[key], line=first))
            if errors:
                raise ValueError(join_reasons(errors))
            player = _match(values, index)
            if player is None:
                if "sex" not in values:
                    raise ValueError(_("jogador novo sem sexo (M ou F)."))
                out.changes = [(k, None, v) for k, v in values.items()]
            else:
                if player.id in matched:
                    raise ValueError(_("é o mesmo jogador da linha %(line)s.", line=matched[player.id]))
                matched[player.id] = row.line
                out.player_id = player.id
                out.changes = _changes(player, values, index)
                out.status = UPDATE if out.changes else SAME
            if values.get("club") and values["club"].casefold() not in index.clubs:
                out.reason = _("clube novo: %(name)s", name=values["club"])
            out.values = values
        except ValueError as error:
            out.status, out.reason = ERROR, str(error)
        plan.append(out)
    return Plan(plan)


def _club(name: str, index: _Index, actor: User) -> Club:
    club = index.clubs.get(name.casefold())
    if club is None:
        club = Club(name=name, short_name="", city="", state="")
        db.session.add(club)
        db.session.flush()
        record(actor, "create", "club", club.id, None, {"name": name, "source": "import"})
        index.clubs[name.casefold()] = club
    return club


def apply_registry(actor: User, rows: list[Row], filename: str, source: str = "") -> Plan:
    """Write the whole plan in one transaction (refused whole when a row is in error)."""
    plan = plan_registry(rows)
    if not plan.ok:
        raise ServiceError(plan.first_error())
    index = _Index()
    today = date.today()
    source = source or _("Cadastro importado")
    rated: set[int] = set()
    with transaction():
        for row in plan.rows:
            if row.status not in (NEW, UPDATE):
                continue
            values = dict(row.values)
            club_name = values.pop("club", None)
            if club_name:
                values["club_id"] = _club(club_name, index, actor).id
            player = db.session.get(Player, row.player_id) if row.player_id else None
            before = snapshot(player, AUDITED) if player is not None else None
            olds = {k: getattr(player, k) for k in RATING_FIELDS} if player is not None else {}
            if player is None:
                values.setdefault("state", "")
                player = Player(**values)
                db.session.add(player)
            else:
                for key, value in values.items():
                    setattr(player, key, value)
            db.session.flush()
            for key in RATING_FIELDS:
                if key in values and values[key] != olds.get(key):
                    if row.player_id:
                        rated.add(player.id)
                    db.session.add(RatingRecord(player_id=player.id, rating_list=LIST_OF[key], value=values[key],
                                                previous=olds.get(key), list_date=today, source=source[:120],
                                                file_name=filename[:200], user_id=actor.id))
            record(actor, "update" if before else "create", "player", player.id, before,
                   {**snapshot(player, AUDITED), "import": filename[:200]})
        db.session.flush()
        refresh_unpaired_entries(actor, rated)  # as a rating list: unpaired events follow, paired ones keep theirs
    return plan


def registry_template() -> str:
    """The downloadable CSV template (pt-BR header, one example row)."""
    return template_csv(COLUMNS, TEMPLATE_EXAMPLE)
