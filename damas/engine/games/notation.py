"""Reading a score sheet: the movetext of a typed record, a PDN or a PGN game, and the CBJD
notation of a draughts move (CBJD 4º).

CBJD 4º: a move is the square it leaves and the square it reaches, separated by a hyphen for a
simple move and by ``x`` (or ``:``) for a capture; on 64 squares the squares are named by file
and rank (``c3-d4``, ``c3xe5``, ``c3:e5``), on 100 squares by number (``32-28``, ``32x23``,
``32:23``). A capture may name the squares where it turns (``a1xd4xg7``, PDN's way of telling
two captures with the same ends apart). Move numbers (``12.``, ``12...``), comments
(``{...}``, ``;`` to the end of the line), variations ``(...)``, NAGs (``$1``) and the
annotations ``!`` ``?`` are not moves and are dropped; a result token ends the game.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

DRAUGHTS_RESULTS = frozenset({"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"})
# chess: "0-0" is castling, never a result (PGN writes no double loss)
CHESS_RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})

_NUMBER = re.compile(r"^(\d+)\.+")
_ANNOTATION = re.compile(r"[!?]+$")
_SQUARE_64 = re.compile(r"[a-h][1-8]")
_SQUARE_100 = re.compile(r"\d{1,2}")


@dataclass(frozen=True, slots=True)
class Movetext:
    """The moves of one game as written and the result token at its end ("" when none)."""

    moves: tuple[str, ...]
    result: str


def strip_comments(text: str) -> str:
    """The text without comments and variations (nested variations included)."""
    out: list[str] = []
    depth = 0
    i = 0
    while i < len(text):
        ch = text[i]
        if ch == "{":
            end = text.find("}", i)
            i = len(text) if end < 0 else end + 1
            out.append(" ")
            continue
        if ch == ";" and depth == 0:
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        if ch == "(":
            depth += 1
        elif ch == ")" and depth:
            depth -= 1
            out.append(" ")
        elif depth == 0:
            out.append(ch)
        i += 1
    return "".join(out)


def read_movetext(text: str, results: frozenset[str] = DRAUGHTS_RESULTS) -> Movetext:
    """The moves of a movetext in order and its result; stops at the first result token."""
    moves: list[str] = []
    for raw in strip_comments(text).split():
        token = raw
        while True:  # "12.c3-d4", "12...f6-e5"
            m = _NUMBER.match(token)
            if m is None or token in results:
                break
            token = token[m.end():]
        if not token or token.startswith("$") or token == "..":
            continue
        if token in results:
            return Movetext(tuple(moves), token)
        token = _ANNOTATION.sub("", token)
        if token:
            moves.append(token)
    return Movetext(tuple(moves), "")


@dataclass(frozen=True, slots=True)
class DraughtsMove:
    """A draughts move as written: its squares in order and whether it is written as a capture."""

    squares: tuple[str, ...]
    capture: bool


def parse_draughts_move(token: str, board_size: int) -> DraughtsMove | None:
    """The squares and kind of a CBJD move (``c3-d4``, ``c3xe5``, ``c3:e5`` on 64 squares;
    ``32-28``, ``32x23``, ``32:23`` on 100); None when it is not one."""
    token = token.strip().lower()
    parts = re.split(r"([-x:])", token)
    if len(parts) < 3 or len(parts) % 2 == 0:
        return None
    squares, seps = parts[0::2], set(parts[1::2])
    pattern = _SQUARE_64 if board_size == 64 else _SQUARE_100
    if not all(pattern.fullmatch(s) for s in squares):
        return None
    if board_size == 100:
        if not all(1 <= int(s) <= 50 for s in squares):
            return None
        squares = [str(int(s)) for s in squares]
    capture = bool(seps & {"x", ":"})
    if capture and "-" in seps or not capture and len(squares) != 2:
        return None
    return DraughtsMove(tuple(squares), capture)
