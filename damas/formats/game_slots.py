"""The games of a round one by one, as a game record names them: the format's round
view (`round_view`, `team_round`) turned into games with their two players and the result the
board has for each.

* a round of individual boards: one game per board with two players (not a bye, not a
  withdrawal's board), ``game`` 1;
* a micro-match board (CBJD 119): its games 1 and 2, colours swapped in game 2;
* a knockout round: each game of each tie, ``board`` the tie and ``game`` its game in the tie;
* a team round (CBJD 120): both games of every board with two players, ``board`` the board
  counted over the round (`engine.teams.event_board`, as the desk and the rating files number it).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from sqlalchemy import select

from damas.engine.games import BoardOutcome, Verdict
from damas.engine.micromatch_scoring import parse_game
from damas.engine.teams import event_board
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.formats.mapping import micro_settings
from damas.formats.registry import get_format
from damas.models import Entry, Event, GameResult, Player

MAX_ROUNDS = 500
_BOARD_OUTCOMES = {
    GameResult.WHITE_WIN: BoardOutcome(Verdict.WHITE_WINS), GameResult.BLACK_WIN: BoardOutcome(Verdict.BLACK_WINS),
    GameResult.DRAW: BoardOutcome(Verdict.DRAW), GameResult.DOUBLE_LOSS: BoardOutcome(None, both_lost=True),
    GameResult.WHITE_FORFEIT_WIN: BoardOutcome(Verdict.WHITE_WINS, played=False),
    GameResult.BLACK_FORFEIT_WIN: BoardOutcome(Verdict.BLACK_WINS, played=False),
    GameResult.DOUBLE_FORFEIT: BoardOutcome(None, played=False),
}


@dataclass(frozen=True)
class SlotPlayer:
    player_id: int
    name: str
    no: int | None  # start number (None in team events)
    rating: int
    federation_id: str = ""


@dataclass(frozen=True)
class GameSlot:
    """One game of a round: (round, board, game) names it; White and Black; the board's result."""

    round: int
    board: int
    game: int
    white: SlotPlayer
    black: SlotPlayer
    outcome: BoardOutcome
    games_on_board: int = 1  # 2: a micro-match board (its label names the game)
    tie: bool = False  # a knockout tie (its label says "confronto")

    @property
    def key(self) -> tuple[int, int, int]:
        return self.round, self.board, self.game


def board_outcome(result: GameResult) -> BoardOutcome:
    return _BOARD_OUTCOMES.get(result, BoardOutcome(None))


def game_outcome(text: str, a_is_white: bool) -> BoardOutcome:
    """A micro-match game's result as written from player A's side (``2-0``, ``+-``, ``0-0``)."""
    if not text:
        return BoardOutcome(None)
    if text.replace(" ", "") == "0-0":
        return BoardOutcome(None, both_lost=True)
    try:
        outcome = parse_game(text)
    except EngineError:
        return BoardOutcome(None)
    a_wins = Verdict.WHITE_WINS if a_is_white else Verdict.BLACK_WINS
    b_wins = Verdict.BLACK_WINS if a_is_white else Verdict.WHITE_WINS
    return {Outcome.WIN: BoardOutcome(a_wins), Outcome.LOSS: BoardOutcome(b_wins), Outcome.DRAW: BoardOutcome(Verdict.DRAW),
            Outcome.FORFEIT_WIN: BoardOutcome(a_wins, played=False),
            Outcome.FORFEIT_LOSS: BoardOutcome(b_wins, played=False)}.get(outcome, BoardOutcome(None, played=False))


def _entry_player(entry: Entry) -> SlotPlayer:
    p = entry.player
    return SlotPlayer(p.id, p.full_name, entry.pairing_number, entry.rating_at_entry, p.federation_id or "")


def _board_slots(event: Event, number: int, views: Iterable[Any], micro: bool) -> list[GameSlot]:
    out = []
    for v in views:
        if not v.enterable:
            continue
        white, black = _entry_player(v.white), _entry_player(v.black)
        if v.tie is not None:  # a knockout tie's game
            out.append(GameSlot(number, v.tie, v.game_of_tie, white, black, board_outcome(v.result), tie=True))
        elif micro:
            g1, g2 = v.games or ("", "")
            forfeit = board_outcome(v.result)
            first = game_outcome(g1, True) if g1 or forfeit.played else forfeit
            second = game_outcome(g2, False) if g2 or forfeit.played else forfeit
            out.append(GameSlot(number, v.board, 1, white, black, first, 2))
            out.append(GameSlot(number, v.board, 2, black, white, second, 2))
        else:
            out.append(GameSlot(number, v.board, 1, white, black, board_outcome(v.result)))
    return out


def _team_slots(event: Event, number: int, matches: list[dict[str, Any]]) -> list[GameSlot]:
    settings = micro_settings(event)
    boards = settings.boards if settings else 4
    key = event.list_key
    ids = {b[k] for m in matches for b in m.get("boards", []) for k in ("a_id", "b_id") if b.get(k)}
    players = {p.id: p for p in db.session.scalars(select(Player).where(Player.id.in_(ids)))} if ids else {}

    def seat(pid: int) -> SlotPlayer:
        p = players[pid]
        return SlotPlayer(p.id, p.full_name, None, p.rating_for(key), p.federation_id or "")

    out = []
    for match in matches:
        for b in match.get("boards", []):
            if not b["enterable"]:
                continue
            a, bb = seat(b["a_id"]), seat(b["b_id"])
            where = event_board(match["table"], b["board"], boards)
            first = (a, bb) if b["a_white"] else (bb, a)
            out.append(GameSlot(number, where, 1, *first, game_outcome(b["game1"], b["a_white"]), 2))
            out.append(GameSlot(number, where, 2, first[1], first[0], game_outcome(b["game2"], not b["a_white"]), 2))
    return out


def round_slots(event: Event, number: int, *, drafts: bool = False) -> list[GameSlot] | None:
    """The games of round `number` (None: no such round; drafts for the event's editors only)."""
    fmt = get_format(event)
    rnd = fmt.find_round(event, number, drafts=drafts)
    if rnd is None:
        return None
    view = fmt.round_view(event, rnd)
    if fmt.team_based:
        return _team_slots(event, number, view)
    return _board_slots(event, number, view, fmt.micro_match)


def event_slots(event: Event, *, drafts: bool = False) -> list[GameSlot]:
    """Every game of every round in order."""
    out: list[GameSlot] = []
    for number in range(1, MAX_ROUNDS + 1):
        slots = round_slots(event, number, drafts=drafts)
        if slots is None:
            break
        out.extend(slots)
    return out
