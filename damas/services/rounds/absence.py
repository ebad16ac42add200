"""Absent without notice (FIDE C.04.2 #2, RULES.md §5): a lasting state of an entry.

The arbiter marks a player "ausente sem aviso" from a round not yet paired; the round-by-round
pairing (`swiss.pair_next_round`) leaves him out of that round and of every later one until an
arbiter records the explanation ("ausência justificada", with a note). Rounds he was left out
of score as not paired (0 points); requests he made in advance (byes) still stand.

C.04.2 #2: the explanation counts only "before the next pairing is published"; when that
pairing is published he is withdrawn (`withdraw_unexplained`, from `rounds.publish_round`).
Which pairing is "the next" [ours]: when he lost the round before the mark by forfeit (the
no-show itself, as the desk proposes it), the pairing of the marked round; otherwise (marked
before a round he will miss) the pairing of the round after it.
"""
from __future__ import annotations

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Entry, EntryStatus, Event, EventStatus, GameResult, Round, RoundStatus, User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds
from damas.services.rounds.state import round_by_round

MARK_ACTION = "absent_without_notice"
EXPLAIN_ACTION = "absence_explained"
WITHDRAW_ACTION = "absence_withdrawal"
NO_SHOW_RESULTS = {GameResult.WHITE_FORFEIT_WIN: "black", GameResult.BLACK_FORFEIT_WIN: "white",
                   GameResult.DOUBLE_FORFEIT: "both"}


def _lost_by_forfeit(entry: Entry, rnd: Round) -> bool:
    """Whether the entry lost his board of `rnd` by default (a no-show)."""
    for g in rnd.games:
        side = NO_SHOW_RESULTS.get(g.result)
        if side is None:
            continue
        if (side in ("white", "both") and g.white_entry_id == entry.id) or \
                (side in ("black", "both") and g.black_entry_id == entry.id):
            return True
    return False


def deadline_round(event: Event, entry: Entry) -> int | None:
    """The round whose published pairing ends the time for the explanation (C.04.2 #2) [ours,
    see the module docstring]; None when not marked."""
    n = entry.absent_from_round
    if n is None:
        return None
    before = next((r for r in event_rounds(event) if r.number == n - 1), None)
    return n if before is not None and _lost_by_forfeit(entry, before) else n + 1


def withdraw_unexplained(actor: User, event: Event, rnd: Round) -> None:
    """On publishing `rnd`: every player still absent without notice whose deadline is this
    pairing is withdrawn after the last round before the mark (C.04.2 #2, #3: not paired again;
    his results stand). Runs inside the publication's transaction."""
    for entry in event.entries:
        if entry.status != EntryStatus.REGISTERED or entry.absent_from_round is None:
            continue
        deadline = deadline_round(event, entry)
        if deadline is None or deadline > rnd.number:
            continue
        before = {"status": entry.status.value, "withdrawn_after_round": entry.withdrawn_after_round}
        entry.status = EntryStatus.WITHDRAWN
        entry.withdrawn_after_round = entry.absent_from_round - 1
        entry.withdrawal_note = _("Ausente sem aviso, sem justificativa (C.04.2 #2)")[:200]
        record(actor, WITHDRAW_ACTION, "entry", entry.id, before,
               {"status": "withdrawn", "withdrawn_after_round": entry.withdrawn_after_round,
                "deadline_round": deadline}, event.id)


def no_show_proposals(event: Event) -> list[dict]:
    """The desk's proposals (C.04.2 #2): registered, unmarked players of a round-by-round event
    who lost a board of the last round by default while the next round is not yet paired."""
    if not round_by_round(event) or event.status != EventStatus.RUNNING:
        return []
    rounds = event_rounds(event)
    if not rounds or rounds[-1].number >= event.planned_rounds:
        return []
    last = rounds[-1]
    return [{"entry_id": e.id, "no": e.pairing_number, "name": e.player.full_name, "round": last.number,
             "from": last.number + 1}
            for e in sorted(event.entries, key=lambda e: e.pairing_number or 10**6)
            if e.status == EntryStatus.REGISTERED and e.absent_from_round is None and _lost_by_forfeit(e, last)]


def confirm_no_show(actor: User, event: Event, entry: Entry) -> None:
    """The arbiter confirms the desk's proposal: absent without notice from the next round."""
    proposal = next((p for p in no_show_proposals(event) if p["entry_id"] == entry.id), None)
    if proposal is None:
        raise ServiceError(_("Não há proposta de ausência para este jogador."), "entry_id")
    mark_absent(actor, event, entry, proposal["from"], f"W.O. na rodada {proposal['round']}")


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
    deadline = deadline_round(event, entry)
    published = any(r.number == deadline and r.status == RoundStatus.PUBLISHED for r in event_rounds(event))
    if entry.status != EntryStatus.REGISTERED or published:
        raise ServiceError(_("A justificativa chegou depois da publicação do emparceiramento da rodada %(n)s: o "
                             "jogador continua fora do torneio (C.04.2 #2).", n=deadline))
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
