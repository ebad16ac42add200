"""The round's and the event's games as one PDN (draughts) or PGN (chess) file.

Each recorded game gets the Seven Tag Roster from the event (Event, Site = the venue, Date = the
round's planned day or the event's first day, Round = the round, ``3.2`` for game 2 of a
micro-match board or a tie, White, Black, Result = the board's result, else the sheet's), the
players' ratings at entry (PGN ``WhiteElo``/``BlackElo``; PDN ``WhiteRating``/``BlackRating``),
``Board``, and for PDN the ``GameType`` of the variant (20 international, 26 Brazilian). A record
saved as written keeps its moves as written after the irregular one, with a comment saying so.
The file imports back with nothing lost (tests/web/games/test_game_records.py, round trip).
"""
from __future__ import annotations

from typing import Any

from damas.engine.games import result_token
from damas.engine.games.files import write_file, write_game
from damas.formats.game_slots import GameSlot, event_slots, round_slots
from damas.models import Event
from damas.models.gamerecord import GameRecord
from damas.services.games.records import belongs, event_rules, stored


def _date(event: Event, number: int) -> str:
    times = event.round_times or []
    day = times[number - 1][:10] if len(times) >= number and times[number - 1] else event.start_date.isoformat()
    return day.replace("-", ".")


def _tags(event: Event, slot: GameSlot, rec: GameRecord) -> dict[str, Any]:
    rules = event_rules(event)
    outcome = slot.outcome
    result = (result_token(rules, outcome.verdict, outcome.both_lost)
              if outcome.played and (outcome.verdict is not None or outcome.both_lost) else rec.result_token or "*")
    several = slot.games_on_board > 1 or slot.tie
    rating = ("WhiteElo", "BlackElo") if rules.file_kind == "pgn" else ("WhiteRating", "BlackRating")
    tags: dict[str, Any] = {
        "Event": event.name, "Site": event.venue or "?", "Date": _date(event, slot.round),
        "Round": f"{slot.round}.{slot.game}" if several else str(slot.round),
        "White": slot.white.name, "Black": slot.black.name, "Result": result, "Board": slot.board,
        rating[0]: slot.white.rating or "", rating[1]: slot.black.rating or "",
    }
    if rules.file_kind == "pdn":
        tags["GameType"] = rules.game_type
    if rec.start_fen:
        tags.update({"SetUp": "1", "FEN": rec.start_fen} if rules.file_kind == "pgn" else {"FEN": rec.start_fen})
    return tags


def game_text(event: Event, slot: GameSlot, rec: GameRecord) -> str:
    """One game of the file."""
    tags = _tags(event, slot, rec)
    written = rec.moves.split()
    moves = [p["n"] for p in rec.plies] + written[len(rec.plies):]
    comment = ""
    if rec.irregular_ply is not None:
        comment = (f"irregular move {rec.irregular_ply} (ply) kept as written, CBJD 56, 59 / "
                   f"lance irregular {rec.irregular_ply} (meio-lance) mantido como escrito")
    return write_game(tags, moves, str(tags["Result"]), _black_starts(event, rec.start_fen), comment)


def _black_starts(event: Event, fen: str) -> bool:
    """Draughts FENs name the side to move first (``B:...``), chess FENs second (``... b ...``)."""
    if not fen:
        return False
    if event_rules(event).file_kind == "pdn":
        return fen.strip()[:1].upper() == "B"
    return fen.split()[1:2] == ["b"]


def games_file(event: Event, number: int | None = None) -> str:
    """The recorded games of round `number` (None: of every round), in round, board, game order."""
    slots = (round_slots(event, number) or []) if number is not None else event_slots(event)
    records = stored(event, number)
    out = [game_text(event, s, records[s.key]) for s in slots if belongs(records.get(s.key), s)]
    return write_file(out)


def file_name(event: Event, number: int | None = None) -> str:
    kind = event_rules(event).file_kind
    return f"evento-{event.id}-rodada-{number}.{kind}" if number is not None else f"evento-{event.id}.{kind}"
