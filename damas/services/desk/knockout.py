"""The arbiter's desk in a knockout event (RULES.md §6, §3 Knockout): incidents (CBJD 60, CLUB
disconnections), sanctions (CBJD 51) and CBJD 95 d claims on the ties of the bracket.

A knockout has no `Round`/`Game` rows: its games are `KnockoutGame` rows, written only once a
game has a result, and who plays whom is derived from the bracket (`services.knockout`).
The desk's rows are mapped onto the bracket like this **[ours]**:

* `round_number` = the knockout round (fase) of the tie: 1 = first round, ..., the last =
  the final (a third-place or 5-8 tie is in the same round as the final / semi-final);
* `board` = the tie number within that round, 1-based (tie index + 1, as in `TieId`);
* `DeskIncident.game_id` stays empty (it points at `Game` rows only);
* incidences are counted per player per knockout round under the "per game" scope (the
  engine counts per player and round), so the games of one tie (mini-match, replay, play-off)
  count together; the "per event" scope counts the whole event, as for the other systems;
* the engine sees each tie as a board (White, Black) = the colours of the tie's current
  game (the next one it needs), or of its last game once it is decided.

A consequence that decides a game (game lost by incidence or disconnections, CBJD 51 c, CBJD
95 d) is recorded on the tie's current game through `knockout.record_tie_game`, exactly as
when the arbiter enters the result, so the bracket advances; the same transaction writes an
audit row ``penalty`` on the new ``knockout_game``. When the tie needs no game (it is decided:
its current game already has a result) the penalty is refused and nothing is written: a
finished game is changed with the knockout page's correction. Such a penalty is not a
`DeskPenalty` row (that table points at `Game` rows), so it has no reversal on the desk: the
knockout correction is the way back. A loss for both players cannot decide a tie and is
refused; exclusion (CBJD 51 d) is refused too, as the knockout has no withdrawal rule: the
arbiter applies the loss of the game instead.
"""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from flask_babel import gettext as _
from sqlalchemy import select
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.pairing.knockout import NOBODY, Tie, all_ties
from damas.engine.penalties import (
    Action,
    BoardResult,
    Consequence,
    IncidentKind,
    Sanction,
    consequences,
    incident_article,
    irregular_move_claim,
    sanction_consequence,
)
from damas.engine.types import EngineError, Outcome
from damas.extensions import db
from damas.models import AuditEntry, Entry, Event, KnockoutGame, User
from damas.models.desk import DeskIncident, DeskSanction
from damas.services import knockout as ko
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError

def is_knockout(event: Event) -> bool:
    return ko.is_knockout(event)


def _loaded(event: Event) -> ko.LoadedBracket:
    loaded = ko.load_bracket(event)
    if loaded is None:
        raise ServiceError(_("A eliminatória ainda não foi iniciada."), "round_number")
    return loaded


def _played(tie: Tie) -> bool:
    """A tie with two players (not a bye, not waiting for players)."""
    return bool(tie.top) and bool(tie.bottom) and NOBODY not in (tie.top, tie.bottom)


def _colours(event: Event, loaded: ko.LoadedBracket, tie: Tie) -> tuple[int, int]:
    """(White, Black) of the tie's current game, or of its last game once it is decided."""
    nxt = ko.proposed_game(event, loaded, tie)
    if nxt is not None:
        return nxt[0], nxt[1]
    if tie.games:
        return tie.games[-1].white, tie.games[-1].black
    return tie.top or 0, tie.bottom or 0


def boards(event: Event) -> dict[tuple[int, int], tuple[int, int]]:
    """(knockout round, tie number) -> (White, Black) pairing numbers, for the engine."""
    loaded = ko.load_bracket(event)
    if loaded is None:
        return {}
    return {(r, j + 1): _colours(event, loaded, tie) for (r, j), tie in all_ties(loaded.bracket).items()
            if _played(tie)}


def desk_ties(event: Event) -> list[dict[str, Any]]:
    """The ties the desk can name, latest round first: round, tie number, label, the two
    players (pairing number, name), the current game and whether the tie is still open."""
    from damas.reports.bracket import stage_names, tie_label

    loaded = ko.load_bracket(event)
    if loaded is None:
        return []
    names = stage_names()
    out = []
    for (r, j), tie in sorted(all_ties(loaded.bracket).items(), key=lambda kv: (-kv[0][0], kv[0][1])):
        if not _played(tie):
            continue
        nxt = ko.proposed_game(event, loaded, tie)
        current = None
        if nxt is not None:
            white, black, stage = nxt
            current = {"white": loaded.entry_by_no[white].player.full_name,
                       "black": loaded.entry_by_no[black].player.full_name,
                       "stage": names[stage.value], "seq": len(tie.games) + 1}
        out.append({
            "round": r, "tie": j + 1, "label": tie_label(loaded.bracket, (r, j)),
            "players": [(no, loaded.entry_by_no[no]) for no in (tie.top, tie.bottom) if no],
            "open": nxt is not None, "current": current,
            "winner": loaded.entry_by_no[tie.winner].player.full_name if tie.winner else "",
        })
    return out


def _tie_of(event: Event, loaded: ko.LoadedBracket, round_number: int, entry: Entry) -> Tie:
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    if not 1 <= (round_number or 0) <= loaded.bracket.rounds:
        raise ServiceError(_("Escolha uma fase da eliminatória."), "round_number")
    no = entry.pairing_number
    for (r, _j), tie in all_ties(loaded.bracket).items():
        if r == round_number and _played(tie) and no in (tie.top, tie.bottom):
            return tie
    raise ServiceError(_("Este jogador não tem confronto nesta fase da eliminatória."), "entry_id")


def _refuse_decided(event: Event, loaded: ko.LoadedBracket, tie: Tie) -> tuple[int, int]:
    """(White, Black) of the tie's current (pending) game; refused when the tie needs no game."""
    nxt = ko.proposed_game(event, loaded, tie)
    if nxt is None:
        raise ServiceError(_("A partida atual deste confronto já tem resultado (o confronto está decidido). "
                             "Para mudar uma partida encerrada use a correção na página da eliminatória."))
    return nxt[0], nxt[1]


def _result_text(result: BoardResult) -> str:
    pair = (result.white, result.black)
    if pair == (Outcome.WIN, Outcome.LOSS):
        return "1-0"
    if pair == (Outcome.LOSS, Outcome.WIN):
        return "0-1"
    raise ServiceError(_("Na eliminatória o confronto precisa de um vencedor: a perda da partida pelos dois "
                         "jogadores não se aplica."), "kind")


def _apply_result(actor: User, event: Event, loaded: ko.LoadedBracket, tie: Tie, result: BoardResult,
                  source: str, source_id: int | None, article: str) -> KnockoutGame:
    """Record the tie's current game as the penalty decides (inside the caller's transaction),
    through the knockout service, and audit it as a penalty."""
    text = _result_text(result)
    row = ko.record_tie_game(actor, event, tie.id, len(tie.games), text)
    record(actor, "penalty", "knockout_game", row.id, None, {
        "round": row.round, "tie": row.tie_index + 1, "seq": row.seq, "stage": row.stage,
        "white_entry_id": row.white_entry_id, "black_entry_id": row.black_entry_id, "outcome": row.outcome,
        "result": text, "article": article, "source": source, "source_id": source_id}, event.id)
    return row


# ---------------------------------------------------------------- incidents

def add_incident(actor: User, event: Event, round_number: int, entry: Entry, kind: IncidentKind, article: str,
                 note: str) -> tuple[DeskIncident, Consequence, KnockoutGame | None]:
    """An incident in a tie (kind and article already checked by `desk.add_incident`)."""
    from damas.services.desk import _engine_incident, counting_incidents, event_incidents, penalty_settings, settings_for

    loaded = _loaded(event)
    tie = _tie_of(event, loaded, round_number, entry)
    s = settings_for(event)
    earlier = counting_incidents([_engine_incident(r) for r in event_incidents(event)], boards(event))
    try:
        with transaction():
            row = DeskIncident(event_id=event.id, round_number=round_number, board=tie.id[1] + 1, game_id=None,
                               entry_id=entry.id, kind=kind.value, article=article, note=note.strip(),
                               arbiter_user_id=actor.id, at=datetime.now(timezone.utc))
            db.session.add(row)
            db.session.flush()
            try:
                found = consequences([*earlier, _engine_incident(row)], boards(event), penalty_settings(s))[-1]
            except EngineError as error:
                raise ServiceError(str(error)) from None
            record(actor, "incident", "incident", row.id, None, {
                "round": round_number, "board": row.board, "player": entry.player.full_name, "kind": kind.value,
                "article": incident_article(_engine_incident(row)), "note": row.note, "incidence": found.incidence,
                "consequence": found.action.value, "message": found.message_pt,
            }, event.id)
            game = None
            if found.action is Action.GAME_LOST and found.result is not None:
                _refuse_decided(event, loaded, tie)
                game = _apply_result(actor, event, loaded, tie, found.result, "incident", row.id, found.article)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou a chave ao mesmo tempo. Confira e registre de novo.")) from None
    return row, found, game


# ---------------------------------------------------------------- sanctions and CBJD 95 d

def add_sanction(actor: User, event: Event, round_number: int, entry: Entry, sanction: Sanction,
                 note: str) -> tuple[DeskSanction, Consequence]:
    """CBJD 51 in a tie: warnings are recorded; a lost game decides the tie's current game."""
    if sanction is Sanction.EXCLUSION:
        raise ServiceError(_("A eliminatória não tem regra de desistência: o afastamento (CBJD 51 d) não pode ser "
                             "aplicado aqui. Aplique a perda da partida (CBJD 51 c) para decidir o confronto."), "kind")
    if sanction is Sanction.GAME_LOST_BOTH:
        raise ServiceError(_("Na eliminatória o confronto precisa de um vencedor: a perda da partida pelos dois "
                             "jogadores não se aplica."), "kind")
    loaded = _loaded(event)
    tie = _tie_of(event, loaded, round_number, entry)
    no = entry.pairing_number or 0
    if sanction is Sanction.GAME_LOST:
        white, black = _refuse_decided(event, loaded, tie)
        found = sanction_consequence(sanction, no, round_number, white, black)
    else:
        found = sanction_consequence(sanction, no, round_number)
    try:
        with transaction():
            row = DeskSanction(event_id=event.id, entry_id=entry.id, round_number=round_number, board=tie.id[1] + 1,
                               kind=sanction.value, note=note.strip(), arbiter_user_id=actor.id,
                               at=datetime.now(timezone.utc))
            db.session.add(row)
            db.session.flush()
            record(actor, "sanction", "sanction", row.id, None, {
                "round": round_number, "board": row.board, "player": entry.player.full_name, "kind": sanction.value,
                "article": found.article, "note": row.note, "message": found.message_pt}, event.id)
            if found.result is not None:
                _apply_result(actor, event, loaded, tie, found.result, "sanction", row.id, found.article)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou a chave ao mesmo tempo. Confira e registre de novo.")) from None
    return row, found


def claim_irregular_move(actor: User, event: Event, round_number: int, offender: Entry, before_own_move: bool,
                         note: str) -> tuple[Consequence, KnockoutGame]:
    """CBJD 95 d in a tie: the claimant wins the tie's current game."""
    loaded = _loaded(event)
    tie = _tie_of(event, loaded, round_number, offender)
    white, black = _refuse_decided(event, loaded, tie)
    found = irregular_move_claim(event.time_minutes, event.time_increment, offender.pairing_number or 0, white,
                                 black, before_own_move)
    if found.action is not Action.GAME_WON or found.result is None:
        raise ServiceError(found.message_pt)
    try:
        with transaction():
            row = _apply_result(actor, event, loaded, tie, found.result, "claim", None, found.article)
            record(actor, "irregular_move_claim", "knockout_game", row.id, None, {
                "round": round_number, "board": tie.id[1] + 1, "offender": offender.player.full_name,
                "article": found.article, "note": note.strip(), "message": found.message_pt}, event.id)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou a chave ao mesmo tempo. Confira e registre de novo.")) from None
    return found, row


# ---------------------------------------------------------------- penalties shown on the desk

def penalty_entries(event: Event) -> list[AuditEntry]:
    """The audit rows of the results the desk recorded on knockout games, oldest first."""
    return list(db.session.scalars(
        select(AuditEntry).where(AuditEntry.event_id == event.id, AuditEntry.action == "penalty",
                                 AuditEntry.object_type == "knockout_game")
        .order_by(AuditEntry.id)))
