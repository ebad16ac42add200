"""The arbiter's desk: result corrections (C.04.2 #8) and undoing a rematch (#10) (RULES.md §3).

Split from `damas.services.desk` (which re-exports these names); `check_correction_allowed` is
also called by `damas.services.rounds.record_results`.
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.extensions import db
from damas.models import Event, Game, GameResult, Round, RoundStatus, User
from damas.models.desk import DeskPenalty
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.mapping import RESULT_OUTCOMES, event_rounds
from damas.services.rounds import ENTERABLE_RESULTS, game_snapshot, require_running

# ---------------------------------------------------------------- corrections (C.04.2 #8) and rematches (#10)

def _aware(value: datetime) -> datetime:
    return value if value.tzinfo is not None else value.replace(tzinfo=timezone.utc)


def correction_deadline(event: Event, rnd: Round) -> tuple[bool, datetime | None]:
    """(open, deadline) for correcting a published round's results under the event setting."""
    s = settings_for(event)
    if s.correction_mode == "next_pairing":
        return not any(r.number > rnd.number for r in event_rounds(event)), None
    if s.correction_mode == "event_end":
        return event.status.value == "running", None
    start = _aware(rnd.published_at or rnd.created_at)
    deadline = start + timedelta(hours=s.correction_hours)
    return datetime.now(timezone.utc) <= deadline, deadline


def check_correction_allowed(event: Event, game: Game) -> None:
    """Refuse changing an entered result of a published round after the event's correction
    deadline. For `rounds.record_results` to call on boards whose result is not pending (the
    desk's own correction route already does); a no-op for boards without a result."""
    if game.result in (GameResult.PENDING, GameResult.BYE, GameResult.WITHDRAWN):
        return
    open_, deadline = correction_deadline(event, game.round)
    if not open_:
        raise ServiceError(_("O prazo de correção desta rodada terminou%(when)s.",
                             when=f" ({deadline:%d/%m/%Y %H:%M} UTC)" if deadline else ""))


def _met_before(event: Event, rnd: Round, a: int, b: int) -> bool:
    for earlier in event_rounds(event):
        if earlier.number >= rnd.number:
            break
        for g in earlier.games:
            if {g.white_entry_id, g.black_entry_id} == {a, b} and g.result in RESULT_OUTCOMES \
                    and RESULT_OUTCOMES[g.result][0].played:
                return True
    return False


def rematch_boards(event: Event, rnd: Round) -> list[int]:
    """Boards of `rnd` whose players already played each other (a played game, C.04.2 #6)."""
    return [g.board for g in rnd.games if g.black_entry_id is not None
            and _met_before(event, rnd, g.white_entry_id, g.black_entry_id)]


def correct_result(actor: User, event: Event, game: Game, result: GameResult, reason: str) -> dict[str, Any]:
    """Correct a published result before the deadline. After the next pairing the correction
    changes only later rounds: published pairings stay (C.04.2 #8, #10); a rematch it creates
    in a later round is reported so the arbiter can undo it."""
    require_running(event)
    rnd = game.round
    if rnd.event_id != event.id:
        raise ServiceError(_("Partida de outro evento."))
    if rnd.status != RoundStatus.PUBLISHED or game.black_entry_id is None \
            or game.result in (GameResult.BYE, GameResult.WITHDRAWN):
        raise ServiceError(_("Esta mesa não tem partida a lançar."))
    if game.result == GameResult.PENDING:
        raise ServiceError(_("Esta mesa ainda não tem resultado: lance-o na página da rodada."))
    if result not in ENTERABLE_RESULTS or result == GameResult.PENDING:
        raise ServiceError(_("Resultado inválido."), "result")
    if result == game.result:
        raise ServiceError(_("O resultado escolhido é o mesmo de agora."), "result")
    if not reason.strip():
        raise ServiceError(_("Informe o motivo da correção."), "reason")
    check_correction_allowed(event, game)
    later = [r for r in event_rounds(event) if r.number > rnd.number]
    try:
        with transaction():
            before = game_snapshot(game)
            game.result = result
            db.session.flush()
            record(actor, "correction", "game", game.id, before, {
                **game_snapshot(game), "reason": reason.strip(),
                "later_rounds_paired": [r.number for r in later]}, event.id)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None
    rematches = {r.number: rematch_boards(event, r) for r in later}
    return {"later_rounds": [r.number for r in later], "rematches": {k: v for k, v in rematches.items() if v}}


def undo_rematch(actor: User, event: Event, rnd: Round) -> Round | None:
    """C.04.2 #10: a published pairing changes only to undo a rematch. The last round, with no
    result entered, is unpaired (audit-logged) and paired again; returns the new round."""
    from damas.services.swiss import pair_next_round, round_by_round

    require_running(event)
    if not round_by_round(event):
        raise ServiceError(_("Só eventos emparceirados rodada a rodada podem ser reemparceirados."))
    rounds = event_rounds(event)
    if not rounds or rounds[-1].id != rnd.id:
        raise ServiceError(_("Só a última rodada pode ser refeita."))
    boards = rematch_boards(event, rnd)
    if not boards:
        raise ServiceError(_("Esta rodada não tem reencontro: o emparceiramento publicado não pode mudar (C.04.2 #10)."))
    if any(g.result not in (GameResult.PENDING, GameResult.BYE) for g in rnd.games):
        raise ServiceError(_("Já há resultados lançados nesta rodada; ela não pode mais ser refeita."))
    with transaction():
        record(actor, "undo_rematch", "round", rnd.id, {
            "number": rnd.number, "round": rnd.number, "status": rnd.status.value, "rematch_boards": boards,
            "boards": [[g.board, _no(g.white), _no(g.black) if g.black else None] for g in rnd.games],
        }, None, event.id)
        for p in db.session.scalars(select(DeskPenalty).where(DeskPenalty.game_id.in_([g.id for g in rnd.games]))):
            db.session.delete(p)
        db.session.delete(rnd)
    try:
        return pair_next_round(actor, event)
    except ServiceError:
        return None


# Imported last: `damas.services.desk` re-exports this module's names from its own end, so
# either module can be imported first.
from damas.services.desk import _no, settings_for  # noqa: E402
