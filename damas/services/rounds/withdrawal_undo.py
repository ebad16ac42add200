"""Undoing a withdrawal entered by mistake (RULES.md §5, CBJD 105).

A withdrawal is registered by `rounds.withdraw_entry`, whose audit entry keeps the boards it
marked not played (with their result before) and the last round that existed. While no round
has been paired since, the arbiter may undo it, with a reason: the player is registered again
and those boards get their result back, in one audited transaction. Once a round has been paired
without him, the pairing already took the withdrawal into account [ours: C.04.2 lets no
published pairing change for it], so `undo_refusal` says why not instead.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Entry, EntryStatus, Event, Game, GameResult, Round, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.locking import lock_event

__all__ = ["undo_refusal", "undo_withdrawal"]


def _withdrawal_record(entry: Entry) -> AuditEntry | None:
    return db.session.scalars(select(AuditEntry).where(
        AuditEntry.object_type == "entry", AuditEntry.object_id == entry.id, AuditEntry.action == "withdraw")
        .order_by(AuditEntry.id.desc()).limit(1)).first()


def _rounds_since(event: Event, rec: AuditEntry) -> list[Round]:
    rounds = list(db.session.scalars(select(Round).where(Round.event_id == event.id).order_by(Round.number)))
    last = (rec.after or {}).get("last_round_id")
    if last is not None:
        return [r for r in rounds if r.id > last]
    at = rec.at.replace(tzinfo=None)  # a withdrawal recorded before the audit kept the last round
    return [r for r in rounds if r.created_at is not None and r.created_at.replace(tzinfo=None) > at]


def undo_refusal(event: Event, entry: Entry) -> str | None:
    """Why the withdrawal of `entry` cannot be undone, in the page's language; None if it can."""
    if entry.event_id != event.id or entry.status != EntryStatus.WITHDRAWN:
        return _("Este jogador não está desistente.")
    rec = _withdrawal_record(entry)
    if rec is None:
        return _("Não há registro desta desistência para desfazer.")
    since = _rounds_since(event, rec)
    if since:
        return _("A rodada %(n)s foi emparceirada depois da desistência, sem ele: a desistência não pode mais "
                 "ser desfeita.", n=since[0].number)
    return None


def undo_withdrawal(actor: User, event: Event, entry: Entry, reason: str) -> None:
    """Register `entry` again and give back the results its withdrawal replaced (audited)."""
    if not reason.strip():
        raise ServiceError(_("Informe o motivo para desfazer a desistência."), "reason")
    with transaction():
        lock_event(event)
        refusal = undo_refusal(event, entry)
        if refusal:
            raise ServiceError(refusal)
        rec = _withdrawal_record(entry)
        marked = (rec.after or {}).get("games") or {} if rec is not None else {}
        restored = []
        for game_id, result in sorted(marked.items()):
            game = db.session.get(Game, int(game_id))
            if game is not None and game.result == GameResult.WITHDRAWN:
                game.result = GameResult(result)
                restored.append(game.id)
        before = {"status": entry.status.value, "withdrawn_after_round": entry.withdrawn_after_round,
                  "note": entry.withdrawal_note}
        entry.status = EntryStatus.REGISTERED
        entry.withdrawn_after_round = None
        entry.withdrawal_note = ""
        record(actor, "undo_withdraw", "entry", entry.id, before,
               {"status": entry.status.value, "reason": reason.strip()[:200], "games": restored}, event.id)
