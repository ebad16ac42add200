"""Openings drawn by lot for micro-matches: Sistema Loteria / tablita (CBJD 119; RULES.md §2).

* The federation loads its list of openings from a CSV file: ``code, moves[, name]``, comma or
  semicolon separated, an optional header row (``code``/``codigo``/``código``). The system never
  invents openings. `parse_openings_csv` refuses, with the line number, text that is not UTF-8,
  a row without code or moves, a row with too many columns and a duplicate code (codes compare
  without regard to case); also a quote left open to the end of the file (the rest of the file
  would have become one moves cell; a quoted cell closed on a later line is one move list), a
  control character, and a code, moves or name longer than the stored columns
  (`CODE_MAX`, `MOVES_MAX`, `NAME_MAX`: cutting them would change the opening or make two codes
  collide).
* Before each round one opening is drawn for all boards, or one per board when the event says so
  **[ours: per round by default]**, from a recorded seed so the draw can be replayed and audited.
  No opening repeats in an event until the whole list has been drawn (a new cycle starts then).
* CBJD 119: only micro-match competitions may draw the opening by lot (`check_lottery_allowed`).
"""
from __future__ import annotations

import csv
import io
import random
import secrets
from dataclasses import dataclass
from typing import Iterable, Sequence

from damas.engine.types import EngineError

__all__ = [
    "CODE_MAX", "MOVES_MAX", "NAME_MAX", "BadEncodingError", "ControlCharacterError", "DuplicateOpeningError",
    "EmptyMovesError", "LotteryNotAllowedError", "Opening", "OpeningDraw", "OpeningsError", "OpeningsFormatError",
    "TooLongError", "UnclosedQuoteError", "check_lottery_allowed", "current_cycle", "draw_openings", "new_seed",
    "openings_needed", "parse_openings_csv",
]

CODE_MAX, MOVES_MAX, NAME_MAX = 40, 400, 200  # the columns that store an opening
_CONTROL = frozenset(chr(c) for c in (*range(32), *range(127, 160), 0x2028, 0x2029))

_HEADER_WORDS = frozenset({"code", "codigo", "código", "cod", "cód", "cod.", "cód."})


class OpeningsError(EngineError):
    """A refused openings file; `line` is the 1-based line of the fault (None: whole file)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line


class BadEncodingError(OpeningsError):
    """The file is not UTF-8 text."""


class EmptyMovesError(OpeningsError):
    """A row without moves (or without a code)."""


class DuplicateOpeningError(OpeningsError):
    """A code given twice."""


class OpeningsFormatError(OpeningsError):
    """Any other malformed row (too many columns, no rows at all)."""


class UnclosedQuoteError(OpeningsFormatError):
    """A quote opened on `line` and never closed."""


class TooLongError(OpeningsFormatError):
    """A code, moves or name longer than its column; `field` names which, `limit` its length."""

    def __init__(self, message: str, line: int, field: str, limit: int) -> None:
        super().__init__(message, line)
        self.field, self.limit = field, limit


class ControlCharacterError(OpeningsFormatError):
    """A control character (NUL, tab, ...) inside a cell."""


def _check_cells(cells: list[str], line: int) -> None:
    """A quoted moves or name cell may run over several lines (they become one line); any other
    control character, or a line break in a code, is refused."""
    if any(ch in _CONTROL and (ch not in "\r\n" or k == 0) for k, c in enumerate(cells) for ch in c):
        raise ControlCharacterError("control character in the row", line)


class LotteryNotAllowedError(EngineError):
    """CBJD 119: openings by lot outside a micro-match event."""


def check_lottery_allowed(micro_match: bool) -> None:
    """CBJD 119: "Somente é permitido utilizar o sorteio no primeiro lance (Sistema Loteria),
    quando a competição for realizada através de Micro Match." Raise unless `micro_match`."""
    if not micro_match:
        raise LotteryNotAllowedError(
            "CBJD 119: openings drawn by lot (Sistema Loteria) are allowed only in competitions "
            "played in micro-matches")


@dataclass(frozen=True, slots=True)
class Opening:
    code: str
    moves: str
    name: str = ""


def _decode(data: bytes) -> str:
    """UTF-8 (a BOM is allowed); the first line that does not decode is reported."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        raise BadEncodingError("the file is not UTF-8 text (save it as CSV UTF-8)", line) from None


def parse_openings_csv(data: bytes | str) -> tuple[Opening, ...]:
    """The federation's list of openings, validated (module doc); order as in the file."""
    text = _decode(data) if isinstance(data, bytes) else data.lstrip("\ufeff")
    first = next((ln for ln in text.splitlines() if ln.strip()), "")
    delimiter = ";" if first.count(";") > first.count(",") else ","
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    openings: list[Opening] = []
    seen: dict[str, int] = {}
    header_allowed = True  # only the first non-empty row may be a header
    start = 1
    try:
        for row in reader:
            line, start = start, reader.line_num + 1
            cells = [c.strip() for c in row]
            while cells and not cells[-1]:
                cells.pop()
            if not cells:
                continue
            _check_cells(cells, line)
            if header_allowed and cells[0].lower() in _HEADER_WORDS:
                header_allowed = False
                continue
            header_allowed = False
            if len(cells) > 3:
                raise OpeningsFormatError(
                    f"{len(cells)} columns, expected code, moves and an optional name "
                    "(quote the moves if they contain the separator)", line)
            code = cells[0]
            moves = cells[1] if len(cells) > 1 else ""
            if not code:
                raise EmptyMovesError("the opening has no code", line)
            if not moves:
                raise EmptyMovesError(f"opening {code!r} has no moves", line)
            key = code.casefold()
            if key in seen:
                raise DuplicateOpeningError(
                    f"duplicate opening code {code!r} (first on line {seen[key]})", line)
            moves, name = " ".join(moves.split()), " ".join(cells[2].split()) if len(cells) > 2 else ""
            for what, text, limit in (("code", code, CODE_MAX), ("moves", moves, MOVES_MAX), ("name", name, NAME_MAX)):
                if len(text) > limit:
                    raise TooLongError(f"the {what} has {len(text)} characters, at most {limit}", line, what, limit)
            seen[key] = line
            openings.append(Opening(code, moves, name))
    except csv.Error as exc:
        if "end of data" in str(exc):  # still inside quotes at the end of the file
            raise UnclosedQuoteError("a quote opened on this line is never closed", start) from None
        raise OpeningsFormatError(f"malformed CSV ({exc})", reader.line_num) from None
    if not openings:
        raise OpeningsFormatError("the file holds no openings")
    return tuple(openings)


@dataclass(frozen=True, slots=True)
class OpeningDraw:
    """One round's draw: the seed used and the codes drawn (one, or one per board in board
    order); `new_cycle` is True when this draw starts the list again after it was exhausted."""

    round: int
    seed: int
    codes: tuple[str, ...]
    new_cycle: bool


def new_seed() -> int:
    """A fresh seed to record with the draw (the caller stores it before drawing)."""
    return secrets.randbits(48)


def openings_needed(boards: int, per_board: bool) -> int:
    """How many openings a round draws: one, or one per board (RULES.md §2)."""
    return max(1, boards) if per_board else 1


def current_cycle(openings: Sequence[Opening], used: Iterable[str]) -> set[str]:
    """Codes already drawn in the current cycle, from every code drawn in the event in order
    (the cycle restarts each time the whole list has been drawn; unknown codes are ignored)."""
    codes = {o.code for o in openings}
    cycle: set[str] = set()
    for code in used:
        if code in codes:
            cycle.add(code)
            if cycle == codes:
                cycle = set()
    return cycle


def draw_openings(openings: Sequence[Opening], used: Sequence[str], *, seed: int, round_no: int,
                  count: int = 1) -> OpeningDraw:
    """Draw `count` openings with `random.Random(seed)` among those not yet drawn in the current
    cycle (`used`: the event's earlier draws, in order). When the cycle runs out mid-draw a new
    one starts, still avoiding the codes of this draw while others remain."""
    if not openings:
        raise EngineError("no openings loaded for the draw")
    if count < 1:
        raise EngineError("the draw needs at least one opening")
    rng = random.Random(seed)
    codes = [o.code for o in openings]
    cycle = current_cycle(openings, used)
    known = set(codes)
    new_cycle = not cycle and any(code in known for code in used)  # the list was just exhausted
    picks: list[str] = []
    while len(picks) < count:
        available = [c for c in codes if c not in cycle]
        if not available:
            cycle, new_cycle, available = set(), True, codes
        preferred = [c for c in available if c not in picks] or available
        pick = preferred[rng.randrange(len(preferred))]
        picks.append(pick)
        cycle.add(pick)
    return OpeningDraw(round_no, seed, tuple(picks), new_cycle)
