"""Absent without notice (FIDE C.04.2 #2, RULES.md §5): a lasting state of an entry.

The arbiter marks a player "ausente sem aviso" from a round not yet paired; the round-by-round
pairing (`swiss.pair_next_round`) leaves him out of that round and of every later one until an
arbiter records the explanation ("ausência justificada", with a note). Rounds he was left out
of score as not paired (0 points); requests he made in advance (byes) still stand.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Entry, EntryStatus, Event, EventStatus, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.mapping import event_rounds
from damas.services.swiss import round_by_round

MARK_ACTION = "absent_without_notice"
EXPLAIN_ACTION = "absence_explained"


def is_absent(entry: Entry, round_number: int) -> bool:
    """Whether the entry is left out of the pairing of `round_number`."""
    return entry.absent_from_round is not None and entry.absent_from_round <= round_number


def _check(event: Event, entry: Entry) -> None:
    if entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."))
    if not round_by_round(event):
        raise ServiceError(_("A ausência sem aviso só vale para eventos emparceirados rodada a rodada."))
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        raise ServiceError(_("O evento não está em andamento."))


def mark_absent(actor: User, event: Event, entry: Entry, from_round: int, note: str) -> None:
    """Leave the player out of the pairing from `from_round` (not yet paired) on."""
    _check(event, entry)
    if entry.status != EntryStatus.REGISTERED:
        raise ServiceError(_("Este jogador já saiu do evento."), "entry_id")
    if entry.absent_from_round is not None:
        raise ServiceError(_("Este jogador já está marcado como ausente sem aviso (desde a rodada %(n)s).",
                             n=entry.absent_from_round), "entry_id")
    paired = len(event_rounds(event))
    if from_round <= paired or from_round > event.planned_rounds:
        raise ServiceError(_("Escolha uma rodada ainda não emparceirada (de %(first)s a %(last)s).",
                             first=paired + 1, last=event.planned_rounds), "from_round")
    with transaction():
        entry.absent_from_round = from_round
        entry.absence_note = note.strip()
        record(actor, MARK_ACTION, "entry", entry.id, {"absent_from_round": None},
               {"absent_from_round": from_round, "note": entry.absence_note}, event.id)


def explain_absence(actor: User, event: Event, entry: Entry, note: str) -> None:
    """Record the explanation: the player is paired again from the next pairing on."""
    _check(event, entry)
    if entry.absent_from_round is None:
        raise ServiceError(_("Este jogador não está marcado como ausente sem aviso."), "entry_id")
    if not note.strip():
        raise ServiceError(_("Escreva a justificativa apresentada."), "note")
    missed = [r.number for r in event_rounds(event) if r.number >= entry.absent_from_round]
    with transaction():
        before = {"absent_from_round": entry.absent_from_round, "note": entry.absence_note}
        entry.absent_from_round = None
        entry.absence_note = ""
        record(actor, EXPLAIN_ACTION, "entry", entry.id, before,
               {"absent_from_round": None, "explanation": note.strip(), "rounds_not_paired": missed}, event.id)


def absence_rows(event: Event) -> tuple[list[dict], list[dict]]:
    """Plain rows for the players page: the players absent now, and the explanations recorded."""
    by_id = {e.id: e for e in event.entries}
    current = [
        {"entry_id": e.id, "no": e.pairing_number, "name": e.player.full_name, "from": e.absent_from_round,
         "note": e.absence_note}
        for e in sorted(by_id.values(), key=lambda e: (e.absent_from_round or 0, e.pairing_number or 10**6))
        if e.absent_from_round is not None and e.status == EntryStatus.REGISTERED
    ]
    explained = [
        {"name": by_id[a.object_id].player.full_name,
         "from": (a.before or {}).get("absent_from_round"), "explanation": (a.after or {}).get("explanation", ""),
         "missed": (a.after or {}).get("rounds_not_paired", [])}
        for a in db.session.scalars(
            select(AuditEntry).where(AuditEntry.event_id == event.id, AuditEntry.object_type == "entry",
                                     AuditEntry.action == EXPLAIN_ACTION).order_by(AuditEntry.id))
        if a.object_id in by_id
    ]
    return current, explained
