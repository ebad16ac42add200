"""The arbiter's desk: incidents and their consequences, sanctions, CBJD 95 d claims, forfeits and
expulsion, result corrections and undoing a rematch (RULES.md §6, §5, §3).

The rules come from `damas.engine.penalties`; this module stores rows, applies the results the
engine decides (game lost) and writes the audit log. Each operation is one transaction.

Chief arbiter **[ours]**: staff, or the event arbiter staff named as chief in the desk settings
(`DeskSettings.chief_arbiter_user_id`). Only he reverses an applied penalty, excuses a forfeit
and confirms or declines a proposed expulsion.

This module keeps the settings, the boards and the incidents/penalties; sanctions and CBJD 95 d
are in `desk_sanctions`, forfeits and expulsion in `desk_forfeits`, result corrections and
rematches in `desk_corrections`. Their public names are re-exported here (import them from
`damas.services.desk`, as `damas.services.rounds` and the web desk do).
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.penalties import (
    Action,
    BoardResult,
    Consequence,
    Incident,
    IncidentKind,
    PenaltySettings,
    consequences,
    incident_article,
)
from damas.engine.penalty_rules import PenaltyRules
from damas.engine.rulesets import get_ruleset
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.models import (
    Entry,
    Event,
    EventArbiter,
    Game,
    GameResult,
    Role,
    Round,
    RoundStatus,
    User,
)
from damas.models.desk import DeskIncident, DeskPenalty, DeskSettings
from damas.services import desk_knockout, desk_micro, desk_teams
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds
from damas.services.rounds import game_snapshot, require_running

CLAIMABLE_ARTICLES = ("52", "56", "65", "66")
BREACH_ARTICLES = ("3", "70", *(str(a) for a in range(38, 51)))
CORRECTION_MODES = ("hours", "next_pairing", "event_end")


# ---------------------------------------------------------------- settings and the chief arbiter

def penalty_rules(event: Event) -> PenaltyRules:
    """The incidents and forfeit rules of the event's rule set (`damas.engine.penalty_rules`)."""
    return get_ruleset(event.ruleset).penalty_rules


def settings_for(event: Event) -> DeskSettings:
    """The event's desk settings (an unsaved row with the defaults when none was stored).

    The FIDE-GR forfeit counts default to the rule set's (RULES.md §5: on for ``fide``, off for
    ``cbjd`` and ``club``); the event may still switch them on or off."""
    row = db.session.get(DeskSettings, event.id)
    if row is None:
        policy = get_ruleset(event.ruleset).forfeit_policy
        row = DeskSettings(event_id=event.id, incident_scope="game", extra_minutes=2, loss_from=3,
                           disconnection_limit=3, disconnection_scope="game", online=False,
                           forfeit_propose_after=policy.propose_after or 0,
                           forfeit_expel_after=policy.expel_after or 0, correction_mode="hours",
                           correction_hours=24, appeal_fee_cents=0, appeal_currency="BRL",
                           appeal_deadline_minutes=60, refund_if_upheld=True, refund_if_reasonable=True)
    return row


def penalty_settings(s: DeskSettings) -> PenaltySettings:
    return PenaltySettings(scope=s.incident_scope, extra_minutes=s.extra_minutes, loss_from=s.loss_from,
                           disconnection_limit=s.disconnection_limit, disconnection_scope=s.disconnection_scope)


def is_online(event: Event, s: DeskSettings | None = None) -> bool:
    s = s or settings_for(event)
    return bool(s.online) or event.ruleset == "club"


def is_chief(user: Any, event: Event) -> bool:
    """Staff, or the arbiter of this event named chief arbiter in the desk settings."""
    if not getattr(user, "is_authenticated", False):
        return False
    if user.role == Role.STAFF:
        return True
    s = db.session.get(DeskSettings, event.id)
    return (s is not None and s.chief_arbiter_user_id == user.id
            and any(a.user_id == user.id for a in event.arbiters))


def _require_chief(actor: User, event: Event) -> None:
    if not is_chief(actor, event):
        raise ServiceError(_("Só o árbitro principal do evento (ou a equipe da federação) pode fazer isto."))


SETTING_FIELDS = (
    "incident_scope", "extra_minutes", "loss_from", "disconnection_limit", "disconnection_scope", "online",
    "forfeit_propose_after", "forfeit_expel_after", "correction_mode", "correction_hours", "appeal_fee_cents",
    "appeal_currency", "appeal_deadline_minutes", "refund_if_upheld", "refund_if_reasonable",
)


def _settings_snapshot(s: DeskSettings) -> dict[str, Any]:
    return {name: getattr(s, name) for name in (*SETTING_FIELDS, "chief_arbiter_user_id")}


def update_settings(actor: User, event: Event, data: dict[str, Any]) -> DeskSettings:
    """Store the event's desk settings (validated: scopes, limits, deadline mode)."""
    values = {name: data.get(name) for name in SETTING_FIELDS}
    if values["incident_scope"] not in ("game", "event"):
        raise ServiceError(_("Escolha por partida ou por evento."), "incident_scope")
    if values["disconnection_scope"] not in ("game", "event"):
        raise ServiceError(_("Escolha por partida ou por evento."), "disconnection_scope")
    if values["correction_mode"] not in CORRECTION_MODES:
        raise ServiceError(_("Prazo de correção inválido."), "correction_mode")
    for name in ("loss_from", "disconnection_limit", "appeal_deadline_minutes", "correction_hours"):
        if values[name] is None or values[name] < 1:
            raise ServiceError(_("Informe um número maior que zero."), name)
    for name in ("extra_minutes", "appeal_fee_cents"):
        if values[name] is None or values[name] < 0:
            raise ServiceError(_("Informe um número maior ou igual a zero."), name)
    for name in ("forfeit_propose_after", "forfeit_expel_after"):
        if values[name] is not None and values[name] < 1:
            raise ServiceError(_("Deixe em branco para desativar, ou informe um número maior que zero."), name)
        values[name] = values[name] or 0  # stored 0 = disabled
    for name in ("online", "refund_if_upheld", "refund_if_reasonable"):
        values[name] = bool(values[name])
    values["appeal_currency"] = (values["appeal_currency"] or "BRL").strip().upper()[:3]
    s = settings_for(event)
    stored = db.session.get(DeskSettings, event.id) is not None
    with transaction():
        before = _settings_snapshot(s) if stored else None
        for name, value in values.items():
            setattr(s, name, value)
        if not stored:
            db.session.add(s)
        record(actor, "desk_settings", "desk_settings", event.id, before, _settings_snapshot(s), event.id)
    return s


def set_chief_arbiter(actor: User, event: Event, user_id: int | None) -> None:
    """Staff name one of the event's arbiters chief arbiter (None: nobody but staff)."""
    if actor.role != Role.STAFF:
        raise ServiceError(_("Só a equipe da federação designa o árbitro principal."))
    if user_id is not None and not db.session.scalar(
            select(EventArbiter).where(EventArbiter.event_id == event.id, EventArbiter.user_id == user_id)):
        raise ServiceError(_("O árbitro principal deve ser um dos árbitros designados para o evento."), "user_id")
    s = settings_for(event)
    stored = db.session.get(DeskSettings, event.id) is not None
    with transaction():
        before = {"chief_arbiter_user_id": s.chief_arbiter_user_id} if stored else None
        s.chief_arbiter_user_id = user_id
        if not stored:
            db.session.add(s)
        record(actor, "chief_arbiter", "desk_settings", event.id, before, {"chief_arbiter_user_id": user_id},
               event.id)


# ---------------------------------------------------------------- boards

def _published_round(event: Event, number: int) -> Round:
    rnd = next((r for r in event_rounds(event) if r.number == number), None)
    if rnd is None or rnd.status != RoundStatus.PUBLISHED:
        raise ServiceError(_("Escolha uma rodada publicada."), "round_number")
    return rnd


def board_of(event: Event, number: int, entry: Entry) -> Game:
    """The board `entry` plays in round `number` (a real game: two players, not withdrawn)."""
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    rnd = _published_round(event, number)
    game = next((g for g in rnd.games if entry.id in (g.white_entry_id, g.black_entry_id)), None)
    if game is None or game.black_entry_id is None or game.result in (GameResult.BYE, GameResult.WITHDRAWN):
        raise ServiceError(_("Este jogador não tem partida nesta rodada."), "entry_id")
    return game


def _no(entry: Entry | None) -> int:
    return entry.pairing_number or 0 if entry is not None else 0


def _board_result_to_game(event: Event, result: BoardResult) -> GameResult:
    pair = (result.white, result.black)
    if pair == (Outcome.WIN, Outcome.LOSS):
        return GameResult.WHITE_WIN
    if pair == (Outcome.LOSS, Outcome.WIN):
        return GameResult.BLACK_WIN
    if pair == (Outcome.LOSS, Outcome.LOSS):
        return GameResult.DOUBLE_LOSS  # CBJD 51: the game lost by both, a played 0-0
    raise ServiceError(_("Resultado de penalidade inválido."))


def _apply_result(actor: User, event: Event, game: Game, result: BoardResult, source: str, source_id: int,
                  article: str, micro_game: int | None = None) -> DeskPenalty | None:
    """Record the board result a penalty decides (inside the caller's transaction); on a
    micro-match board, the result of game `micro_game` (1 or 2) of the micro-match (`desk_micro`)."""
    if desk_micro.is_micro(event):
        return desk_micro.apply_penalty(actor, event, game, result, source, source_id, article, micro_game)
    target = _board_result_to_game(event, result)
    active = db.session.scalars(select(DeskPenalty).where(
        DeskPenalty.game_id == game.id, DeskPenalty.reversed_at.is_(None))).all()
    if game.result == target and active:
        return None  # already lost by an earlier penalty
    before = game_snapshot(game)
    penalty = DeskPenalty(event_id=event.id, game_id=game.id, source=source, source_id=source_id, article=article,
                          result_before=game.result.value, result_after=target.value, applied_by_id=actor.id)
    game.result = target
    db.session.add(penalty)
    db.session.flush()
    record(actor, "penalty", "game", game.id, before,
           {**game_snapshot(game), "article": article, "source": source, "penalty_id": penalty.id}, event.id)
    return penalty


# ---------------------------------------------------------------- incidents (CBJD 60, CLUB)

def _engine_incident(row: DeskIncident) -> Incident:
    # team events: no entry, the engine numbers the player by his player id (desk_teams)
    player = _no(row.entry) if row.entry is not None else row.player_id or 0
    return Incident(round=row.round_number, board=row.board, player=player, kind=IncidentKind(row.kind),
                    article=row.article, note=row.note, arbiter=row.arbiter.name if row.arbiter else "",
                    time=row.at.isoformat() if row.at else "")


def event_incidents(event: Event) -> list[DeskIncident]:
    return list(db.session.scalars(select(DeskIncident).where(DeskIncident.event_id == event.id)
                                   .order_by(DeskIncident.at, DeskIncident.id)))


def _boards(event: Event) -> dict[tuple[int, int], tuple[int, int]]:
    if desk_knockout.is_knockout(event):
        return desk_knockout.boards(event)  # (knockout round, tie number): see desk_knockout
    if desk_teams.is_team(event):
        return desk_teams.boards(event)  # (team round, (table - 1) x boards + board): see desk_teams
    out = {}
    for rnd in event_rounds(event):
        for g in rnd.games:
            if g.black is not None:
                out[(rnd.number, g.board)] = (_no(g.white), _no(g.black))
    return out


def counting_incidents(incidents: list[Incident], boards: dict[tuple[int, int], tuple[int, int]]) -> list[Incident]:
    """The incidents that still count: an incident whose board no longer holds its player (the
    round was undone and re-paired, or a knockout correction changed a later tie) stays in the
    log but no longer counts [ours]."""
    return [i for i in incidents if i.player in boards.get((i.round, i.board), ())]


def incident_log(event: Event) -> list[tuple[DeskIncident, Consequence]]:
    """Every incident of the event with the consequence the engine states, oldest first."""
    rows = event_incidents(event)
    if not rows:
        return []
    boards = _boards(event)
    incidents = [_engine_incident(r) for r in rows]
    found = iter(consequences(counting_incidents(incidents, boards), boards, penalty_settings(settings_for(event))))
    out = []
    for row, inc in zip(rows, incidents):
        if inc.player in boards.get((inc.round, inc.board), ()):
            out.append((row, next(found)))
        else:
            out.append((row, Consequence(
                Action.NONE, inc.player, row.article,
                "A mesa desta ocorrência mudou depois dela (emparceiramento refeito ou correção); fica só registrada.",
                "This incident's board changed after it (re-paired or corrected); it is kept on record only.")))
    return out


def _check_article(kind: IncidentKind, article: str) -> str:
    article = article.strip()
    if kind is IncidentKind.CLAIMED_IRREGULARITY and article not in CLAIMABLE_ARTICLES:
        raise ServiceError(_("Para irregularidade reclamada (CBJD 60 a) informe o artigo 52, 56, 65 ou 66."), "article")
    if kind is IncidentKind.BREACH and article not in BREACH_ARTICLES:
        raise ServiceError(_("Para infração (CBJD 60 c) informe o artigo 3, 70 ou de 38 a 50."), "article")
    if kind is IncidentKind.UNSPORTING and not article:
        raise ServiceError(_("Descreva a conduta antidesportiva (a mesma descrição conta as repetições)."), "article")
    return article


def check_incident_kind(event: Event, kind: str, s: DeskSettings) -> IncidentKind:
    """The kind, if the event's rule set knows it (CBJD 60 in draughts, the FIDE Laws in chess,
    disconnections in online events); a clear message otherwise."""
    try:
        kind_ = IncidentKind(kind)
    except ValueError:
        raise ServiceError(_("Tipo de incidente inválido."), "kind") from None
    online = is_online(event, s)
    if kind_ is IncidentKind.DISCONNECTION and not online:
        raise ServiceError(_("Quedas de conexão só valem em eventos online (ative nas configurações)."), "kind")
    if not penalty_rules(event).allows(kind_, online):
        raise ServiceError(_("Este tipo de incidente não existe no regulamento do evento."), "kind")
    return kind_


def add_incident(actor: User, event: Event, round_number: int, entry: Entry, kind: str, article: str,
                 note: str, micro_game: int | None = None) -> tuple[DeskIncident, Consequence, DeskPenalty | None]:
    """Record an incident; from the rule set's limit on (CBJD 60: the event's third incidence;
    FIDE Laws: the second illegal move, a sounding phone; the third drop) the system records the
    game as lost by the offender (audit-logged)."""
    require_running(event)
    s = settings_for(event)
    kind_ = check_incident_kind(event, kind, s)
    article = _check_article(kind_, article)
    if desk_knockout.is_knockout(event):  # ties of the bracket, not Round/Game boards
        row, found, _ko_game = desk_knockout.add_incident(actor, event, round_number, entry, kind_, article, note)
        return row, found, None
    game = board_of(event, round_number, entry)
    earlier = counting_incidents([_engine_incident(r) for r in event_incidents(event)], _boards(event))
    try:
        with transaction():
            row = DeskIncident(event_id=event.id, round_number=round_number, board=game.board, game_id=game.id,
                               entry_id=entry.id, kind=kind_.value, article=article, note=note.strip(),
                               arbiter_user_id=actor.id, at=datetime.now(timezone.utc))
            db.session.add(row)
            db.session.flush()
            try:
                found = consequences([*earlier, _engine_incident(row)], _boards(event), penalty_settings(s))[-1]
            except EngineError as error:
                raise ServiceError(str(error)) from None
            record(actor, "incident", "incident", row.id, None, {
                "round": round_number, "board": game.board, "player": entry.player.full_name, "kind": kind_.value,
                "article": incident_article(_engine_incident(row)), "note": row.note, "incidence": found.incidence,
                "consequence": found.action.value, "message": found.message_pt,
            }, event.id)
            penalty = None
            if found.action is Action.GAME_LOST and found.result is not None:
                penalty = _apply_result(actor, event, game, found.result, "incident", row.id, found.article,
                                        micro_game)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")) from None
    return row, found, penalty


def reverse_penalty(actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
    """The chief arbiter undoes an applied game loss: the board gets its earlier result back.
    The incident stays in the log and keeps counting **[ours]**."""
    _require_chief(actor, event)
    if penalty.event_id != event.id:
        raise ServiceError(_("Penalidade de outro evento."))
    if penalty.reversed_at is not None:
        raise ServiceError(_("Esta penalidade já foi revertida."))
    if not reason.strip():
        raise ServiceError(_("Informe o motivo da reversão."), "reason")
    game = db.session.get(Game, penalty.game_id)
    if game is not None and penalty.micro_game is not None:
        try:
            with transaction():
                desk_micro.reverse(actor, event, game, penalty, reason)
        except StaleDataError:
            raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None
        return
    if game is None or game.result.value != penalty.result_after:
        raise ServiceError(_("O resultado da mesa mudou depois da penalidade; use a correção de resultado."))
    try:
        with transaction():
            before = game_snapshot(game)
            game.result = GameResult(penalty.result_before)
            penalty.reversed_by_id = actor.id
            penalty.reversed_at = datetime.now(timezone.utc)
            penalty.reversal_reason = reason.strip()
            db.session.flush()
            record(actor, "penalty_reversed", "game", game.id, before,
                   {**game_snapshot(game), "penalty_id": penalty.id, "reason": penalty.reversal_reason}, event.id)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None


# ---------------------------------------------------------------- re-exports of the desk's other parts
# Imported at the end: those modules import the helpers above from this one.

from damas.services.desk_corrections import (  # noqa: E402, F401
    check_correction_allowed,
    correct_result,
    correction_deadline,
    rematch_boards,
    undo_rematch,
)
from damas.services.desk_forfeits import (  # noqa: E402, F401
    ForfeitRow,
    decide_expulsion,
    excuse_forfeit,
    forfeit_review,
)
from damas.services.desk_sanctions import (  # noqa: E402, F401
    add_sanction,
    claim_irregular_move,
    claims_95d,
    fast_enough_for_95d,
)
