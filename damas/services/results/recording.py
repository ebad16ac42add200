"""Round operations shared by every pairing system: publish a round, enter its results.

Each operation is one transaction with its audit entries; a refused change writes nothing. They
sit above the desk and the absence rules they apply (C.04.2 #2, #8; CBJD 109 mandatory
expulsions): those read `round_state` and `withdrawals`, never this module, so no import cycle.
The names of those two modules are re-exported here for the round pages.
"""
from __future__ import annotations

from typing import Collection

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import joinedload, selectinload
from sqlalchemy.orm.exc import StaleDataError

from damas.extensions import db
from damas.formats import get_format
from damas.formats.mapping import event_rounds
from damas.models import Event, Game, GameResult, Round, RoundStatus, User
from damas.models.desk import DeskPenalty
from damas.services.audit import after_commit, record, transaction
from damas.services.mail.sending import later
from damas.services.desk.corrections import check_correction_allowed
from damas.services.desk.forfeits import apply_mandatory_expulsions
from damas.services.errors import ServiceError
from damas.services.mail.result_notices import notify_results
from damas.services.rounds.publication import mark_published
from damas.services.rounds.state import (  # noqa: F401  (re-exported)
    ENTERABLE_RESULTS,
    FORFEIT_RESULTS,
    all_rounds_complete,
    current_round,
    game_snapshot,
    require_running,
)
from damas.services.rounds.withdrawals import withdraw_entry  # noqa: F401  (re-exported)

# A board with one of these has no result to correct (`check_correction_allowed` lets it through).
UNCORRECTED = (GameResult.PENDING, GameResult.BYE, GameResult.WITHDRAWN, GameResult.ADJOURNED)


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
        mark_published(actor, event, rnd)


def check_enterable(event: Event, game: Game, result: GameResult, *, penalized: Collection[int] | None = None,
                    open_rounds: set[int] | None = None) -> None:
    """Refuse a result the board cannot take now (the arbiter's form and the players' reports).

    A whole round's form (`record_results`) passes what it read once for every board: the
    boards with a desk penalty in force (`penalized`, else one query here) and the rounds
    whose correction rules already let a correction through (`open_rounds`, filled here: the
    rules read the round and the event only, not the board: once per round, not per board)."""
    if game.round.event_id != event.id:
        raise ServiceError(_("Partida de outro evento."))
    if game.round.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Publique a rodada antes de lançar resultados."))
    if game.black_entry_id is None or game.result == GameResult.WITHDRAWN:
        raise ServiceError(_("Esta mesa não tem partida a lançar."))
    if result not in ENTERABLE_RESULTS:
        raise ServiceError(_("Resultado inválido."), "result")
    if result == game.result:
        return
    if (game.id in penalized) if penalized is not None else _penalized([game.id]):
        # The board's result is a penalty the desk applied: only its reversal (chief arbiter,
        # with a reason) or a desk correction changes it, never the plain results form.
        raise ServiceError(_("O resultado da mesa %(board)s foi aplicado como penalidade; o árbitro principal "
                             "a reverte na mesa do árbitro.", board=game.board), "result")
    if open_rounds is not None and game.round_id in open_rounds:
        return
    check_correction_allowed(event, game)
    if open_rounds is not None and game.result not in UNCORRECTED:
        open_rounds.add(game.round_id)


def _penalized(game_ids: Collection[int]) -> set[int]:
    """The boards among `game_ids` whose result is a desk penalty not reversed."""
    return set(db.session.scalars(select(DeskPenalty.game_id).where(
        DeskPenalty.game_id.in_(list(game_ids)), DeskPenalty.reversed_at.is_(None))))


def record_results(actor: User, event: Event, changes: dict[int, tuple[GameResult, int]]) -> tuple[int, list[int]]:
    """Enter or correct board results, `changes[game_id] = (result, version the arbiter saw)`.

    Optimistic check per board: a board another arbiter changed since this one loaded the
    page is left as the other arbiter set it and its board number is returned in the
    conflicts list; the other boards are saved together in one transaction. Corrections after
    the next round was paired change only later rounds (C.04.2 #8): pairings stay.
    Both players of each board saved are mailed its result after the commit.
    """
    require_running(event)
    # every board with its round and its players' reports in one read (no query per board)
    games = {g.id: g for g in db.session.scalars(select(Game).where(Game.id.in_(list(changes)))
                                                 .options(joinedload(Game.round), selectinload(Game.reports)))}
    if len(games) != len(changes):
        raise ServiceError(_("Partida inexistente."))
    penalized = _penalized([i for i, (result, _v) in changes.items() if result != games[i].result])
    open_rounds: set[int] = set()
    for game_id, (result, _version) in changes.items():
        check_enterable(event, games[game_id], result, penalized=penalized, open_rounds=open_rounds)
    saved, conflicts = 0, []
    told: dict[int, bool] = {}  # game id: whether the entry replaced a result (a correction)
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
                told[game.id] = game.result not in (GameResult.PENDING, GameResult.ADJOURNED)
                fmt.record_result(game, result)
                game.reports.clear()  # the arbiter's entry wins over the players' reports
                record(actor, "result", "game", game.id, before, game_snapshot(game), event.id)
                saved += 1
            db.session.flush()  # one flush for the boards (a stale version raises here, as before)
            if told:
                after_commit(later(notify_results, event.id, told))
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
