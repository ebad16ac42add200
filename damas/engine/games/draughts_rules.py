"""Brazilian (64 squares) and international (100 squares) draughts, checked by pydraughts.

pydraughts' ``brazilian`` and ``standard`` variants play the rules the CBJD events use (checked
by tests/engine/test_game_rules.py on hand-made positions): men move forward and capture forward
and backward, kings fly, the capture that takes the most pieces is compulsory (kings and men
count the same), a captured piece is removed only when the capture ends and is never jumped
twice, and a man that reaches the last row during a capture and must go on capturing stays a
man (promoted only if the capture ends there).

Where we do not follow the library:

* The end of the game. pydraughts declares draws by itself (in ``brazilian`` the Russian counts:
  15 king moves, 3 kings against 1, ...; in ``standard`` FMJD's 25 king moves). Under the CBJD a
  game is won when the opponent has no piece or no move left (CBJD 95 a) and drawn by the rules
  only when claimed (CBJD 97 b, c; 98): `verdict` answers a win from the position only, and
  `king_only_moves` counts CBJD 97 b for the arbiter.
* The notation. pydraughts raises a bare ``KeyError`` for a move it cannot match and writes
  squares by its own internal numbers; we read CBJD 4º ourselves (`notation`), match the move
  among the library's legal moves and name the problem and the alternatives.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from random import Random
from typing import Sequence

from draughts.convert import fen_from_variant, move_to_variant
from draughts.core.game import BLACK as LIB_BLACK
from draughts.core.game import WHITE as LIB_WHITE
from draughts.core.game import Game

from damas.engine.games.notation import DraughtsMove, parse_draughts_move
from damas.engine.games.position import name_64
from damas.engine.games.types import (
    CheckedGame,
    MoveProblem,
    Ply,
    ProblemKind,
    Verdict,
    move_number,
    quiet_run,
    side_of,
)


@dataclass(frozen=True, slots=True)
class _Legal:
    path: tuple[str, ...]  # every square the piece stands on, from start to end
    captures: frozenset[int]
    steps: list[list[int]]  # the library's move: its jumps in the library's own square numbers


class DraughtsRules:
    """One draughts variant: its library name, board and PDN GameType (PDN 3.0: 20 international,
    26 Brazilian).

    We drive pydraughts' core `Game` (its own square numbers, translated once per variant with
    `draughts.convert.move_to_variant`) and ask it for the full legal-move search, with the
    majority rule, only in positions with a capture: a position without one has the simple moves
    as its legal moves, and the library's search copies the game once per move (25 to 55 ms a
    position, ten times what the rest costs)."""

    file_kind = "pdn"

    def __init__(self, code: str, library: str, board_size: int, game_type: int) -> None:
        self.code, self.library, self.board_size, self.game_type = code, library, board_size, game_type

    @cached_property
    def _names(self) -> dict[int, str]:
        """The library's square number -> the square as CBJD writes it."""
        out = {}
        for internal in range(1, self.board_size // 2 + 1):
            number = int(move_to_variant(str(internal), variant=self.library, to_algebraic=False))
            out[internal] = name_64(number) if self.board_size == 64 else str(number)
        return out

    def start(self) -> str:
        return self.fen(Game(self.library))

    def board(self, fen: str | None = None) -> Game:
        return Game(self.library, fen_from_variant(fen, self.library) if fen else "startpos")

    def fen(self, game: Game) -> str:
        """The position as a PDN FEN in the variant's squares (Brazilian: c3; international: 32)."""
        sides: dict[int, list[str]] = {LIB_WHITE: [], LIB_BLACK: []}
        for piece in sorted(game.board.searcher.uncaptured_pieces, key=lambda p: p.position):
            sides[piece.player].append(("K" if piece.king else "") + self._names[piece.position])
        turn = "W" if game.whose_turn() == LIB_WHITE else "B"
        return f"{turn}:W{','.join(sides[LIB_WHITE])}:B{','.join(sides[LIB_BLACK])}"

    def legal(self, game: Game) -> list[_Legal]:
        if game.board.get_possible_capture_moves([]):
            moves, captures = game.legal_moves()
        else:
            moves = [[m] for m in game.board.get_possible_positional_moves()]
            captures = [[None] for _ in moves]
        return [_Legal(tuple(self._names[s] for s in [m[0][0], *(step[1] for step in m)]),
                       frozenset(c for c in taken if c), m) for m, taken in zip(moves, captures)]

    def notation(self, chosen: _Legal, legal: list[_Legal]) -> str:
        """CBJD 4º: start and end, and the turning squares when another capture has the same ends."""
        sep = "x" if chosen.captures else "-"
        twins = [m for m in legal if m.path[0] == chosen.path[0] and m.path[-1] == chosen.path[-1]
                 and m.captures != chosen.captures]
        return sep.join(chosen.path if twins else (chosen.path[0], chosen.path[-1]))

    @staticmethod
    def _matches(m: _Legal, written: DraughtsMove) -> bool:
        if bool(m.captures) != written.capture or m.path[0] != written.squares[0] or m.path[-1] != written.squares[-1]:
            return False
        inner = iter(m.path[1:-1])
        return all(any(s == x for x in inner) for s in written.squares[1:-1])

    def _after(self, game: Game, move: _Legal) -> str:
        copy = game.copy_fast()
        copy.push(move.steps)
        return copy.get_fen()

    def check(self, moves: Sequence[str], start: str | None = None) -> CheckedGame:
        game = self.board(start)
        first = self.fen(game)
        black_starts = game.whose_turn() == LIB_BLACK
        plies: list[Ply] = []
        for index, written in enumerate(moves, start=1):
            number, side = move_number(index, black_starts), side_of(index, black_starts)
            legal = self.legal(game)
            alternatives = tuple(sorted(self.notation(m, legal) for m in legal))
            parsed = parse_draughts_move(written, self.board_size)
            found = [m for m in legal if self._matches(m, parsed)] if parsed is not None else []
            kind = ProblemKind.UNREADABLE if parsed is None else ProblemKind.ILLEGAL
            outcomes = {self._after(game, m): m for m in found} if len(found) > 1 else {"": m for m in found}
            if len(outcomes) > 1:
                kind, alternatives = ProblemKind.AMBIGUOUS, tuple(sorted("x".join(m.path) for m in outcomes.values()))
            if len(outcomes) != 1:
                problem = MoveProblem(index, number, side, written, kind, alternatives)
                return CheckedGame(self.code, first, tuple(plies), problem, tuple(moves[index:]), Verdict.NOT_OVER)
            chosen = next(iter(outcomes.values()))
            man = not game.board.searcher.get_piece_by_position(chosen.steps[0][0]).king
            game.push(chosen.steps)
            plies.append(Ply(index, number, side, written, self.notation(chosen, legal), self.fen(game),
                             bool(chosen.captures), man, (chosen.path[0], chosen.path[-1])))
        return CheckedGame(self.code, first, tuple(plies), None, (), self.verdict(game))

    def sample_game(self, rng: Random, plies: int) -> list[str]:
        """A legal game of up to `plies` moves drawn with `rng`, captures preferred (the demo's)."""
        game, out = self.board(), []
        for _ in range(plies):
            legal = self.legal(game)
            if not legal:
                break
            chosen = rng.choice(legal)
            out.append(self.notation(chosen, legal))
            game.push(chosen.steps)
        return out

    def verdict(self, game: Game) -> Verdict:
        """CBJD 95 a: the side to move with no piece or no move has lost; nothing else ends a game
        by itself (the draws of CBJD 97 b and 98 are claimed)."""
        if self.legal(game):
            return Verdict.NOT_OVER
        return Verdict.WHITE_WINS if game.whose_turn() == LIB_BLACK else Verdict.BLACK_WINS


def king_only_moves(game: CheckedGame, upto: int) -> int:
    """CBJD 97 b: the plies up to ply `upto` since the last capture or man move (each player's
    move counts once; 20 moves of each side = 40 plies)."""
    return quiet_run([(p.capture, p.piece_move) for p in game.plies[:upto]])


BRAZILIAN = DraughtsRules("brazilian", "brazilian", 64, 26)
INTERNATIONAL = DraughtsRules("international", "standard", 100, 20)
