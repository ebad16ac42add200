"""The arbiter's desk: sanctions (CBJD 51) and CBJD 95 d irregular-move claims (RULES.md §6).

One flow for every kind of event: the board is the event's (`damas.services.desk.boards`), which
also says which sanctions it has no rule for (a knockout tie needs a winner; team events have no
withdrawal of a player). Each operation is one transaction.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.penalties import (
    EXPELLING_SANCTIONS,
    GAME_LOSING_SANCTIONS,
    Action,
    Consequence,
    Sanction,
    irregular_move_claim,
    sanction_consequence,
)
from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, User
from damas.models.desk import DeskSanction
from damas.services.audit import record, transaction
from damas.services.desk.boards import Applied, board_kind
from damas.services.desk.move_refs import MoveAt, resolve, store
from damas.services.errors import ServiceError
from damas.services.mail import discipline_notices
from damas.services.rounds.state import require_running
from damas.services.rounds.withdrawals import withdraw_entry


def add_sanction(actor: User, event: Event, round_number: int, player: Entry | int | None, kind: str,
                 note: str, micro_game: int | None = None) -> tuple[DeskSanction, Consequence, Applied | None]:
    """CBJD 51: warnings are recorded; a lost game is recorded as the board's result (on a
    micro-match board the game named, in a knockout the tie's current game); exclusion withdraws
    the player after this round under the rule set's policy (rounds.withdraw_entry)."""
    require_running(event)
    try:
        sanction = Sanction(kind)
    except ValueError:
        raise ServiceError(_("Sanção inválida."), "kind") from None
    if sanction not in get_ruleset(event.ruleset).penalty_rules.sanctions:  # CBJD 51, or the Laws' 12.9
        raise ServiceError(_("Sanção inválida."), "kind")
    boards = board_kind(event)
    seat = boards.seat(event, player)
    refusal = boards.sanction_refusal(sanction)
    if refusal is not None:
        raise ServiceError(refusal, "kind")
    loses = sanction in GAME_LOSING_SANCTIONS
    if sanction in EXPELLING_SANCTIONS and seat.entry is not None and seat.entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("Este jogador já saiu do evento."), "entry_id")
    board = boards.board_of(event, round_number, seat, strict=loses)
    if loses:
        assert board is not None
        boards.check_decidable(event, board, micro_game)
        found = sanction_consequence(sanction, seat.number, round_number, board.white, board.black)
    else:
        found = sanction_consequence(sanction, seat.number, round_number)
    where = board.where if board is not None else {"round": round_number, "board": None}
    row = DeskSanction(event_id=event.id, entry_id=seat.entry.id if seat.entry is not None else None,
                       player_id=seat.player_id, round_number=round_number,
                       board=board.number if board is not None else None, kind=sanction.value, note=note.strip(),
                       arbiter_user_id=actor.id, at=datetime.now(timezone.utc))
    applied = None
    try:
        db.session.add(row)
        db.session.flush()
        record(actor, "sanction", "sanction", row.id, None, {
            **where, "player": seat.name, "kind": sanction.value, "article": found.article, "note": row.note,
            "message": found.message_pt, "message_en": found.message_en}, event.id)
        with transaction():
            discipline_notices.sanction_recorded(
                event, seat.entry.player_id if seat.entry is not None else seat.player_id, round_number,
                row.note, found.message_pt, found.message_en)
            if sanction in EXPELLING_SANCTIONS:
                assert seat.entry is not None  # the kinds without entries refuse exclusion
                # withdraw_entry commits this sanction with the withdrawal (or nothing on refusal);
                # the sanction's mail tells the player, no second one about the withdrawal
                why = (_("Afastado da competição (CBJD 51 d)") if sanction is Sanction.EXCLUSION
                       else _("Expulso da competição (Leis do Xadrez 12.9.9)"))
                withdraw_entry(actor, event, seat.entry, round_number, why + (f": {row.note}" if row.note else ""),
                               tell=False)
            elif found.result is not None and board is not None:
                applied = boards.apply_result(actor, event, board, found.result, "sanction", row.id,
                                              found.article, micro_game)
    except ServiceError:
        db.session.rollback()
        raise
    except StaleDataError:
        db.session.rollback()
        raise ServiceError(boards.stale_message()) from None
    return row, found, applied


def claims_95d(event: Event) -> bool:
    """Whether CBJD 95 d exists in the event's rule set (draughts under CBJD, not the FIDE Laws)."""
    return get_ruleset(event.ruleset).penalty_rules.claims_95d


def require_95d(event: Event) -> None:
    if not claims_95d(event):
        raise ServiceError(_("O art. 95 d da CBJD não faz parte do regulamento deste evento; registre um incidente."))


def fast_enough_for_95d(event: Event) -> bool:
    if not claims_95d(event):
        return False
    found = irregular_move_claim(event.time_minutes, event.time_increment, 1, 1, 2, True)
    return found.action is Action.GAME_WON


def claim_irregular_move(actor: User, event: Event, round_number: int, offender: Entry | int | None,
                         before_own_move: bool, note: str, micro_game: int | None = None,
                         move: MoveAt | None = None) -> tuple[Consequence, Applied | None]:
    """CBJD 95 d: in 5x5 or faster an irregular move claimed before the claimant's own move wins
    the game for him (on a micro-match board the game named, in a knockout the tie's current
    game); otherwise nothing is applied and the engine says why. `move`: the recorded move the
    claim is about, kept with the claim."""
    require_running(event)
    require_95d(event)
    boards = board_kind(event)
    seat = boards.seat(event, offender)
    board = boards.board_of(event, round_number, seat)
    assert board is not None
    found = irregular_move_claim(event.time_minutes, event.time_increment, seat.number, board.white, board.black,
                                 before_own_move)
    if found.action is not Action.GAME_WON or found.result is None:
        raise ServiceError(found.message_pt)
    boards.check_decidable(event, board, micro_game)
    pointed = resolve(event, board, micro_game, move) if move is not None else None
    try:
        with transaction():
            applied = boards.apply_result(actor, event, board, found.result, "claim", board.game_id, found.article,
                                          micro_game)
            if pointed is not None:
                store(actor, event, pointed, "claim_95d", note)
            target = applied.target if applied is not None else board.target
            assert target is not None
            record(actor, "irregular_move_claim", target[0], target[1], None, {
                **board.where, "offender": seat.name, "article": found.article, "note": note.strip(),
                "message": found.message_pt, "message_en": found.message_en}, event.id)
    except StaleDataError:
        raise ServiceError(boards.stale_message()) from None
    return found, applied
