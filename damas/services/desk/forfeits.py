"""The arbiter's desk: forfeits and expulsion (FIDE-GR "Penalidades, apelações" a; RULES.md §5).

Part of `damas.services.desk` (which re-exports these names). The chief arbiter excuses a
forfeit and confirms or declines a proposed expulsion (`damas.services.desk.is_chief`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timezone

from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.penalties import Action, Consequence, ForfeitPolicy, review_forfeits
from damas.engine.types import Outcome
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, GameResult, User
from damas.models.desk import DeskForfeitDecision
from damas.services.audit import record, transaction
from damas.services.desk.games import number as _no
from damas.services.desk.settings import require_chief, settings_for
from damas.services.errors import ServiceError
from damas.formats.mapping import board_results, event_rounds
from damas.services.rounds.state import require_running
from damas.services.rounds.withdrawals import withdraw_entry

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
    require_chief(actor, event)
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
        require_chief(actor, event)
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


def apply_mandatory_expulsions(actor: User, event: Event) -> list[str]:
    """FIDE-GR (b): a player who reaches the event's forfeit limit is expelled at once (the
    limit is the event's setting; 0 disables it), so he is not paired again. Called after
    results are recorded; each expulsion is its own transaction and audit entry. One that
    cannot apply (a later result already stands) stays on the desk's forfeit list."""
    names = []
    for row in forfeit_review(event):
        if row.consequence.action is not Action.EXPULSION or row.decided:
            continue
        try:
            decide_expulsion(actor, event, row.entry, True, _("Limite de W.O. do evento atingido."))
        except ServiceError:
            db.session.rollback()
            continue
        names.append(row.entry.player.full_name)
    return names
