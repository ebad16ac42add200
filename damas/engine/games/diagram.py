"""Board diagrams as SVG, drawn on the server from the library's position.

Draughts: our own drawing of the FEN's pieces (pydraughts' SVG module draws only its internal
square numbers); chess: python-chess's `chess.svg`. The SVG carries no script and no style
sheet, only presentation attributes, so it shows under the app's Content-Security-Policy. The
last move's two squares are marked; a `title` names the position for screen readers.
"""
from __future__ import annotations

from html import escape

import chess
import chess.svg

from damas.engine.games.position import fen_pieces, square_xy

LIGHT, DARK, MARK = "#f0d9b5", "#8b5a2b", "#c9a227"
WHITE_MAN, BLACK_MAN, EDGE = "#fbfbf5", "#202020", "#555555"


def draughts_svg(fen: str, board_size: int, last: tuple[str, ...] = (), size: int = 360, title: str = "") -> str:
    """The position of a draughts FEN on a 64- or 100-square board, White at the bottom."""
    n = 8 if board_size == 64 else 10
    cell = size / n
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {size} {size}" width="{size}" height="{size}" '
           f'role="img">', f"<title>{escape(title)}</title>" if title else "",
           f'<rect width="{size}" height="{size}" fill="{LIGHT}"/>']
    for row in range(n):
        for col in range(n):
            if (row + col) % 2 == 1:
                out.append(f'<rect x="{col * cell:.2f}" y="{row * cell:.2f}" width="{cell:.2f}" height="{cell:.2f}" '
                           f'fill="{DARK}"/>')
    for square in last:
        col, row = square_xy(square, board_size)
        out.append(f'<rect x="{col * cell:.2f}" y="{row * cell:.2f}" width="{cell:.2f}" height="{cell:.2f}" '
                   f'fill="{MARK}" fill-opacity="0.55"/>')
    _turn, pieces = fen_pieces(fen, board_size)
    radius = cell * 0.4
    for piece in pieces:
        col, row = square_xy(piece.square, board_size)
        cx, cy = (col + 0.5) * cell, (row + 0.5) * cell
        fill, ring = (WHITE_MAN, EDGE) if piece.white else (BLACK_MAN, "#000000")
        out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{radius:.2f}" fill="{fill}" stroke="{ring}" '
                   f'stroke-width="{cell * 0.05:.2f}"/>')
        if piece.king:  # a crown: a second ring and a dot in the man's opposite colour
            inner = BLACK_MAN if piece.white else WHITE_MAN
            out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{radius * 0.55:.2f}" fill="none" stroke="{inner}" '
                       f'stroke-width="{cell * 0.06:.2f}"/>')
            out.append(f'<circle cx="{cx:.2f}" cy="{cy:.2f}" r="{radius * 0.18:.2f}" fill="{inner}"/>')
    out.append("</svg>")
    return "".join(out)


def chess_svg(fen: str, last: tuple[str, ...] = (), size: int = 360, title: str = "") -> str:
    """The position of a chess FEN, python-chess's drawing (with coordinates)."""
    board = chess.Board(fen)
    move = chess.Move(chess.parse_square(last[0]), chess.parse_square(last[1])) if len(last) == 2 else None
    svg = chess.svg.board(board, size=size, lastmove=move, coordinates=True)
    if title:
        svg = svg.replace("<desc>", f"<title>{escape(title)}</title><desc>", 1)
    return svg
