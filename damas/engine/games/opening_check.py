"""A record's first moves against the opening drawn for its micro-match (Sistema Loteria,
CBJD 119): both games of the micro-match start with the drawn opening.

The federation's table writes an opening as a movetext (``10-15 21-17 15-19``, by numbers on the
64-square board), a record may be written by file and rank: both are replayed by the rules of the
game and compared move by move in the game's own notation. A record that departs from the
opening is the desk's to look at (a warning): the sheet stays as written (CBJD 56, 59).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from damas.engine.games.notation import read_movetext
from damas.engine.games.variants import GameRules, results_of


@dataclass(frozen=True, slots=True)
class OpeningDeparture:
    """Where a record leaves the drawn opening: `ply` the first half-move that differs (from 1;
    0 when the opening itself cannot be played by the rules), the opening's moves and the
    record's over the same half-moves, both in the game's notation."""

    ply: int
    expected: tuple[str, ...]
    played: tuple[str, ...]

    @property
    def playable(self) -> bool:
        return self.ply > 0


def opening_moves(rules: GameRules, opening: str) -> tuple[tuple[str, ...], bool]:
    """The opening's moves in the game's notation and whether the rules play them all from the
    start position (a move they refuse ends the list)."""
    moves = read_movetext(opening, results_of(rules)).moves
    game = rules.check(moves)
    return tuple(p.notation for p in game.plies), game.problem is None and bool(moves)


def opening_departure(rules: GameRules, opening: str, notations: Sequence[str],
                      written: Sequence[str] = ()) -> OpeningDeparture | None:
    """Where the record leaves the opening, None when it follows it. `notations` are the record's
    legal plies in the game's notation, `written` the moves the sheet writes after them (saved
    as written: the first is irregular, so it is not the opening's move). A record shorter than
    the opening that follows it as far as it goes does not depart from it."""
    expected, playable = opening_moves(rules, opening)
    if not playable:
        return OpeningDeparture(0, expected, ())
    played = (*notations, *written)[:len(expected)]
    for index, move in enumerate(played, start=1):
        if index > len(notations) or move != expected[index - 1]:
            return OpeningDeparture(index, expected, tuple(played))
    return None
