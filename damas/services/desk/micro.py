"""Desk penalties on individual micro-match boards (CBJD 119-122 with CBJD 51 c, 60, 95 d;
RULES.md §2, §6).

A micro-match is two games; a penalty given during play decides the game being played, not the
micro-match: the arbiter names game 1 or 2, the system writes that game's result into the
board's `MicroGame` row (from White-in-game-1's side: ``2-0``, ``0-2``, or ``0-0`` when both
lose) and the micro-match total is recomputed from the two games; while the other game has no
result the board stays pending. Reversal puts back the game's earlier result.

The penalty row names the game in `DeskPenalty.micro_game`; its result columns then hold that
game's results.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.micromatch_scoring import DOUBLE_LOSS
from damas.engine.penalties import BoardResult
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import Event, Game, GameResult, User
from damas.models.desk import DeskPenalty
from damas.models.micromatch import MicroGame
from damas.services.audit import record
from damas.services.desk.boards import MICRO, Applied, DeskBoard, register
from damas.services.desk.games import GameBoards
from damas.services.errors import ServiceError
from damas.services.teams.micro_state import active_game_penalties, micro_summary  # noqa: F401  (re-exported)

MICRO_GAMES = (1, 2)


def game_text(result: BoardResult) -> str:
    pair = (result.white, result.black)
    if pair == (Outcome.WIN, Outcome.LOSS):
        return "2-0"
    if pair == (Outcome.LOSS, Outcome.WIN):
        return "0-2"
    if pair == (Outcome.LOSS, Outcome.LOSS):
        return DOUBLE_LOSS
    raise ServiceError(_("Resultado de penalidade inválido."))


def board_result(g1: str, g2: str, ruleset: str) -> GameResult:
    """The board's summary for the round machinery: pending until both games have a result."""
    if not (g1 and g2):
        return GameResult.PENDING
    return micro_summary(g1, g2, ruleset)[0]


def _row(game: Game) -> MicroGame | None:
    return db.session.scalar(select(MicroGame).where(MicroGame.game_id == game.id))


def _snapshot(game: Game, row: MicroGame | None) -> dict:
    return {"board": game.board, "round": game.round.number, "result": game.result.value,
            "games": [row.game1, row.game2] if row is not None else None}


def apply_penalty(actor: User, event: Event, game: Game, result: BoardResult, source: str, source_id: int | None,
                  article: str, micro_game: int | None) -> DeskPenalty | None:
    """Record the game of the micro-match the penalty decides (inside the caller's transaction)."""
    if micro_game not in MICRO_GAMES:
        raise ServiceError(_("Micro match: escolha a partida (1ª ou 2ª) em que a penalidade foi aplicada."),
                           "micro_game")
    text = game_text(result)
    row = _row(game)
    current = getattr(row, f"game{micro_game}") if row is not None else ""
    if current == text and active_game_penalties([game.id]).get(game.id, {}).get(micro_game) == text:
        return None  # already lost by an earlier penalty
    before = _snapshot(game, row)
    if row is None:
        row = MicroGame(game_id=game.id, game1="", game2="")
        db.session.add(row)
    setattr(row, f"game{micro_game}", text)
    game.result = board_result(row.game1, row.game2, event.ruleset)
    penalty = DeskPenalty(event_id=event.id, game_id=game.id, source=source, source_id=source_id, article=article,
                          result_before=current, result_after=text, micro_game=micro_game,
                          applied_by_id=actor.id)
    db.session.add(penalty)
    db.session.flush()
    record(actor, "penalty", "game", game.id, before,
           {**_snapshot(game, row), "micro_game": micro_game, "article": article, "source": source,
            "penalty_id": penalty.id}, event.id)
    return penalty


def reverse(actor: User, event: Event, game: Game, penalty: DeskPenalty, reason: str) -> None:
    """Put back the game's earlier result (inside the caller's transaction) and recompute the board."""
    k, text, before_text = penalty.micro_game, penalty.result_after, penalty.result_before
    row = _row(game)
    if row is None or getattr(row, f"game{k}") != text:
        raise ServiceError(_("O resultado da mesa mudou depois da penalidade; use a correção de resultado."))
    before = _snapshot(game, row)
    setattr(row, f"game{k}", before_text)
    game.result = board_result(row.game1, row.game2, event.ruleset)
    if not row.game1 and not row.game2:
        db.session.delete(row)
        row = None
    penalty.reversed_by_id = actor.id
    penalty.reversed_at = datetime.now(timezone.utc)
    penalty.reversal_reason = reason.strip()
    db.session.flush()
    record(actor, "penalty_reversed", "game", game.id, before,
           {**_snapshot(game, row), "micro_game": k, "penalty_id": penalty.id, "reason": penalty.reversal_reason},
           event.id)


class MicroBoards(GameBoards):
    """The board adapter of individual micro-match events: a `Game` whose penalty decides game 1
    or 2 of the micro-match (`damas.services.desk.boards.BoardKind`)."""

    code = MICRO
    per_game = True

    def apply_result(self, actor: User, event: Event, board: DeskBoard, result: BoardResult, source: str,
                     source_id: int | None, article: str, micro_game: int | None) -> Applied | None:
        game: Game = board.ref
        penalty = apply_penalty(actor, event, game, result, source, source_id, article, micro_game)
        return Applied("", ("game", game.id), penalty) if penalty is not None else None

    def reverse(self, actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
        game = db.session.get(Game, penalty.game_id)
        if game is None:
            raise ServiceError(_("O resultado da mesa mudou depois da penalidade; use a correção de resultado."))
        if penalty.micro_game is None:  # a board penalty of before the micro-match games were named
            GameBoards.reverse(self, actor, event, penalty, reason)
            return
        reverse(actor, event, game, penalty, reason)


register(MicroBoards())
