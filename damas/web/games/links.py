"""The small links other pages show to recorded games: on a round's pairings
(`round_game_links`) and on a player's card (`player_game_records`). Template globals, so the
round page and the card each need one line and one include, nothing in their routes."""
from __future__ import annotations

from typing import Any

from flask import url_for
from sqlalchemy import or_, select

from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, Player
from damas.models.gamerecord import GameRecord


def _records(event_id: int, *where: Any) -> list[GameRecord]:
    return list(db.session.scalars(select(GameRecord).where(GameRecord.event_id == event_id, *where)
                                   .order_by(GameRecord.round_number, GameRecord.board, GameRecord.game_no)))


def _url(rec: GameRecord) -> str:
    return url_for("games.game_page", event_id=rec.event_id, round_number=rec.round_number, board=rec.board,
                   game_no=rec.game_no)


def round_game_links(event_id: int, number: int) -> dict[int, list[dict[str, Any]]]:
    """Board -> its recorded games (game number, the two players' ids, the game page)."""
    out: dict[int, list[dict[str, Any]]] = {}
    for rec in _records(event_id, GameRecord.round_number == number):
        out.setdefault(rec.board, []).append({"game": rec.game_no, "url": _url(rec),
                                              "players": sorted((rec.white_player_id, rec.black_player_id))})
    return out


def player_game_records(event_id: int, player_id: int) -> list[dict[str, Any]]:
    """The player's recorded games in published rounds: round, colour, opponent, page."""
    event = db.session.get(Event, event_id)
    if event is None:
        return []
    records = _records(event_id, or_(GameRecord.white_player_id == player_id, GameRecord.black_player_id == player_id))
    fmt = get_format(event)
    public = {n for n in {r.round_number for r in records} if fmt.find_round(event, n, drafts=False) is not None}
    out = []
    for rec in records:
        if rec.round_number not in public:
            continue
        white = rec.white_player_id == player_id
        opponent = db.session.get(Player, rec.black_player_id if white else rec.white_player_id)
        out.append({"round": rec.round_number, "board": rec.board, "game": rec.game_no, "white": white,
                    "opponent": opponent.full_name if opponent else "", "url": _url(rec),
                    "irregular": rec.irregular_ply is not None})
    return out


def register(app: Any) -> None:
    app.add_template_global(round_game_links, "round_game_links")
    app.add_template_global(player_game_records, "player_game_records")

