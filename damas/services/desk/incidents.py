"""The arbiter's desk: incidents and their consequences (CBJD 60, the FIDE Laws, online
disconnections) and the reversal of an applied penalty (RULES.md §6).

The rules come from `damas.engine.penalties`; this module stores rows, applies the results the
engine decides (game lost) on the event's board (`damas.services.desk.boards`: a round `Game`,
a micro-match game, a team board or a knockout tie, one flow for all) and writes the audit log.
Each operation is one transaction.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.penalties import (
    Action,
    Consequence,
    Incident,
    IncidentKind,
    consequences,
    incident_article,
)
from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import Entry, Event, User
from damas.models.desk import DeskIncident, DeskPenalty, DeskSettings
from damas.services.audit import record, transaction
from damas.services.desk.boards import Applied, board_kind
from damas.services.desk.games import number
from damas.services.desk.move_refs import MoveAt, resolve, store
from damas.services.desk.settings import (
    is_online,
    penalty_rules,
    penalty_settings,
    require_chief,
    settings_for,
)
from damas.services.errors import ServiceError
from damas.services.mail import discipline_notices
from damas.services.rounds.state import require_running

CLAIMABLE_ARTICLES = ("52", "56", "65", "66")
BREACH_ARTICLES = ("3", "70", *(str(a) for a in range(38, 51)))


# ---------------------------------------------------------------- incidents (CBJD 60, CLUB)

def engine_incident(row: DeskIncident) -> Incident:
    # team events: no entry, the engine numbers the player by his player id (`teams`)
    player = number(row.entry) if row.entry is not None else row.player_id or 0
    return Incident(round=row.round_number, board=row.board, player=player, kind=IncidentKind(row.kind),
                    article=row.article, note=row.note, arbiter=row.arbiter.name if row.arbiter else "",
                    time=row.at.isoformat() if row.at else "")


def event_incidents(event: Event) -> list[DeskIncident]:
    return list(db.session.scalars(select(DeskIncident).where(DeskIncident.event_id == event.id)
                                   .order_by(DeskIncident.at, DeskIncident.id)))


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
    boards = board_kind(event).boards(event)
    incidents = [engine_incident(r) for r in rows]
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


def check_article(kind: IncidentKind, article: str) -> str:
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


def add_incident(actor: User, event: Event, round_number: int, player: Entry | int | None, kind: str,
                 article: str, note: str, micro_game: int | None = None,
                 move: MoveAt | None = None) -> tuple[DeskIncident, Consequence, Applied | None]:
    """Record an incident on the player's board; from the rule set's limit on (CBJD 60: the
    event's third incidence; FIDE Laws: the second illegal move, a sounding phone; the third drop)
    the system records the game as lost by the offender (audit-logged): on a micro-match board
    the game named (1 or 2), in a knockout the tie's current game. `move`: the recorded move the
    incident is about."""
    require_running(event)
    boards = board_kind(event)
    seat = boards.seat(event, player)
    s = settings_for(event)
    kind_ = check_incident_kind(event, kind, s)
    article = check_article(kind_, article)
    board = boards.board_of(event, round_number, seat)
    assert board is not None
    pointed = resolve(event, board, micro_game, move) if move is not None else None
    table = boards.boards(event)
    earlier = counting_incidents([engine_incident(r) for r in event_incidents(event)], table)
    try:
        with transaction():
            row = DeskIncident(event_id=event.id, round_number=round_number, board=board.number,
                               game_id=board.game_id, entry_id=seat.entry.id if seat.entry is not None else None,
                               player_id=seat.player_id, kind=kind_.value, article=article, note=note.strip(),
                               arbiter_user_id=actor.id, at=datetime.now(timezone.utc))
            db.session.add(row)
            db.session.flush()
            try:
                found = consequences([*earlier, engine_incident(row)], table, penalty_settings(s))[-1]
            except EngineError as error:
                raise ServiceError(str(error)) from None
            record(actor, "incident", "incident", row.id, None, {
                **board.where, "player": seat.name, "kind": kind_.value,
                "article": incident_article(engine_incident(row)), "note": row.note, "incidence": found.incidence,
                "consequence": found.action.value, "message": found.message_pt, "message_en": found.message_en,
            }, event.id)
            if pointed is not None:
                store(actor, event, pointed, "incident", row.note, row.id)
            discipline_notices.incident_recorded(
                event, seat.entry.player_id if seat.entry is not None else seat.player_id, round_number,
                board.number, incident_article(engine_incident(row)), row.note, found.message_pt, found.message_en)
            applied = None
            if found.action is Action.GAME_LOST and found.result is not None:
                boards.check_decidable(event, board, micro_game)
                applied = boards.apply_result(actor, event, board, found.result, "incident", row.id, found.article,
                                              micro_game)
    except StaleDataError:
        raise ServiceError(boards.stale_message()) from None
    return row, found, applied


def reverse_penalty(actor: User, event: Event, penalty: DeskPenalty, reason: str) -> None:
    """The chief arbiter undoes an applied game loss: the board (or the micro-match game) gets its
    earlier result back. The incident stays in the log and keeps counting **[ours]**."""
    require_chief(actor, event)
    if penalty.event_id != event.id:
        raise ServiceError(_("Penalidade de outro evento."))
    if penalty.reversed_at is not None:
        raise ServiceError(_("Esta penalidade já foi revertida."))
    if not reason.strip():
        raise ServiceError(_("Informe o motivo da reversão."), "reason")
    try:
        with transaction():
            board_kind(event).reverse(actor, event, penalty, reason)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e tente de novo.")) from None
