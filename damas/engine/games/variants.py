"""The games an event plays, by the event's discipline: one rules object per game, so no caller
asks which game it holds (``damas-64`` Brazilian draughts, ``damas-100`` international draughts,
``xadrez`` chess). Also the result tokens of their files and the comparison of a record with the
board's result (a record whose end contradicts the result is flagged).
"""
from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol, Sequence

from damas.engine.games.chess_rules import CHESS
from damas.engine.games.diagram import chess_svg, draughts_svg
from damas.engine.games.draughts_rules import BRAZILIAN, INTERNATIONAL
from damas.engine.games.notation import CHESS_RESULTS, DRAUGHTS_RESULTS
from damas.engine.games.types import CheckedGame, Verdict


class GameRules(Protocol):
    code: str
    file_kind: str  # "pdn" | "pgn"
    board_size: int
    game_type: int | None  # PDN GameType (20, 26); None for chess

    def start(self) -> str: ...

    def check(self, moves: Sequence[str], start: str | None = None) -> CheckedGame: ...

    def board(self, fen: str | None = None) -> Any: ...


RULES: dict[str, GameRules] = {"damas-64": BRAZILIAN, "damas-100": INTERNATIONAL, "xadrez": CHESS}

# what each verdict is written as in the file (PDN 3.0: 2-0 / 1-1 / 0-2; PGN: 1-0 / 1/2-1/2 / 0-1)
_TOKENS = {
    "pdn": {Verdict.WHITE_WINS: "2-0", Verdict.DRAW: "1-1", Verdict.BLACK_WINS: "0-2", Verdict.NOT_OVER: "*"},
    "pgn": {Verdict.WHITE_WINS: "1-0", Verdict.DRAW: "1/2-1/2", Verdict.BLACK_WINS: "0-1", Verdict.NOT_OVER: "*"},
}
_READ = {"2-0": Verdict.WHITE_WINS, "1-0": Verdict.WHITE_WINS, "1-1": Verdict.DRAW, "1/2-1/2": Verdict.DRAW,
         "0-2": Verdict.BLACK_WINS, "0-1": Verdict.BLACK_WINS, "*": Verdict.NOT_OVER}
BOTH_LOST = "0-0"  # PDN: both players lost the game (CBJD 51 c)


def rules_for(discipline: str) -> GameRules:
    """The rules of an event's discipline (an unknown one is refused)."""
    try:
        return RULES[discipline]
    except KeyError:
        raise ValueError(f"no game rules for discipline {discipline!r}") from None


def results_of(rules: GameRules) -> frozenset[str]:
    return DRAUGHTS_RESULTS if rules.file_kind == "pdn" else CHESS_RESULTS


def result_token(rules: GameRules, verdict: Verdict | None, both_lost: bool = False) -> str:
    if both_lost and rules.file_kind == "pdn":
        return BOTH_LOST
    return _TOKENS[rules.file_kind][verdict or Verdict.NOT_OVER]


def token_verdict(token: str) -> Verdict | None:
    """The verdict a result token states (None: no token, or PDN's double loss)."""
    return _READ.get(token)


def diagram(rules: GameRules, fen: str, last: tuple[str, ...] = (), size: int = 360, title: str = "") -> str:
    if rules.file_kind == "pgn":
        return chess_svg(fen, last, size, title)
    return draughts_svg(fen, rules.board_size, last, size, title)


class Contradiction(str, Enum):
    """Why a record disagrees with the board's result (shown on the desk; nothing is changed)."""

    NOT_OVER = "record_not_over"  # the sheet says the game is not over ("*"), the board has a result
    RESULT = "record_result"  # the sheet's result is not the board's
    POSITION = "position"  # the final position decides the game otherwise (mate, no move left)
    UNPLAYED = "unplayed"  # the board has no game (a forfeit), the record has moves


@dataclass(frozen=True)
class BoardOutcome:
    """The board's result as the comparison needs it: `verdict` None while the game is on;
    `played` False for a forfeit; `both_lost` for a game lost by both (CBJD 51 c)."""

    verdict: Verdict | None
    played: bool = True
    both_lost: bool = False


def contradictions(game: CheckedGame, token: str, board: BoardOutcome) -> list[Contradiction]:
    """What a record's end says against the board's result; none while the board has no result."""
    return ending_contradictions(game.final, game.legal, bool(game.plies or game.problem), token, board)


def ending_contradictions(final: Verdict, legal: bool, has_moves: bool, token: str,
                          board: BoardOutcome) -> list[Contradiction]:
    """`contradictions` from what a stored record keeps: the verdict of its final position, whether
    every move was legal, whether it has moves, and its result token."""
    if not board.played:
        return [Contradiction.UNPLAYED] if has_moves else []
    if board.verdict is None and not board.both_lost:
        return []
    out = []
    stated = token_verdict(token)
    if token == "*":
        out.append(Contradiction.NOT_OVER)
    elif token == BOTH_LOST and not board.both_lost or stated is not None and (board.both_lost or stated != board.verdict):
        out.append(Contradiction.RESULT)
    if legal and final is not Verdict.NOT_OVER and not board.both_lost and final != board.verdict:
        out.append(Contradiction.POSITION)
    return out
