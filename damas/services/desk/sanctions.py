"""The arbiter's desk: sanctions (CBJD 51) and CBJD 95 d irregular-move claims (RULES.md §6).

Split from `damas.services.desk` (which re-exports these names); each operation is one transaction.
"""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy.orm.exc import StaleDataError

from damas.engine.penalties import Action, Consequence, Sanction, irregular_move_claim, sanction_consequence
from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Game, User
from damas.models.desk import DeskPenalty, DeskSanction
from damas.services import desk_knockout
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.rounds import require_running, withdraw_entry

# ---------------------------------------------------------------- sanctions (CBJD 51) and CBJD 95 d

def add_sanction(actor: User, event: Event, round_number: int, entry: Entry, kind: str,
                 note: str, micro_game: int | None = None) -> tuple[DeskSanction, Consequence]:
    """CBJD 51: warnings are recorded; a lost game is recorded as the board's result; exclusion
    withdraws the player after this round under the rule set's policy (rounds.withdraw_entry)."""
    require_running(event)
    try:
        sanction = Sanction(kind)
    except ValueError:
        raise ServiceError(_("Sanção inválida."), "kind") from None
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    if desk_knockout.is_knockout(event):  # ties of the bracket, not Round/Game boards
        return desk_knockout.add_sanction(actor, event, round_number, entry, sanction, note)
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
                    _apply_result(actor, event, game, found.result, "sanction", row.id, found.article, micro_game)
    except ServiceError:
        db.session.rollback()
        raise
    except StaleDataError:
        db.session.rollback()
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")) from None
    return row, found


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


def claim_irregular_move(actor: User, event: Event, round_number: int, offender: Entry, before_own_move: bool,
                         note: str, micro_game: int | None = None) -> tuple[Consequence, DeskPenalty | None]:
    """CBJD 95 d: in 5x5 or faster an irregular move claimed before the claimant's own move wins
    the game for him; otherwise nothing is applied and the engine says why."""
    require_running(event)
    require_95d(event)
    if desk_knockout.is_knockout(event):  # the claimant wins the tie's current game
        found, _ko_game = desk_knockout.claim_irregular_move(actor, event, round_number, offender, before_own_move,
                                                             note)
        return found, None
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
            penalty = _apply_result(actor, event, game, found.result, "claim", game.id, found.article, micro_game)
    except StaleDataError:
        raise ServiceError(_("Outro árbitro alterou esta mesa ao mesmo tempo. Confira e registre de novo.")) from None
    return found, penalty


# Imported last: `damas.services.desk` re-exports this module's names from its own end, so
# either module can be imported first.
from damas.services.desk import _apply_result, _no, _published_round, board_of  # noqa: E402
