"""The arbiter's desk: incidents and their consequences, sanctions, CBJD 95 d claims, forfeits and
expulsion, result corrections and undoing a rematch (RULES.md §6, §5, §3).

The rules come from `damas.engine.penalties`; this module stores rows, applies the results the
engine decides (game lost) and writes the audit log. Each operation is one transaction.

Chief arbiter **[ours]**: staff, or the event arbiter staff named as chief in the desk settings
(`DeskSettings.chief_arbiter_user_id`). Only he reverses an applied penalty, excuses a forfeit
and confirms or declines a proposed expulsion.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.penalties import (
    Action,
    BoardResult,
    Consequence,
    ForfeitPolicy,
    Incident,
    IncidentKind,
    PenaltySettings,
    Sanction,
    consequences,
    incident_article,
    irregular_move_claim,
    review_forfeits,
    sanction_consequence,
)
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventArbiter,
    Game,
    GameResult,
    Role,
    Round,
    RoundStatus,
    User,
)
from damas.models.desk import DeskForfeitDecision, DeskIncident, DeskPenalty, DeskSanction, DeskSettings
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.mapping import RESULT_OUTCOMES, board_results, event_rounds
from damas.services.rounds import ENTERABLE_RESULTS, game_snapshot, require_running, withdraw_entry

CLAIMABLE_ARTICLES = ("52", "56", "65", "66")
BREACH_ARTICLES = ("3", "70", *(str(a) for a in range(38, 51)))
CORRECTION_MODES = ("hours", "next_pairing", "event_end")


# ---------------------------------------------------------------- settings and the chief arbiter

def settings_for(event: Event) -> DeskSettings:
    """The event's desk settings (an unsaved row with the defaults when none was stored)."""
    row = db.session.get(DeskSettings, event.id)
    if row is None:
        row = DeskSettings(event_id=event.id, incident_scope="game", extra_minutes=2, loss_from=3,
                           disconnection_limit=3, disconnection_scope="game", online=False,
                           forfeit_propose_after=1, forfeit_expel_after=3, correction_mode="hours",
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
        if event.ruleset == "club":  # CLUB scores a double forfeit as a draw: cannot stand for 0-0
            raise ServiceError(_("Neste regulamento a perda da partida pelos dois jogadores não pode ser registrada."))
        return GameResult.DOUBLE_FORFEIT  # 0-0 (no played 0-0 result exists yet)
    raise ServiceError(_("Resultado de penalidade inválido."))


def _apply_result(actor: User, event: Event, game: Game, result: BoardResult, source: str, source_id: int,
                  article: str) -> DeskPenalty | None:
    """Record the board result a penalty decides (inside the caller's transaction)."""
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
    return Incident(round=row.round_number, board=row.board, player=_no(row.entry), kind=IncidentKind(row.kind),
                    article=row.article, note=row.note, arbiter=row.arbiter.name if row.arbiter else "",
                    time=row.at.isoformat() if row.at else "")


def event_incidents(event: Event) -> list[DeskIncident]:
    return list(db.session.scalars(select(DeskIncident).where(DeskIncident.event_id == event.id)
                                   .order_by(DeskIncident.at, DeskIncident.id)))


def _boards(event: Event) -> dict[tuple[int, int], tuple[int, int]]:
    out = {}
    for rnd in event_rounds(event):
        for g in rnd.games:
            if g.black is not None:
                out[(rnd.number, g.board)] = (_no(g.white), _no(g.black))
    return out


def incident_log(event: Event) -> list[tuple[DeskIncident, Consequence]]:
    """Every incident of the event with the consequence the engine states, oldest first."""
    rows = event_incidents(event)
    if not rows:
        return []
    found = consequences([_engine_incident(r) for r in rows], _boards(event), penalty_settings(settings_for(event)))
    return list(zip(rows, found))


def _check_article(kind: IncidentKind, article: str) -> str:
    article = article.strip()
    if kind is IncidentKind.CLAIMED_IRREGULARITY and article not in CLAIMABLE_ARTICLES:
        raise ServiceError(_("Para irregularidade reclamada (CBJD 60 a) informe o artigo 52, 56, 65 ou 66."), "article")
    if kind is IncidentKind.BREACH and article not in BREACH_ARTICLES:
        raise ServiceError(_("Para infração (CBJD 60 c) informe o artigo 3, 70 ou de 38 a 50."), "article")
    if kind is IncidentKind.UNSPORTING and not article:
        raise ServiceError(_("Descreva a conduta antidesportiva (a mesma descrição conta as repetições)."), "article")
    return article


def add_incident(actor: User, event: Event, round_number: int, entry: Entry, kind: str, article: str,
                 note: str) -> tuple[DeskIncident, Consequence, DeskPenalty | None]:
    """Record an incident; from the event's limit on (third incidence, third drop) the system
    records the game as lost by the offender (audit-logged)."""
    require_running(event)
    try:
        kind_ = IncidentKind(kind)
    except ValueError:
        raise ServiceError(_("Tipo de incidente inválido."), "kind") from None
    s = settings_for(event)
    if kind_ is IncidentKind.DISCONNECTION and not is_online(event, s):
        raise ServiceError(_("Quedas de conexão só valem em eventos online (ative nas configurações)."), "kind")
    article = _check_article(kind_, article)
    game = board_of(event, round_number, entry)
    earlier = [_engine_incident(r) for r in event_incidents(event)]
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
                penalty = _apply_result(actor, event, game, found.result, "incident", row.id, found.article)
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


# ---------------------------------------------------------------- sanctions (CBJD 51) and CBJD 95 d

def add_sanction(actor: User, event: Event, round_number: int, entry: Entry, kind: str,
                 note: str) -> tuple[DeskSanction, Consequence]:
    """CBJD 51: warnings are recorded; a lost game is recorded as the board's result; exclusion
    withdraws the player after this round under the rule set's policy (rounds.withdraw_entry)."""
    require_running(event)
    try:
        sanction = Sanction(kind)
    except ValueError:
        raise ServiceError(_("Sanção inválida."), "kind") from None
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    game: Game | None
    if sanction in (Sanction.GAME_LOST, Sanction.GAME_LOST_BOTH):
        game = board_of(event, round_number, entry)
        found = sanction_consequence(sanction, _no(entry), round_number, _no(game.white), _no(game.black))
    else:
        if sanction is Sanction.EXCLUSION and entry.status != EntryStatus.REGISTERED:
            raise ServiceError(_("Este jogador já saiu do evento."), "entry_id")
        rnd = _published_round(event, round_number)
        game = next((g for g in rnd.games if entry.id in (g.white_entry_id, g.black_entry_id)), None)
        found = sanction_consequence(sanction, _no(entry), round_number)
    row = DeskSanction(event_id=event.id, entry_id=entry.id, round_number=round_number,
                       board=game.board if game is not None else None, kind=sanction.value, note=note.strip(),
                       arbiter_user_id=actor.id, at=datetime.now(timezone.utc))
    try:
        db.session.add(row)
        db.session.flush()
        record(actor, "sanction", "sanction", row.id, None, {
            "round": round_number, "board": row.board, "player": entry.player.full_name, "kind": sanction.value,
            "article": found.article, "note": row.note, "message": found.message_pt}, event.id)
        if sanction is Sanction.EXCLUSION:
            # withdraw_entry commits this sanction with the withdrawal (or nothing on refusal)
            withdraw_entry(actor, event, entry, round_number, _("Afastado da competição (CBJD 51 d)") +
                           (f": {row.note}" if row.note else ""))
        else:
            with transaction():
                if found.result is not None and game is not None:
                    _apply_result(actor, event, game, found.result, "sanction", row.id, found.article)
    except ServiceError:
        db.session.rollback()
        raise
    except StaleDataError:
        db.session.rollback()
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")) from None
    return row, found


def fast_enough_for_95d(event: Event) -> bool:
    found = irregular_move_claim(event.time_minutes, event.time_increment, 1, 1, 2, True)
    return found.action is Action.GAME_WON


def claim_irregular_move(actor: User, event: Event, round_number: int, offender: Entry, before_own_move: bool,
                         note: str) -> tuple[Consequence, DeskPenalty | None]:
    """CBJD 95 d: in 5x5 or faster an irregular move claimed before the claimant's own move wins
    the game for him; otherwise nothing is applied and the engine says why."""
    require_running(event)
    game = board_of(event, round_number, offender)
    found = irregular_move_claim(event.time_minutes, event.time_increment, _no(offender), _no(game.white),
                                 _no(game.black), before_own_move)
    if found.action is not Action.GAME_WON:
        raise ServiceError(found.message_pt)
    try:
        with transaction():
            record(actor, "irregular_move_claim", "game", game.id, None, {
                "round": round_number, "board": game.board, "offender": offender.player.full_name,
                "article": found.article, "note": note.strip(), "message": found.message_pt}, event.id)
            assert found.result is not None
            penalty = _apply_result(actor, event, game, found.result, "claim", game.id, found.article)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")) from None
    return found, penalty


# ---------------------------------------------------------------- forfeits and expulsion (FIDE-GR)

@dataclass(frozen=True)
class ForfeitRow:
    entry: Entry
    forfeit_rounds: list[int]
    excused_rounds: list[int]
    consequence: Consequence
    last_round: int  # the last round with a result for him (the withdrawal point)
    decided: bool  # the chief arbiter already decided on this count


def _decisions(event: Event) -> list[DeskForfeitDecision]:
    return list(db.session.scalars(select(DeskForfeitDecision).where(DeskForfeitDecision.event_id == event.id)
                                   .order_by(DeskForfeitDecision.at, DeskForfeitDecision.id)))


def forfeit_review(event: Event) -> list[ForfeitRow]:
    """Players with games lost by default and what FIDE-GR says of them (registered players)."""
    s = settings_for(event)
    policy = ForfeitPolicy(propose_after=s.forfeit_propose_after or None, expel_after=s.forfeit_expel_after or None)
    decisions = _decisions(event)
    per_entry: dict[int, list] = {}
    last: dict[int, int] = {}
    for rnd in event_rounds(event):
        for g in rnd.games:
            if g.result in (GameResult.PENDING,) or g.black is None:
                continue
            for no, rr in board_results(g, _no(g.white), _no(g.black), rnd.number):
                entry = g.white if no == _no(g.white) else g.black
                per_entry.setdefault(entry.id, []).append(rr)
                if g.result != GameResult.WITHDRAWN:
                    last[entry.id] = max(last.get(entry.id, 0), rnd.number)
    out = []
    for entry in sorted(event.entries, key=lambda e: e.pairing_number or 0):
        rounds = per_entry.get(entry.id, [])
        lost = [r.round for r in rounds if r.outcome in (Outcome.FORFEIT_LOSS, Outcome.DOUBLE_FORFEIT)]
        if not lost or entry.status != EntryStatus.REGISTERED:
            continue
        excused = sorted({d.round_number for d in decisions if d.entry_id == entry.id and d.kind == "excused"
                          and d.round_number is not None})
        review = review_forfeits(_no(entry), rounds, excused, policy)
        decided = any(d.entry_id == entry.id and d.kind == "kept" and d.forfeits >= review.unexcused
                      for d in decisions)
        out.append(ForfeitRow(entry, lost, excused, review.consequence, last.get(entry.id, 0), decided))
    return out


def excuse_forfeit(actor: User, event: Event, entry: Entry, round_number: int, reason: str) -> None:
    """The chief arbiter accepts the reason for a forfeit (FIDE-GR a: "valid reason")."""
    _require_chief(actor, event)
    row = next((r for r in forfeit_review(event) if r.entry.id == entry.id), None)
    if row is None or round_number not in row.forfeit_rounds:
        raise ServiceError(_("Este jogador não perdeu por W.O. nesta rodada."), "round_number")
    if round_number in row.excused_rounds:
        raise ServiceError(_("Este W.O. já foi justificado."), "round_number")
    if not reason.strip():
        raise ServiceError(_("Informe o motivo aceito."), "reason")
    with transaction():
        d = DeskForfeitDecision(event_id=event.id, entry_id=entry.id, kind="excused", round_number=round_number,
                                reason=reason.strip(), user_id=actor.id, at=datetime.now(timezone.utc))
        db.session.add(d)
        db.session.flush()
        record(actor, "forfeit_excused", "forfeit", d.id, None,
               {"round": round_number, "player": entry.player.full_name, "reason": d.reason}, event.id)


def decide_expulsion(actor: User, event: Event, entry: Entry, expel: bool, reason: str) -> None:
    """Confirm (withdrawal under the rule set's policy) or decline a proposed expulsion; a
    mandatory expulsion (the event's forfeit limit) may be applied by any of its arbiters."""
    require_running(event)
    row = next((r for r in forfeit_review(event) if r.entry.id == entry.id), None)
    if row is None or row.consequence.action not in (Action.PROPOSE_EXPULSION, Action.EXPULSION):
        raise ServiceError(_("Não há eliminação proposta para este jogador."), "entry_id")
    mandatory = row.consequence.action is Action.EXPULSION
    if not mandatory or not expel:
        _require_chief(actor, event)
    if not reason.strip() and not (mandatory and expel):
        raise ServiceError(_("Informe o motivo da decisão."), "reason")
    n = row.consequence.incidence
    d = DeskForfeitDecision(event_id=event.id, entry_id=entry.id, kind="expelled" if expel else "kept",
                            round_number=row.last_round, forfeits=n, reason=reason.strip(), user_id=actor.id,
                            at=datetime.now(timezone.utc))
    try:
        db.session.add(d)
        db.session.flush()
        record(actor, "expulsion" if expel else "expulsion_declined", "forfeit", d.id, None, {
            "round": row.last_round, "player": entry.player.full_name, "forfeits": n,
            "article": row.consequence.article, "reason": d.reason}, event.id)
        if expel:
            withdraw_entry(actor, event, entry, row.last_round,
                           _("Eliminado por W.O. (%(article)s)", article=row.consequence.article))
        else:
            with transaction():
                pass
    except ServiceError:
        db.session.rollback()
        raise


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
    from damas.services.swiss import ROUND_BY_ROUND, pair_next_round

    require_running(event)
    if event.pairing_system not in ROUND_BY_ROUND:
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
