"""What a checked game record is, for every game the events play (CBJD 3º-6º; FIDE Laws art. 8).

A record is the moves as the score sheet writes them. Checking replays them from the start
position with the rules of the game (`damas.engine.games.variants`): every legal move becomes a
`Ply` (its canonical notation and the position after it); the first move that cannot be played
stops the replay with a `MoveProblem` naming its number, its side and the legal alternatives.
The moves written after it are kept as written (`CheckedGame.rest`): an irregular move that the
players did not notice stands (CBJD 53), but the position after it is not the rules' to compute.
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

WHITE, BLACK = "white", "black"


class ProblemKind(str, Enum):
    UNREADABLE = "unreadable"  # not a move in the notation of the game (CBJD 4º; SAN)
    ILLEGAL = "illegal"  # no legal move matches what is written
    AMBIGUOUS = "ambiguous"  # two legal moves match: the sheet must say which (CBJD 5º)


class Verdict(str, Enum):
    """A result in words every game shares: White won, Black won, drawn, not over."""

    WHITE_WINS = "white"
    BLACK_WINS = "black"
    DRAW = "draw"
    NOT_OVER = "open"


@dataclass(frozen=True, slots=True)
class Ply:
    """One move of one side. `index` counts plies from 1; `number` is the move number of the
    score sheet (White's and Black's move share it)."""

    index: int
    number: int
    side: str
    written: str
    notation: str
    position: str  # the position after the move (the library's FEN)
    capture: bool
    piece_move: bool  # draughts: a man moved (ends a CBJD 97 b count); chess: a pawn moved
    squares: tuple[str, ...] = ()  # from and to (drawn on the diagram)


@dataclass(frozen=True, slots=True)
class MoveProblem:
    """The first move the rules refuse, with the legal moves of that position."""

    index: int
    number: int
    side: str
    written: str
    kind: ProblemKind
    alternatives: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CheckedGame:
    """A record replayed: the legal plies, the first problem (None: every move legal), the moves
    written after the problem and what the final position decides (only a legal record's)."""

    variant: str
    start: str
    plies: tuple[Ply, ...]
    problem: MoveProblem | None
    rest: tuple[str, ...]
    final: Verdict

    @property
    def legal(self) -> bool:
        return self.problem is None

    @property
    def positions(self) -> tuple[str, ...]:
        """The start position and the position after each legal ply."""
        return (self.start, *(p.position for p in self.plies))

    def written_moves(self) -> tuple[str, ...]:
        """Every move as the sheet writes it, the refused one and those after it included."""
        refused = (self.problem.written,) if self.problem is not None else ()
        return (*(p.written for p in self.plies), *refused, *self.rest)


def side_of(index: int, black_starts: bool = False) -> str:
    """The side of ply `index` (from 1)."""
    first, second = (BLACK, WHITE) if black_starts else (WHITE, BLACK)
    return first if index % 2 == 1 else second


def move_number(index: int, black_starts: bool = False) -> int:
    """The score sheet's move number of ply `index` (a game may start with Black, PDN FEN "B:")."""
    return (index + (1 if black_starts else 0) + 1) // 2


def quiet_run(moves: "list[tuple[bool, bool]] | tuple[tuple[bool, bool], ...]") -> int:
    """The plies at the end of `moves` (each (capture, piece moved)) since the last capture or
    man / pawn move: CBJD 97 b counts king-only moves, FIDE Laws 9.3 the fifty moves."""
    count = 0
    for capture, piece in moves:
        count = 0 if capture or piece else count + 1
    return count
