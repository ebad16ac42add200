"""Round operations shared by every pairing system: publish a round, enter its results.

Each operation is one transaction with its audit entries; a refused change writes nothing.
They sit above the desk and the absence rules they apply (C.04.2 #2, #8; CBJD 109 mandatory
expulsions): those read `round_state` and `withdrawals`, never this module (issue 31). The
names of those two modules are re-exported here for the round pages.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.extensions import db
from damas.formats import get_format
from damas.formats.mapping import event_rounds
from damas.models import Event, Game, GameResult, Round, RoundStatus, User
from damas.models.desk import DeskPenalty
from damas.services.absence import withdraw_unexplained
from damas.services.audit import record, transaction
from damas.services.desk.corrections import check_correction_allowed
from damas.services.desk.forfeits import apply_mandatory_expulsions
from damas.services.errors import ServiceError
from damas.services.round_state import (  # noqa: F401  (re-exported)
    ENTERABLE_RESULTS,
    FORFEIT_RESULTS,
    all_rounds_complete,
    current_round,
    game_snapshot,
    require_running,
)
from damas.services.withdrawals import withdraw_entry  # noqa: F401  (re-exported)


def publish_round(actor: User, event: Event, rnd: Round) -> None:
    """Make a paired round public; from then on its pairings never change (C.04.2 #10).

    Idempotent under a double click: the event is locked before the round is read, so a second
    request waits for the first and is told the round is already published (one audit entry)."""
    with transaction():
        rnd = current_round(event, rnd)
        require_running(event)
        if rnd.status == RoundStatus.PUBLISHED:
            raise ServiceError(_("Esta rodada já foi publicada."))
        earlier = [r for r in event_rounds(event) if r.number < rnd.number]
        if any(r.status != RoundStatus.PUBLISHED for r in earlier):
            raise ServiceError(_("Publique antes as rodadas anteriores."))
        rnd.status = RoundStatus.PUBLISHED
        rnd.published_at = datetime.now(timezone.utc)
        record(actor, "publish", "round", rnd.id, {"status": "paired"}, {"status": "published", "number": rnd.number},
               event.id)
        withdraw_unexplained(actor, event, rnd)


def check_enterable(event: Event, game: Game, result: GameResult) -> None:
    """Refuse a result the board cannot take now (the arbiter's form and the players' reports)."""
    if game.round.event_id != event.id:
        raise ServiceError(_("Partida de outro evento."))
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Publique a rodada antes de lançar resultados."))
    if game.black_entry_id is None or game.result == GameResult.WITHDRAWN:
        raise ServiceError(_("Esta mesa não tem partida a lançar."))
    if result not in ENTERABLE_RESULTS:
        raise ServiceError(_("Resultado inválido."), "result")
    if result != game.result and db.session.scalar(select(DeskPenalty.id).where(
            DeskPenalty.game_id == game.id, DeskPenalty.reversed_at.is_(None)).limit(1)) is not None:
        # The board's result is a penalty the desk applied: only its reversal (chief arbiter,
        # with a reason) or a desk correction changes it, never the plain results form.
        raise ServiceError(_("O resultado da mesa %(board)s foi aplicado como penalidade; o árbitro principal "
                             "a reverte na mesa do árbitro.", board=game.board), "result")
    if result != game.result:
        check_correction_allowed(event, game)


def record_results(actor: User, event: Event, changes: dict[int, tuple[GameResult, int]]) -> tuple[int, list[int]]:
    """Enter or correct board results, `changes[game_id] = (result, version the arbiter saw)`.

    Optimistic check per board: a board another arbiter changed since this one loaded the
    page is left as the other arbiter set it and its board number is returned in the
    conflicts list; the other boards are saved together in one transaction. Corrections after
    the next round was paired change only later rounds (C.04.2 #8): pairings stay.
    """
    require_running(event)
    games = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(list(changes))))}
    if len(games) != len(changes):
        raise ServiceError(_("Partida inexistente."))
    for game_id, (result, _version) in changes.items():
        check_enterable(event, games[game_id], result)
    saved, conflicts = 0, []
    fmt = get_format(event)
    try:
        with transaction():
            for game_id, (result, version) in sorted(changes.items()):
                game = games[game_id]
                if game.version != version:
                    conflicts.append(game.board)
                    continue
                if game.result == result:
                    continue
                before = game_snapshot(game)
                fmt.record_result(game, result)
                game.reports.clear()  # the arbiter's entry wins over the players' reports (issue 30)
                db.session.flush()
                record(actor, "result", "game", game.id, before, game_snapshot(game), event.id)
                saved += 1
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou estes resultados ao mesmo tempo. Confira e lance de novo.")) from None
    if any(result in FORFEIT_RESULTS for result, _version in changes.values()):
        apply_mandatory_expulsions(actor, event)
    return saved, conflicts


def record_result(actor: User, event: Event, game: Game, result: GameResult, expected_version: int) -> Game:
    """One board (see `record_results`); a conflict is refused with the current result named."""
    saved, conflicts = record_results(actor, event, {game.id: (result, expected_version)})
    if conflicts:
        raise ServiceError(_("Outro árbitro já alterou este resultado (agora: %(result)s). Confira e lance de novo se preciso.",
                             result=game.result.value or "—"))
    return game
