"""The squares of a draughts board and the pieces of a draughts FEN (PDN 3.0 FEN: ``W:W..:B..``).

The 64-square board (Brazilian draughts) names its dark squares by file and rank, a1 at White's
lower left (CBJD 4º d); the 100-square board (international draughts) numbers them 1 to 50 from
Black's side, five per row, 1 being the second square of the top row. `square_xy` places a
square on the diagram: column and row from White's view, row 0 at the top.
"""
from __future__ import annotations

from dataclasses import dataclass

FILES = "abcdefgh"


@dataclass(frozen=True, slots=True)
class Piece:
    square: str
    white: bool
    king: bool


def name_64(number: int) -> str:
    """pydraughts' Brazilian square number (1 = a1, 4 per rank) as CBJD writes it."""
    row, index = divmod(number - 1, 4)
    return f"{FILES[2 * index + row % 2]}{row + 1}"


def square_xy(square: str, board_size: int) -> tuple[int, int]:
    """Column and row (from the top, White at the bottom) of a square on the diagram."""
    if board_size == 64:
        return FILES.index(square[0]), 8 - int(square[1:])
    n = int(square) - 1
    row = n // 5
    return 2 * (n % 5) + (1 if row % 2 == 0 else 0), row


def _expand(item: str, board_size: int) -> list[str]:
    """One FEN item: ``c3``, ``32``, or a range of numbers ``31-35``."""
    if board_size == 100 and "-" in item:
        low, high = (int(x) for x in item.split("-", 1))
        return [str(n) for n in range(low, high + 1)]
    return [item if board_size == 64 else str(int(item))]


def fen_pieces(fen: str, board_size: int) -> tuple[str, list[Piece]]:
    """The side to move ("W"/"B") and the pieces of a draughts FEN."""
    parts = [p.strip() for p in fen.strip().rstrip(".").split(":")]
    turn = parts[0].upper()[:1] or "W"
    pieces: list[Piece] = []
    for part in parts[1:]:
        if not part:
            continue
        white = part[0].upper() == "W"
        for raw in filter(None, (x.strip() for x in part[1:].split(","))):
            king = raw[0].upper() == "K"
            for square in _expand(raw[1:] if king else raw, board_size):
                pieces.append(Piece(square.lower(), white, king))
    return turn, pieces
