"""Names for the change log: the rows an audit entry points at ("Inscrição #123", "jogador id
24", "Round #22") named as people read them (the player's name, "Rodada 1"), read in one query per
kind of row for a whole page of entries. A row deleted since keeps its number."""
from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterable

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Club, Entry, Event, Game, Player, Round, User
from damas.presentation.audit_labels import ID_FIELDS

# the audit entry's own object, where it is one of those rows
OBJECTS = {"player": "player", "entry": "entry", "round": "round", "game": "game", "user": "user",
           "club": "club", "event": "event"}


def _wanted(entries: Iterable[AuditEntry]) -> dict[str, set[int]]:
    wanted: dict[str, set[int]] = defaultdict(set)
    for a in entries:
        if a.object_type in OBJECTS and a.object_id:
            wanted[OBJECTS[a.object_type]].add(a.object_id)
        if a.event_id:
            wanted["event"].add(a.event_id)
        for data in (a.before or {}, a.after or {}):
            for name, value in data.items():
                if name in ID_FIELDS and isinstance(value, int):
                    wanted[ID_FIELDS[name]].add(value)
    return wanted


def row_names(entries: Iterable[AuditEntry]) -> dict[tuple[str, int], str]:
    """(kind of row, id) -> its name, for every row the entries point at."""
    wanted = _wanted(list(entries))
    names: dict[tuple[str, int], str] = {}

    def read(kind: str, stmt: Any) -> None:
        if wanted.get(kind):
            for row_id, text in db.session.execute(stmt).all():
                names[(kind, row_id)] = text

    read("player", select(Player.id, Player.full_name).where(Player.id.in_(wanted.get("player", ()))))
    read("user", select(User.id, User.name).where(User.id.in_(wanted.get("user", ()))))
    read("club", select(Club.id, Club.name).where(Club.id.in_(wanted.get("club", ()))))
    read("event", select(Event.id, Event.name).where(Event.id.in_(wanted.get("event", ()))))
    read("entry", select(Entry.id, Player.full_name).join(Player, Player.id == Entry.player_id)
         .where(Entry.id.in_(wanted.get("entry", ()))))
    if wanted.get("round"):
        for row_id, number in db.session.execute(select(Round.id, Round.number).where(Round.id.in_(wanted["round"]))):
            names[("round", row_id)] = _("Rodada %(n)s", n=number)
    if wanted.get("game"):
        for row_id, number, board in db.session.execute(
                select(Game.id, Round.number, Game.board).join(Round, Round.id == Game.round_id)
                .where(Game.id.in_(wanted["game"]))):
            names[("game", row_id)] = _("rodada %(n)s, mesa %(b)s", n=number, b=board)
    return names
