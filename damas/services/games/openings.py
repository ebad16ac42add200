"""The opening drawn for a game of a micro-match (Sistema Loteria, CBJD 119) and whether the
game's record starts with it: shown on the record's form and flagged on the desk, never a reason
to refuse a sheet (CBJD 56, 59: the sheet is the evidence).

The draw is per round (board 0: every board) or per board; a team event draws per board of the
team match, while its games are numbered over the round (`engine.teams.event_board`).
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.games.opening_check import OpeningDeparture, opening_departure
from damas.engine.teams import table_and_board
from damas.formats import get_format
from damas.formats.game_slots import GameSlot
from damas.formats.mapping import micro_settings
from damas.models import Event
from damas.models.gamerecord import GameRecord
from damas.services.games.records import event_rules
from damas.services.micromatch.openings import event_draws

Draws = dict[tuple[int, int], "DrawnOpening"]


@dataclass(frozen=True)
class DrawnOpening:
    """An opening drawn for a round (or one board of it), as the federation's table writes it."""

    code: str
    moves: str
    name: str


def drawn_openings(event: Event) -> Draws:
    """Every opening the event drew, by (round, board); board 0 = every board of the round."""
    if not get_format(event).openings_lottery:
        return {}
    return {(d.round_number, d.board): DrawnOpening(d.code, d.moves, d.name) for d in event_draws(event)}


def opening_of(event: Event, slot: GameSlot, draws: Draws | None = None) -> DrawnOpening | None:
    """The opening drawn for the game `slot` (None: the event draws none, or not for this round)."""
    draws = drawn_openings(event) if draws is None else draws
    if not draws:
        return None
    board = slot.board
    if get_format(event).team_based:
        settings = micro_settings(event)
        board = table_and_board(slot.board, settings.boards if settings else 4)[1]
    return draws.get((slot.round, board)) or draws.get((slot.round, 0))


def departure(event: Event, rec: GameRecord, opening: DrawnOpening) -> OpeningDeparture | None:
    """Where the record leaves the drawn opening (None: it follows it, or starts from a set
    position, where no opening is played)."""
    if rec.start_fen:
        return None
    notations = [p["n"] for p in rec.plies]
    written = rec.moves.split()[len(notations):] if rec.irregular_ply is not None else []
    return opening_departure(event_rules(event), opening.moves, notations, written)
