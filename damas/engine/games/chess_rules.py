"""Chess, checked by python-chess (FIDE Laws art. 8: the score sheet in algebraic notation).

Moves are read as SAN (``e4``, ``Nf3``, ``exd5``, ``O-O``, ``e8=Q``; python-chess also takes
``0-0`` and the long form ``e2e4``). The position decides the game by checkmate, stalemate,
dead position (insufficient material), the 75-move rule and fivefold repetition (FIDE Laws
5 and 9.6); threefold repetition and the 50-move rule are claimed (9.2, 9.3), not decided by
the record.
"""
from __future__ import annotations

import re
from typing import Sequence

import chess

from damas.engine.games.types import (
    CheckedGame,
    MoveProblem,
    Ply,
    ProblemKind,
    Verdict,
    move_number,
    side_of,
)

_DESTINATION = re.compile(r"([a-h][1-8])(?:=?[QRBN])?[+#]?$")


class ChessRules:
    """Standard chess from the initial position (or a PGN ``FEN`` tag)."""

    code = "chess"
    file_kind = "pgn"
    board_size = 64
    game_type = None

    def start(self) -> str:
        return chess.STARTING_FEN

    def board(self, fen: str | None = None) -> chess.Board:
        return chess.Board(fen or chess.STARTING_FEN)

    @staticmethod
    def _ambiguous(board: chess.Board, written: str) -> tuple[str, ...]:
        """The legal moves a SAN without enough disambiguation may mean."""
        m = _DESTINATION.search(written)
        piece = written[0] if written[:1] in "KQRBN" else "P"
        return tuple(sorted(
            board.san(move) for move in board.legal_moves
            if m is not None and chess.square_name(move.to_square) == m.group(1)
            and (board.piece_at(move.from_square) or chess.Piece(chess.PAWN, True)).symbol().upper() == piece))

    def check(self, moves: Sequence[str], start: str | None = None) -> CheckedGame:
        board = self.board(start)
        first = board.fen()
        black_starts = board.turn == chess.BLACK
        plies: list[Ply] = []
        for index, written in enumerate(moves, start=1):
            number, side = move_number(index, black_starts), side_of(index, black_starts)
            try:
                move = board.parse_san(written)
            except chess.AmbiguousMoveError:
                kind, alternatives = ProblemKind.AMBIGUOUS, self._ambiguous(board, written)
            except chess.IllegalMoveError:
                kind, alternatives = ProblemKind.ILLEGAL, tuple(sorted(board.san(m) for m in board.legal_moves))
            except chess.InvalidMoveError:
                kind, alternatives = ProblemKind.UNREADABLE, tuple(sorted(board.san(m) for m in board.legal_moves))
            else:
                san = board.san(move)
                capture, pawn = board.is_capture(move), board.piece_type_at(move.from_square) == chess.PAWN
                board.push(move)
                plies.append(Ply(index, number, side, written, san, board.fen(), capture, pawn,
                                 (chess.square_name(move.from_square), chess.square_name(move.to_square))))
                continue
            problem = MoveProblem(index, number, side, written, kind, alternatives)
            return CheckedGame(self.code, first, tuple(plies), problem, tuple(moves[index:]), Verdict.NOT_OVER)
        return CheckedGame(self.code, first, tuple(plies), None, (), self.verdict(board))

    def verdict(self, board: chess.Board) -> Verdict:
        outcome = board.outcome(claim_draw=False)
        if outcome is None:
            return Verdict.NOT_OVER
        if outcome.winner is None:
            return Verdict.DRAW
        return Verdict.WHITE_WINS if outcome.winner else Verdict.BLACK_WINS


CHESS = ChessRules()
