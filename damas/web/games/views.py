"""Plain data for the game pages (templates get no ORM rows): a record's moves by number with the
position after each, the labels of a game and of what the desk flags."""
from __future__ import annotations

from typing import Any

from flask import url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l

from damas.engine.games.opening_check import OpeningDeparture, opening_moves
from damas.engine.games.types import move_number, side_of
from damas.formats.game_slots import GameSlot
from damas.presentation.code_labels import VERDICT_TEXT  # noqa: F401  (the game pages' names)
from damas.models import Event
from damas.models.gamerecord import GameRecord
from damas.services.games.openings import DrawnOpening, departure, opening_of
from damas.services.games.records import disagreements, event_rules

CONTRADICTION_TEXT = {
    "record_not_over": _l("A planilha diz que a partida não terminou (*), mas a mesa tem resultado."),
    "record_result": _l("O resultado da planilha não é o da mesa."),
    "position": _l("A posição final decide outro resultado (sem lances / xeque-mate)."),
    "unplayed": _l("A mesa não teve partida (W.O.), mas há lances registrados."),
}
def game_label(slot: GameSlot) -> str:
    if slot.tie:
        return _("Confronto %(t)s, partida %(g)s", t=slot.board, g=slot.game)
    if slot.games_on_board > 1:
        return _("Mesa %(b)s, %(g)sª partida", b=slot.board, g=slot.game)
    return _("Mesa %(b)s", b=slot.board)


def game_args(event: Event, slot: GameSlot) -> dict[str, int]:
    return {"event_id": event.id, "round_number": slot.round, "board": slot.board, "game_no": slot.game}


def moves_by_number(event: Event, slot: GameSlot, rec: GameRecord) -> list[dict[str, Any]]:
    """Rows of the move list: number, White's and Black's move, each with its ply and link."""
    args = game_args(event, slot)
    written = rec.moves.split()
    black_starts = bool(rec.start_fen) and (rec.start_fen.strip()[:1].upper() == "B" if event.discipline != "xadrez"
                                            else rec.start_fen.split()[1:2] == ["b"])
    rows: dict[int, dict[str, Any]] = {}
    for i, text in enumerate(written, start=1):
        index = i + (1 if black_starts else 0)
        number, side = (index + 1) // 2, "white" if index % 2 == 1 else "black"
        known = i <= len(rec.plies)
        cell = {"ply": i, "text": rec.plies[i - 1]["n"] if known else text, "known": known,
                "irregular": rec.irregular_ply == i, "url": url_for("games.game_page", **args, lance=i) if known else None,
                "svg": url_for("games.diagram", **args, ply=i) if known else None}
        rows.setdefault(number, {"number": number, "white": None, "black": None})[side] = cell
    return [rows[n] for n in sorted(rows)]


def flags(slot: GameSlot, rec: GameRecord) -> list[str]:
    return [str(CONTRADICTION_TEXT[c]) for c in disagreements(slot, rec)]


def opening_view(event: Event, slot: GameSlot) -> dict[str, str] | None:
    """The opening drawn for the game (CBJD 119) as the table writes it, and in the notation of
    the record pages when that differs (the table's numbers on the 64-square board)."""
    opening = opening_of(event, slot)
    if opening is None:
        return None
    moves, _playable = opening_moves(event_rules(event), opening.moves)
    shown = " ".join(moves)
    return {"code": opening.code, "moves": opening.moves, "name": opening.name,
            "notation": shown if shown and shown != " ".join(opening.moves.split()) else ""}


def departure_text(opening: DrawnOpening, found: OpeningDeparture) -> str:
    """The desk's words for a record that leaves the drawn opening (a warning, CBJD 119)."""
    if not found.playable:
        return _("A abertura sorteada %(code)s (%(moves)s) não é jogável pelas regras do jogo: confira a lista de "
                 "aberturas da federação.", code=opening.code, moves=opening.moves)
    side = _("brancas") if side_of(found.ply) == "white" else _("pretas")
    return _("Não começa pela abertura sorteada %(code)s: esperado %(expected)s, registrado %(played)s (difere no "
             "lance %(n)s das %(side)s).", code=opening.code, expected=" ".join(found.expected),
             played=" ".join(found.played), n=move_number(found.ply), side=side)


def opening_warning(event: Event, slot: GameSlot, rec: GameRecord) -> str:
    """The warning of a record that leaves its drawn opening ("" when it follows it or none was drawn)."""
    opening = opening_of(event, slot)
    found = departure(event, rec, opening) if opening is not None else None
    return departure_text(opening, found) if opening is not None and found is not None else ""
