"""What every round operation reads first: is the event running, the round as it is now, a
board's audit snapshot, which results an arbiter may enter, whether the event is paired round by
round.

The bottom of the round services: `rounds` (publish, results), `swiss` (pairing), `absence`,
`withdrawals`, the desk and the players' reports all read it, and it reads none of them, so the
round services form no import cycle.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import inspect, select

from damas.engine.pairing import family_of
from damas.extensions import db
from damas.formats.mapping import event_rounds, round_is_complete
from damas.models import Event, EventStatus, Game, GameResult, Round
from damas.services.errors import ServiceError
from damas.services.locking import lock_event

FORFEIT_RESULTS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)

ENTERABLE_RESULTS = (
    GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN, GameResult.WHITE_FORFEIT_WIN,
    GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT, GameResult.PENDING, GameResult.ADJOURNED,
)

ROUND_BY_ROUND = ("dutch", "sb-swiss", "micromatch")  # system families (every Dutch edition)


def require_running(event: Event) -> None:
    if event.status != EventStatus.RUNNING:
        raise ServiceError(_("O evento não está em andamento."))


def game_snapshot(game: Game) -> dict:
    return {"round": game.round.number, "board": game.board, "white_entry_id": game.white_entry_id,
            "black_entry_id": game.black_entry_id, "result": game.result.value}


def current_round(event: Event, rnd: Round) -> Round:
    """Lock the event, then the round as it is now (another request may have deleted it)."""
    round_id = inspect(rnd).identity[0]
    lock_event(event)
    fresh = db.session.scalar(select(Round).where(Round.id == round_id, Round.event_id == event.id))
    if fresh is None:
        raise ServiceError(_("Esta rodada não existe mais: outra pessoa a apagou. Confira a lista de rodadas."))
    return fresh


def round_by_round(event: Event) -> bool:
    """Whether the event is paired one round at a time (Dutch of any edition, SB Swiss,
    micro-match): the one test, by the system's family (`family_of`), not its code."""
    return family_of(event.pairing_system) in ROUND_BY_ROUND


def all_rounds_complete(event: Event) -> bool:
    return all(round_is_complete(r) for r in event_rounds(event))
