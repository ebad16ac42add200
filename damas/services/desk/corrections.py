"""The arbiter's desk: result corrections (C.04.2 #7-8) and undoing a rematch (#10) (RULES.md §3).

Swiss events follow C.04.2 #8's three cases (engine `CorrectionCase`): within the event's
deadline (the desk settings' correction mode) before the next pairing, after the next pairing,
after the end of the next round (rating report only); a late report before the next pairing
is refused until that pairing exists [ours, the seeds' note on #7].

Part of `damas.services.desk` (which re-exports these names); `check_correction_allowed` is
also called by `damas.services.results.recording.record_results` (which sits above the desk).
"""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.event_rules import CORRECTION_CASE_TEXT, CorrectionCase, correction_case
from damas.extensions import db
from damas.models import Event, Game, GameResult, Round, RoundStatus, User
from damas.models.desk import DeskPenalty
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds, round_is_complete
from damas.services.desk.games import number as _no
from damas.services.desk.settings import settings_for
from damas.services.rounds.rematches import rematch_boards
from damas.services.rounds.state import ENTERABLE_RESULTS, game_snapshot, require_running, round_by_round
from damas.services.rounds.swiss import pair_next_round

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


def correction_case_for(event: Event, rnd: Round) -> CorrectionCase | None:
    """Which C.04.2 #8 case a correction of `rnd` reported now falls into (engine
    `correction_case`), for events paired round by round; None for the others (round robin,
    knockout: their pairings do not depend on results, so the event's deadline alone decides
    [ours])."""
    if not round_by_round(event):
        return None
    open_, _deadline = correction_deadline(event, rnd)
    after = next((r for r in event_rounds(event) if r.number == rnd.number + 1), None)
    return correction_case(within_deadline=open_, next_paired=after is not None,
                           next_ended=after is not None and round_is_complete(after),
                           event_over=event.status.value == "finished")


def case_text(case: CorrectionCase) -> str:
    """The case in the page's language (the engine's words)."""
    return CORRECTION_CASE_TEXT[case][1 if str(get_locale()) == "en" else 0]


def check_correction_allowed(event: Event, game: Game) -> None:
    """Refuse changing an entered result of a published round where the rules keep it: after the
    event's correction deadline (round robin, knockout), or under C.04.2 #7-8 for Swiss events
    (a late report before the next pairing; after the end of the next round, when only the
    desk records it for the rating report). For `rounds.record_results` to call on boards whose
    result is not pending (the desk's own correction route already does); a no-op for boards
    without a result."""
    if game.result in (GameResult.PENDING, GameResult.BYE, GameResult.WITHDRAWN, GameResult.ADJOURNED):
        return  # an adjourned game's real result is not a correction (C.04.2 #1)
    case = correction_case_for(event, game.round)
    if case is not None:
        if case == CorrectionCase.LATE:
            raise ServiceError(_("Rodada %(n)s, C.04.2 #7: %(case)s.", n=game.round.number, case=case_text(case)))
        if case == CorrectionCase.RATING_ONLY:
            raise ServiceError(_("Rodada %(n)s, C.04.2 #8: %(case)s — registre-a na mesa do árbitro (correções).",
                                 n=game.round.number, case=case_text(case)))
        return
    open_, deadline = correction_deadline(event, game.round)
    if not open_:
        raise ServiceError(_("O prazo de correção desta rodada terminou%(when)s.",
                             when=f" ({deadline:%d/%m/%Y %H:%M} UTC)" if deadline else ""))


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
    if game.result == GameResult.ADJOURNED:
        return _complete_adjourned(actor, event, game, result, reason)
    case = correction_case_for(event, rnd)
    if case == CorrectionCase.RATING_ONLY:
        return _rating_only(actor, event, game, result, reason)
    check_correction_allowed(event, game)
    later = [r for r in event_rounds(event) if r.number > rnd.number]
    try:
        with transaction():
            before = game_snapshot(game)
            game.result = result
            db.session.flush()
            record(actor, "correction", "game", game.id, before, {
                **game_snapshot(game), "reason": reason.strip(),
                "later_rounds_paired": [r.number for r in later],
                **({"case": case.value} if case is not None else {})}, event.id)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None
    rematches = {r.number: rematch_boards(event, r) for r in later}
    return {"later_rounds": [r.number for r in later], "rematches": {k: v for k, v in rematches.items() if v},
            "rating_only": False}


def _complete_adjourned(actor: User, event: Event, game: Game, result: GameResult, reason: str) -> dict[str, Any]:
    """An adjourned game's real result (C.04.2 #1: a draw for pairing only until then) is the
    game's result, not a correction: no C.04.2 #8 case, counted in the standings whatever round
    is paired since, audited as the game's result."""
    later = [r for r in event_rounds(event) if r.number > game.round.number]
    try:
        with transaction():
            before = game_snapshot(game)
            game.result = result
            db.session.flush()
            record(actor, "adjourned_result", "game", game.id, before,
                   {**game_snapshot(game), "note": reason.strip()}, event.id)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None
    rematches = {r.number: rematch_boards(event, r) for r in later}
    return {"later_rounds": [], "rematches": {k: v for k, v in rematches.items() if v}, "rating_only": False,
            "adjourned": True}


def _rating_only(actor: User, event: Event, game: Game, result: GameResult, reason: str) -> dict[str, Any]:
    """C.04.2 #8, reported after the end of the next round: the standings and pairings keep the
    reported result; the correction is kept for the rating report (`Game.rating_result`, read
    by `exports.rating`), submitted after the event."""
    try:
        with transaction():
            before = {**game_snapshot(game), "rating_result": game.rating_result}
            game.rating_result = None if result == game.result else result.value
            db.session.flush()
            record(actor, "rating_correction", "game", game.id, before, {
                **game_snapshot(game), "rating_result": game.rating_result, "reason": reason.strip(),
                "case": CorrectionCase.RATING_ONLY.value}, event.id)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None
    return {"later_rounds": [], "rematches": {}, "rating_only": True}


def undo_rematch(actor: User, event: Event, rnd: Round) -> Round | None:
    """C.04.2 #10: a published pairing changes only to undo a rematch. The last round, with no
    result entered, is unpaired (audit-logged) and paired again; returns the new round."""

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
