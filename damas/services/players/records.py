"""Creating and editing players and clubs (federation staff only)."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import func, select

from damas.engine.titles import FIDE_TITLES
from damas.extensions import db
from damas.models import Club, Player, RatingRecord, User
from damas.models.player import RATING_FIELDS
from damas.services.audit import record, snapshot, transaction
from damas.services.errors import ServiceError
from damas.services.entries.rating_refresh import refresh_unpaired_entries
from damas.services.players.names import check_name, clean_name
from damas.services.players.fields import PLAYER_FIELDS
from damas.services.players.titles import draughts_titles

CLUB_FIELDS = ("name", "short_name", "city", "state")
LIST_OF_FIELD = {field: key for key, field in RATING_FIELDS.items()}


def _clean_player(data: dict[str, Any]) -> dict[str, Any]:
    values = {name: data.get(name) for name in PLAYER_FIELDS}
    for name in ("federation_id", "fide_id", "email"):
        text = (values[name] or "").strip()
        values[name] = text or None
    values["full_name"] = clean_name(values["full_name"])
    values["state"] = (values["state"] or "").upper()
    values["club_id"] = values["club_id"] or None
    for name in ("fide_title", "draughts_title"):  # "" = no title (a caller that does not set it)
        values[name] = " ".join(str(values[name] or "").split())
    return values


def _check_player(values: dict[str, Any], player_id: int | None) -> None:
    """Refuse duplicates and impossible values even if a form forgot to (defence in depth)."""
    if not values["full_name"]:
        raise ServiceError(_("Informe o nome completo."), "full_name")
    check_name(values["full_name"], "full_name")
    born = values["birth_date"]
    if born is not None and (born > date.today() or born.year < 1900):
        raise ServiceError(_("Data de nascimento impossível."), "birth_date")
    for name in LIST_OF_FIELD:
        if values[name] is not None and values[name] < 0:
            raise ServiceError(_("O rating não pode ser negativo."), name)
    for name, message in (
        ("federation_id", _("Já existe um jogador com este número de federação.")),
        ("fide_id", _("Já existe um jogador com este FIDE ID.")),
    ):
        if values[name] is None:
            continue
        clash = db.session.scalar(
            select(Player.id).where(getattr(Player, name) == values[name], Player.id != (player_id or -1))
        )
        if clash is not None:
            raise ServiceError(message, name)
    if values["club_id"] is not None and db.session.get(Club, values["club_id"]) is None:
        raise ServiceError(_("Clube inexistente."), "club_id")
    if values["fide_title"] and values["fide_title"] not in FIDE_TITLES:
        raise ServiceError(_("Título FIDE desconhecido."), "fide_title")
    if values["draughts_title"] and values["draughts_title"] not in {code for code, _label in draughts_titles()}:
        raise ServiceError(_("Título de damas desconhecido."), "draughts_title")


def create_player(actor: User, data: dict[str, Any], *, fide_federation: str = "") -> Player:
    """A new registered player; `fide_federation` is the FIDE federation another program's TRF
    file gives, kept so our TRF export writes it back."""
    values = _clean_player(data)
    _check_player(values, None)
    with transaction():
        player = Player(**values, fide_federation=fide_federation)
        db.session.add(player)
        db.session.flush()
        after = snapshot(player, PLAYER_FIELDS)
        if fide_federation:
            after["fide_federation"] = fide_federation
        record(actor, "create", "player", player.id, None, after)
    return player


def update_player(actor: User, player: Player, data: dict[str, Any]) -> Player:
    values = _clean_player(data)
    _check_player(values, player.id)
    with transaction():
        before = snapshot(player, PLAYER_FIELDS)
        for name, value in values.items():
            setattr(player, name, value)
        after = snapshot(player, PLAYER_FIELDS)
        if before != after:
            record(actor, "update", "player", player.id, before, after)
        _record_typed_ratings(actor, player, before)
    return player


def _record_typed_ratings(actor: User, player: Player, before: dict[str, Any]) -> None:
    """A rating typed on the player's form is a rating record too (it says where each rating
    came from), dated today, and the entries of his events not yet paired follow it (the rating
    lists' rule, RULES.md §3: frozen once round 1 is paired). A cleared rating has no record
    (there is no value to date)."""
    changed = False
    for name, key in LIST_OF_FIELD.items():
        value = getattr(player, name)
        if value is not None and value != before.get(name):
            db.session.add(RatingRecord(player_id=player.id, discipline=key.discipline, rating_list=key.rate, value=value,
                                        previous=before.get(name), list_date=date.today(),
                                        source=_("Editado no cadastro")[:120], file_name="", user_id=actor.id))
            changed = True
        changed = changed or value != before.get(name)
    if changed:
        db.session.flush()
        refresh_unpaired_entries(actor, {player.id})


def _clean_club(data: dict[str, Any]) -> dict[str, Any]:
    values = {name: clean_name(data.get(name)) for name in CLUB_FIELDS}
    values["state"] = values["state"].upper()
    return values


def _check_club(values: dict[str, Any], club_id: int | None) -> None:
    if not values["name"]:
        raise ServiceError(_("Informe o nome do clube."), "name")
    check_name(values["name"], "name")
    check_name(values["short_name"], "short_name")
    clash = db.session.scalar(
        select(Club.id).where(func.lower(Club.name) == values["name"].lower(), Club.id != (club_id or -1))
    )
    if clash is not None:
        raise ServiceError(_("Já existe um clube com este nome."), "name")


def create_club(actor: User, data: dict[str, Any]) -> Club:
    values = _clean_club(data)
    _check_club(values, None)
    with transaction():
        club = Club(**values)
        db.session.add(club)
        db.session.flush()
        record(actor, "create", "club", club.id, None, snapshot(club, CLUB_FIELDS))
    return club


def update_club(actor: User, club: Club, data: dict[str, Any]) -> Club:
    values = _clean_club(data)
    _check_club(values, club.id)
    with transaction():
        before = snapshot(club, CLUB_FIELDS)
        for name, value in values.items():
            setattr(club, name, value)
        after = snapshot(club, CLUB_FIELDS)
        if before != after:
            record(actor, "update", "club", club.id, before, after)
    return club
