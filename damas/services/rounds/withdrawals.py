"""Withdrawing a player during the event (RULES.md §5; CBJD 105 B; C.04.2): the operation the
withdrawals page, the desk's forfeits (expulsions) and sanctions share. Undone by
`withdrawal_undo`; read by the standings through the engine's withdrawal policy.
"""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import gettext as _

from damas.formats import get_format
from damas.formats.mapping import event_rounds
from damas.models import Entry, EntryStatus, Event, GameResult, RoundStatus, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.mail import entry_notices
from damas.services.rounds.state import game_snapshot, require_running


@dataclass(frozen=True)
class Withdrawn:
    """What a withdrawal did to the rounds already paired, for the arbiter's page to say.

    `unplayed`: the rounds whose board of his now reads not played (withdrawal). `pair_again`:
    those the event's format has the arbiter undo and pair again so his opponent plays (a Swiss
    round paired but not published, CBJD 105 B; C.04.2); empty for a fixed schedule."""

    unplayed: list[int]
    pair_again: list[int]


def withdraw_entry(actor: User, event: Event, entry: Entry, after_round: int, note: str,
                   tell: bool = True) -> Withdrawn:
    """Withdraw a player after `after_round` (RULES.md §5): not paired again; his later boards are
    marked unplayed and the rule set decides what they count (CBJD 105 A in a round robin).

    A round paired but not published with a board of his stays re-pairable (`swiss.delete_round`
    counts a board the withdrawal marked as no result); the event's format says whether the arbiter
    pairs it again (`pair_again_after_withdrawal`). The audit entry keeps what `withdrawal_undo`
    needs. `tell`: mail the player (False when the caller's own mail says it: an exclusion)."""
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
    unplayed: list[int] = []
    with transaction():
        before = {"status": entry.status.value, "withdrawn_after_round": entry.withdrawn_after_round}
        entry.status = EntryStatus.WITHDRAWN
        entry.withdrawn_after_round = after_round
        entry.withdrawal_note = note.strip()
        for r in rounds:
            if r.number <= after_round:
                continue
            for g in r.games:
                if entry.id in (g.white_entry_id, g.black_entry_id) and r.number not in unplayed:
                    unplayed.append(r.number)  # marked now, or earlier when his opponent left first
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
        if tell:
            entry_notices.withdrawal_recorded(event, entry.player_id, after_round, entry.withdrawal_note)
    return Withdrawn(unplayed, get_format(event).pair_again_after_withdrawal(drafts))
