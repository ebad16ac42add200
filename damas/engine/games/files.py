"""PDN (draughts, PDN 3.0) and PGN (chess) files: the games of a file as tags and moves as
written, and a file written from games.

Both formats are a tag section (``[Name "value"]`` lines) followed by the movetext, ending with
the result. We split files ourselves rather than with the libraries' readers: pydraughts'
``PDNReader`` misreads valid PDN (a tag line ending in spaces, movetext without move numbers), and
python-chess's ``read_game`` stops at the first illegal move and drops what the sheet says after
it, which the arbiter needs as evidence (CBJD 56, 59). The moves are then checked by the rules
(`damas.engine.games.variants`). Writing: the Seven Tag Roster first (Event, Site, Date, Round,
White, Black, Result), then the other tags, then numbered moves in lines of at most 79 characters;
python-chess and pydraughts read what we write (tests/engine/test_game_files.py).
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Iterable, Mapping

from damas.engine.games.notation import Movetext, MovetextReader
from damas.engine.types import EngineError

ROSTER = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
_TAG = re.compile(r'^\[\s*([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\s*\]\s*$')
MAX_GAMES = 500


class GameFileError(EngineError):
    """A file that is not PDN/PGN text, or one past a cap; `line` is the 1-based line of the
    fault (of the game's first line for a cap), `reason` what the caller names to the user:
    ``syntax``, ``empty`` (tags without moves), ``games`` (more than `limit` games) or ``moves``
    (a game of more than `limit` plies)."""

    def __init__(self, message: str, line: int | None = None, reason: str = "syntax",
                 limit: int | None = None) -> None:
        super().__init__(f"line {line}: {message}" if line is not None else message)
        self.line = line
        self.reason = reason
        self.limit = limit


@dataclass(frozen=True)
class FileGame:
    """One game of a file: its tags, moves as written, result token and first line."""

    tags: Mapping[str, str]
    movetext: Movetext
    line: int
    text: str = field(default="", compare=False)


def _unescape(value: str) -> str:
    return re.sub(r"\\(.)", r"\1", value)


def read_games(text: str, results: frozenset[str], max_games: int = MAX_GAMES,
               max_plies: int | None = None) -> list[FileGame]:
    """Every game of a PDN or PGN text, in file order. A tag line after movetext starts a new
    game; a game needs moves or a result; a malformed tag line is refused with its line.

    Each line is scanned once (`MovetextReader` keeps a comment or variation open across lines),
    and reading stops at the first game past `max_games` or at the line where a game passes
    `max_plies`: a file of any size costs time in proportion to what is read, no more."""
    games: list[FileGame] = []
    tags: dict[str, str] = {}
    body: list[str] = []
    reader = MovetextReader(results)
    start = 0
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")

    def close() -> None:
        nonlocal tags, body, reader
        if tags or body:
            movetext = reader.movetext()
            if not movetext.moves and not movetext.result:
                raise GameFileError("a game without moves", start, "empty")
            if len(games) >= max_games:
                raise GameFileError(f"more than {max_games} games", start, "games", max_games)
            games.append(FileGame(dict(tags), movetext, start, "\n".join(body)))
        tags, body, reader = {}, [], MovetextReader(results)

    for number, raw in enumerate(lines, start=1):
        line = raw.strip()
        if line.startswith("["):
            if body:  # the previous game ended without a result token
                close()
            m = _TAG.match(line)
            if m is None:
                raise GameFileError('a tag line is not [Name "value"]', number)
            if not tags:
                start = number
            tags[m.group(1)] = _unescape(m.group(2))
            continue
        if not line and not body:
            continue
        if not tags and not body:
            start = number
        body.append(raw)
        ended = reader.feed(raw + "\n")
        if max_plies is not None and len(reader.moves) > max_plies:
            raise GameFileError(f"a game of more than {max_plies} plies", start, "moves", max_plies)
        if ended:
            close()
    close()
    return games


def _escape(value: object) -> str:
    return str(value).replace("\\", "\\\\").replace('"', '\\"').replace("\n", " ")


def movetext(moves: Iterable[str], result: str, black_starts: bool = False) -> str:
    """Numbered movetext wrapped at 79 characters, ending with the result."""
    words: list[str] = []
    for i, move in enumerate(moves):
        ply = i + (1 if black_starts else 0)
        if ply % 2 == 0:
            words.append(f"{ply // 2 + 1}.")
        elif i == 0:
            words.append(f"{ply // 2 + 1}...")
        words.append(move)
    words.append(result or "*")
    lines, line = [], ""
    for word in words:
        if line and len(line) + 1 + len(word) > 79:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}" if line else word
    lines.append(line)
    return "\n".join(lines)


def write_game(tags: Mapping[str, object], moves: Iterable[str], result: str, black_starts: bool = False,
               comment: str = "") -> str:
    """One game: the Seven Tag Roster in its order (missing ones as "?"), the other tags, moves."""
    head = [f'[{name} "{_escape(tags.get(name) or ("*" if name == "Result" else "?"))}"]' for name in ROSTER]
    head += [f'[{name} "{_escape(value)}"]' for name, value in tags.items() if name not in ROSTER and value != ""]
    note = f"{{{comment.replace('{', '(').replace('}', ')')}}}\n" if comment else ""
    return "\n".join(head) + "\n\n" + note + movetext(moves, result, black_starts) + "\n"


def write_file(games: Iterable[str]) -> str:
    """Games separated by an empty line."""
    return "\n".join(games)
