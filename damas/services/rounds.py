"""Round operations shared by every pairing system: publish, unpublish, results, withdrawals.

Each operation is one transaction with its audit entries; a refused change writes nothing.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import inspect, select
from sqlalchemy.orm.exc import StaleDataError

from damas.extensions import db
from damas.formats import get_format
from damas.models import Entry, EntryStatus, Event, EventStatus, Game, GameResult, Round, RoundStatus, User
from damas.models.desk import DeskPenalty
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.locking import lock_event
from damas.formats.mapping import event_rounds, round_is_complete

FORFEIT_RESULTS = (GameResult.WHITE_FORFEIT_WIN, GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT)

ENTERABLE_RESULTS = (
    GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN, GameResult.WHITE_FORFEIT_WIN,
    GameResult.BLACK_FORFEIT_WIN, GameResult.DOUBLE_FORFEIT, GameResult.PENDING, GameResult.ADJOURNED,
)


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
        from damas.services.absence import withdraw_unexplained  # an import cycle back to this module; C.04.2 #2

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
        from damas.services.desk import check_correction_allowed  # a module cycle (the desk imports this module); C.04.2 #8

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
        from damas.services.desk.forfeits import apply_mandatory_expulsions  # a module cycle: the desk imports this module

        apply_mandatory_expulsions(actor, event)
    return saved, conflicts


def record_result(actor: User, event: Event, game: Game, result: GameResult, expected_version: int) -> Game:
    """One board (see `record_results`); a conflict is refused with the current result named."""
    saved, conflicts = record_results(actor, event, {game.id: (result, expected_version)})
    if conflicts:
        raise ServiceError(_("Outro árbitro já alterou este resultado (agora: %(result)s). Confira e lance de novo se preciso.",
                             result=game.result.value or "—"))
    return game


def withdraw_entry(actor: User, event: Event, entry: Entry, after_round: int, note: str) -> list[int]:
    """Withdraw a player after `after_round` (RULES.md §5): not paired again; in a round robin his
    later boards are marked unplayed and the rule set decides what they count.

    Returns the rounds paired but not published that had a board of his (CBJD 105 B; C.04.2):
    their boards are marked unplayed, and such a round stays re-pairable (`swiss.delete_round`
    counts a board the withdrawal marked as no result), so the arbiter undoes and pairs it again
    and his opponent loses no game. The audit entry keeps what `withdrawal_undo` needs."""
    require_running(event)
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."))
    if entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("Este jogador já saiu do evento."))
    rounds = event_rounds(event)
    if after_round < 0 or after_round > len(rounds):
        raise ServiceError(_("Rodada inválida."), "after_round")
    # A board the system itself marked not played (GameResult.WITHDRAWN: his opponent withdrew
    # earlier) is no result of his; only a result an arbiter entered stops the withdrawal.
    later_played = [
        g for r in rounds if r.number > after_round for g in r.games
        if entry.id in (g.white_entry_id, g.black_entry_id) and g.black_entry_id is not None
        and g.result not in (GameResult.PENDING, GameResult.BYE, GameResult.WITHDRAWN)
    ]
    if later_played:
        raise ServiceError(_("Há resultado lançado para ele depois da rodada %(n)s; corrija-o antes.", n=after_round),
                           "after_round")
    marked: dict[str, str] = {}
    drafts: list[int] = []
    with transaction():
        before = {"status": entry.status.value, "withdrawn_after_round": entry.withdrawn_after_round}
        entry.status = EntryStatus.WITHDRAWN
        entry.withdrawn_after_round = after_round
        entry.withdrawal_note = note.strip()
        for r in rounds:
            if r.number <= after_round:
                continue
            for g in r.games:
                if entry.id in (g.white_entry_id, g.black_entry_id) and g.result != GameResult.WITHDRAWN:
                    game_before = game_snapshot(g)
                    marked[str(g.id)] = g.result.value
                    g.result = GameResult.WITHDRAWN
                    record(actor, "withdrawal", "game", g.id, game_before, game_snapshot(g), event.id)
                    if r.status != RoundStatus.PUBLISHED and r.number not in drafts:
                        drafts.append(r.number)
        record(actor, "withdraw", "entry", entry.id, before,
               {"status": "withdrawn", "withdrawn_after_round": after_round, "note": entry.withdrawal_note,
                "last_round_id": max((r.id for r in rounds), default=0), "games": marked}, event.id)
    return drafts


def all_rounds_complete(event: Event) -> bool:
    return all(round_is_complete(r) for r in event_rounds(event))
