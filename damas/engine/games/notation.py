"""Reading a score sheet: the movetext of a typed record, a PDN or a PGN game, and the CBJD
notation of a draughts move (CBJD 4º).

CBJD 4º: a move is the square it leaves and the square it reaches, separated by a hyphen for a
simple move and by ``x`` (or ``:``) for a capture; on 64 squares the squares are named by file
and rank (``c3-d4``, ``c3xe5``, ``c3:e5``), on 100 squares by number (``32-28``, ``32x23``,
``32:23``). A capture may name the squares where it turns (``a1xd4xg7``, PDN's way of telling
two captures with the same ends apart). Move numbers (``12.``, ``12...``), comments
(``{...}``, ``;`` to the end of the line), variations ``(...)``, NAGs (``$1``) and the
annotations ``!`` ``?`` are not moves and are dropped; a result token ends the game. A move
written with a space inside (``1- 6``, ``32 x 23``), as published PDN collections write many, is
read as the same move.

The 64-square board may also be written by numbers, as the federation's opening tables
(tablita, CBJD 119) write it: ``10-15 21-17 15-19``. The CBJD rules do not number the squares;
we use the numeric notation of the Portuguese-language tradition [ours]: the 32 dark squares are
numbered from White's side, row by row from the first, each row from right to left, so 1 is the
dark square of White's lower right corner (g1: on the CBJD board a1, White's lower left, is dark),
2 = e1, 3 = c1, 4 = a1, 5 = h2 ... 32 = b8. White's men stand on 1-12 and Black's on 21-32, and
every opening of the federation's table then starts with a legal move (``11-15`` = c3-d4,
``22-18`` = f6-e5, ``15x22`` = d4xf6). `square_64` names a numbered square; a record is read in
either notation, but not in both (`mixed_notation`).
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Sequence

DRAUGHTS_RESULTS = frozenset({"2-0", "0-2", "1-1", "0-0", "1-0", "0-1", "1/2-1/2", "*"})
# chess: "0-0" is castling, never a result (PGN writes no double loss)
CHESS_RESULTS = frozenset({"1-0", "0-1", "1/2-1/2", "*"})

_NUMBER = re.compile(r"^(\d+)\.+")
_ANNOTATION = re.compile(r"[!?]+$")
_SQUARE_64 = re.compile(r"[a-h][1-8]")
_SQUARE_100 = re.compile(r"\d{1,2}")
NUMERIC, ALGEBRAIC = "numeric", "algebraic"
FILES_64 = "abcdefgh"
LAST_SQUARE = {64: 32, 100: 50}  # the highest square number of each board


def square_64(number: int) -> str:
    """Square `number` (1-32) of the numeric notation of the 64-square board as CBJD 4º names it:
    1 = g1, 4 = a1, 5 = h2, 15 = d4, 22 = f6, 32 = b8 (module doc) [ours]."""
    if not 1 <= number <= 32:
        raise ValueError(f"no square {number} on the 64-square board")
    row, index = divmod(number - 1, 4)
    return f"{FILES_64[6 - 2 * index + row % 2]}{row + 1}"


@dataclass(frozen=True, slots=True)
class Movetext:
    """The moves of one game as written and the result token at its end ("" when none)."""

    moves: tuple[str, ...]
    result: str


# one token of a movetext: a comment or variation mark, or a word; the whitespace before it
_SCAN = re.compile(r"\s*(?:([{;()])|([^\s{}();]+))?")
_SEPARATORS = "-xX:"


def _glued(last: str, token: str) -> str | None:
    """``last`` and ``token`` as one move when a sheet wrote a space inside it (``1- 6``,
    ``32 x 23``, ``32 -28``: published PDN collections do), else None. Only a lone separator
    between a square and a square joins: ``--`` (a null move in PGN) never does."""
    if len(last) > 1 and last[-1] in _SEPARATORS and last[-2].isalnum() and token[0].isalnum():
        return last + token
    if last[-1].isalnum() and token[0] in _SEPARATORS and (len(token) == 1 or token[1].isalnum()):
        return last + token
    return None


class MovetextReader:
    """Reads a movetext fed in pieces (a file's lines), scanning each character once: comments
    ``{...}`` and variations ``(...)`` may run over several pieces, ``;`` comments to the end of
    its line. `feed` answers whether the result token has been read (the game ends there)."""

    def __init__(self, results: frozenset[str] = DRAUGHTS_RESULTS) -> None:
        self.results = results
        self.moves: list[str] = []
        self.result = ""
        self._comment = False
        self._depth = 0

    def feed(self, text: str) -> bool:
        pos, end = 0, len(text)
        while pos < end and not self.result:
            if self._comment:
                close = text.find("}", pos)
                if close < 0:
                    return False
                self._comment, pos = False, close + 1
                continue
            m = _SCAN.match(text, pos)
            assert m is not None  # the pattern matches the empty string
            mark, word = m.group(1), m.group(2)
            pos = m.end()
            if mark == "{":
                self._comment = True
            elif mark == ";" and self._depth == 0:
                newline = text.find("\n", pos)
                pos = end if newline < 0 else newline
            elif mark == "(":
                self._depth += 1
            elif mark == ")" and self._depth:
                self._depth -= 1
            elif word and self._depth == 0:
                self._word(word)
            elif mark is None and word is None:
                break  # only whitespace left
        return bool(self.result)

    def _word(self, token: str) -> None:
        while True:  # "12.c3-d4", "12...f6-e5"
            m = _NUMBER.match(token)
            if m is None or token in self.results:
                break
            token = token[m.end():]
        if not token or token.startswith("$") or token == "..":
            return
        if token in self.results:
            self.result = token
            return
        token = _ANNOTATION.sub("", token)
        if not token:
            return
        joined = _glued(self.moves[-1], token) if self.moves else None
        if joined is not None:
            self.moves[-1] = joined
        else:
            self.moves.append(token)

    def movetext(self) -> Movetext:
        return Movetext(tuple(self.moves), self.result)


def read_movetext(text: str, results: frozenset[str] = DRAUGHTS_RESULTS) -> Movetext:
    """The moves of a movetext in order and its result; stops at the first result token."""
    reader = MovetextReader(results)
    reader.feed(text)
    return reader.movetext()


@dataclass(frozen=True, slots=True)
class DraughtsMove:
    """A draughts move as written: its squares in order (on 64 squares by file and rank, however
    written), whether it is written as a capture and in which notation (`NUMERIC`, `ALGEBRAIC`)."""

    squares: tuple[str, ...]
    capture: bool
    notation: str = ALGEBRAIC


def _split(token: str) -> tuple[list[str], set[str]] | None:
    parts = re.split(r"([-x:])", token.strip().lower())
    if len(parts) < 3 or len(parts) % 2 == 0:
        return None
    return parts[0::2], set(parts[1::2])


def parse_draughts_move(token: str, board_size: int) -> DraughtsMove | None:
    """The squares and kind of a CBJD move (``c3-d4``, ``c3xe5``, ``c3:e5`` or by number ``11-15``,
    ``15x22`` on 64 squares; ``32-28``, ``32x23``, ``32:23`` on 100); None when it is not one (a
    square number past the board's last among them: `square_out_of_range` names it)."""
    split = _split(token)
    if split is None:
        return None
    squares, seps = split
    notation = NUMERIC
    if board_size == 64 and all(_SQUARE_64.fullmatch(s) for s in squares):
        notation = ALGEBRAIC
    elif not all(_SQUARE_100.fullmatch(s) for s in squares):
        return None
    elif not all(1 <= int(s) <= LAST_SQUARE[board_size] for s in squares):
        return None
    else:
        squares = [square_64(int(s)) if board_size == 64 else str(int(s)) for s in squares]
    capture = bool(seps & {"x", ":"})
    if capture and "-" in seps or not capture and len(squares) != 2:
        return None
    return DraughtsMove(tuple(squares), capture, notation)


def square_out_of_range(token: str, board_size: int) -> str | None:
    """The first square number of a move written by numbers that the board does not have (``33``
    or ``0`` on 64 squares, ``51`` on 100); None for any other token."""
    split = _split(token)
    if split is None or not all(_SQUARE_100.fullmatch(s) for s in split[0]):
        return None
    return next((s for s in split[0] if not 1 <= int(s) <= LAST_SQUARE[board_size]), None)


def mixed_notation(moves: Sequence[str], board_size: int) -> int | None:
    """The 1-based index of the first move written in the other notation than the moves before it
    (on 64 squares a record is read by numbers or by file and rank, not both [ours]); None when
    the readable moves share one notation. Unreadable moves are the rules' to refuse."""
    first = None
    for index, token in enumerate(moves, start=1):
        move = parse_draughts_move(token, board_size)
        if move is None:
            continue
        if first is None:
            first = move.notation
        elif move.notation != first:
            return index
    return None
