"""A result the arbiter typed in the hall while the network was down, sent when it came back.

The browser keeps each board's entry with the board's version as the page showed it; this
service takes one entry and answers what became of it:

- ok: saved (through `rounds.record_results`, the form's own path: same checks, same audit
  entry "result", same mails), or the board already had that result (nothing to do);
- conflict: the board changed on the server since the page was read (another arbiter, a
  player's confirmed report): nothing is written, the board's current result and version are
  returned so the arbiter chooses (the entry never overwrites what it did not see);
- refused: the entry cannot be applied (a bad value, a board of another event or round, a
  round not published, an event not running, a penalty on the board...), with the reason.

The queue lives in the browser, so every field is untrusted: a tampered entry is refused, never
an error page.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm import joinedload

from damas.engine.integers import parse_int
from damas.extensions import db
from damas.formats import get_format
from damas.models import Event, EventStatus, Game, GameResult, RoundStatus, User
from damas.services.errors import ServiceError
from damas.services.results.recording import ENTERABLE_RESULTS, record_results

OK, CONFLICT, REFUSED = "ok", "conflict", "refused"


@dataclass(frozen=True)
class QueuedOutcome:
    """What became of one queued entry; `result` and `version` are the board's as it is now
    (None when the entry named no board of this round)."""

    status: str
    message: str = ""
    board: int | None = None
    result: str | None = None
    version: int | None = None


def _board(game_id: int) -> Game | None:
    """The board `game_id` with its round (one query), or None."""
    return db.session.scalar(select(Game).options(joinedload(Game.round)).where(Game.id == game_id))


def send_queued_result(actor: User, event: Event, round_number: int, game_id: object, result: object,
                       version: object) -> QueuedOutcome:
    """Apply one queued entry `{game, result, version}` of round `round_number` of `event`.

    The caller has checked that `actor` edits `event`. A board whose result already equals the
    entry is ok without a write (the same entry sent twice, or the page's form got it through
    first); otherwise the version must be the board's current one (`Game.version`)."""
    number, seen = parse_int(game_id, minimum=1), parse_int(version, minimum=1)
    values = {r.value for r in ENTERABLE_RESULTS}
    if number is None or seen is None or not isinstance(result, str):
        return QueuedOutcome(REFUSED, _("Entrada guardada inválida: falta a mesa, o resultado ou a versão."))
    if get_format(event).pages.results_form != "rounds.save_results":  # micro-matches, knockouts: own forms
        return QueuedOutcome(REFUSED, _("Os resultados deste evento são lançados no formulário do seu formato."))
    game = _board(number)
    if game is None or game.round.event_id != event.id:
        return QueuedOutcome(REFUSED, _("Esta entrada guardada não é de uma mesa deste evento: foi descartada."))
    current = QueuedOutcome(CONFLICT, board=game.board, result=game.result.value, version=game.version)
    if game.round.number != round_number:
        return _refused(current, _("A mesa %(board)s é da rodada %(n)s, não desta.", board=game.board,
                                   n=game.round.number))
    if result not in values:
        return _refused(current, _("Resultado inválido na mesa %(board)s.", board=game.board))
    if game.round.status != RoundStatus.PUBLISHED:
        return _refused(current, _("Publique a rodada antes de lançar resultados."))
    if event.status != EventStatus.RUNNING:  # finished (or back in registration): the rounds are closed
        return _refused(current, _("O evento não está em andamento: os resultados estão fechados."))
    if game.result.value == result:
        return QueuedOutcome(OK, board=game.board, result=game.result.value, version=game.version)
    if game.version != seen:
        return current
    try:
        _saved, conflicts = record_results(actor, event, {game.id: (GameResult(result), seen)})
    except ServiceError as error:  # refused by the form's own rules: nothing was written
        db.session.refresh(game)
        if game.version != seen:  # another arbiter's save at the same moment: his value stays
            return QueuedOutcome(CONFLICT, board=game.board, result=game.result.value, version=game.version)
        return _refused(QueuedOutcome(REFUSED, board=game.board, result=game.result.value, version=game.version),
                        error.message)
    db.session.refresh(game)
    status = CONFLICT if conflicts else OK
    return QueuedOutcome(status, board=game.board, result=game.result.value, version=game.version)


def _refused(current: QueuedOutcome, message: str) -> QueuedOutcome:
    return QueuedOutcome(REFUSED, message, current.board, current.result, current.version)
