"""Playoff records (games due, results, plan, status) and the tables of FIDE-GR "Playoff" (k):
scores, sections, pairing numbers and knockout order (overview in `damas.engine.playoffs`).
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.types import EngineError

_SCORES = {"1-0": (2, 0), "0-1": (0, 2), "1/2-1/2": (1, 1), "½-½": (1, 1), "=": (1, 1)}
_SECTIONS = {6: ((0, 3, 4), (1, 2, 5)), 9: ((0, 4, 8), (1, 5, 6), (2, 3, 7)),
             10: ((0, 3, 4, 7, 8), (1, 2, 5, 6, 9))}
_NUMBERS = {3: (1, 3, 2), 5: (1, 4, 2, 5, 3), 7: (1, 5, 2, 6, 3, 7, 4)}  # HT rank i -> pairing number
_BRACKET = {4: (0, 3, 1, 2), 8: (0, 7, 3, 4, 1, 6, 2, 5)}


@dataclass(frozen=True)
class PlayoffGame:
    """A game due: `a` is the player with the better HT; `white` is set by the Berger table in
    round robins or by the recorded lot, else None: colours are drawn at the board (j)."""

    id: str
    a: int
    b: int
    armageddon: bool
    white: int | None = None


@dataclass(frozen=True)
class GameResult:
    """A playoff game's result: score from White's view (``1-0``, ``0-1``, ``1/2-1/2``);
    `moves` is needed only when a "fewest moves" rule has to decide."""

    white: int
    black: int
    score: str
    moves: int | None = None

    def __post_init__(self) -> None:
        if self.score not in _SCORES:
            raise EngineError(f"playoff score must be one of {', '.join(_SCORES)}, not {self.score!r}")
        if self.white == self.black:
            raise EngineError("a game needs two different players")
        if self.moves is not None and (not isinstance(self.moves, int) or self.moves < 1):
            raise EngineError("the number of moves is a whole number >= 1")


@dataclass(frozen=True)
class PlayoffPlan:
    """The plan for one tie: `format` is the row of the source's table (2 ... 10, "11+");
    `numbers` pairs (pairing number, start_no) for round robins; `steps` (pt, en) lines."""

    tied: tuple[int, ...]
    format: str
    numbers: tuple[tuple[int, int], ...]
    sections: tuple[tuple[int, ...], ...]
    eliminated: tuple[int, ...]
    steps: tuple[tuple[str, str], ...]
    knockout_matches: bool = True
    armageddon_only: bool = False
    lot_seed: int | None = None


@dataclass(frozen=True)
class PlayoffStatus:
    """Where a playoff stands: games due, moves still to enter, or the final `places` (groups
    of equal places, best first) with a `log` of (pt, en) lines."""

    finished: bool
    pending: tuple[PlayoffGame, ...]
    needs_moves: tuple[str, ...]
    places: tuple[tuple[int, ...], ...]
    unresolved: bool
    log: tuple[tuple[str, str], ...]
