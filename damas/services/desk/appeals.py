"""Appeals committee and appeals of an event (FIDE-GR "Penalidades, apelações" b, c; CBJD 30).

The engine (`damas.engine.appeals`) validates the committee (odd number of voting members, none
involved, 18 or older, set before round 1) and the appeal (in writing, copy to the chief arbiter,
fee, deadline); this module stores them and records the decision and the fee refunded.
"""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from flask_babel import get_locale
from flask_babel import gettext as _
from sqlalchemy import select

from damas.engine.appeals import (
    Appeal,
    AppealRules,
    CommitteeMember,
    Decision,
    Problem,
    age_on,
    appeal_deadline,
    appeal_problems,
    committee_problems,
    fee_refunded,
    panel_for_dispute,
)
from damas.engine.folding import fold
from damas.engine.types import EngineError
from damas.extensions import db
from damas.models import Entry, Event, RoundStatus, User
from damas.models.desk import DeskAppeal, DeskCommitteeMember
from damas.services.audit import record, transaction
from damas.services.desk.settings import settings_for
from damas.services.errors import ServiceError
from damas.services.mail import discipline_notices
from damas.formats.mapping import event_rounds


def _msg(problem: Problem) -> str:
    return problem.message_en if str(get_locale()) == "en" else problem.message_pt


def appeal_rules(event: Event) -> AppealRules:
    s = settings_for(event)
    return AppealRules(fee_cents=s.appeal_fee_cents, currency=s.appeal_currency,
                       deadline_minutes=s.appeal_deadline_minutes, refund_if_upheld=s.refund_if_upheld,
                       refund_if_reasonable=s.refund_if_reasonable)


def committee_rows(event: Event) -> list[DeskCommitteeMember]:
    return list(db.session.scalars(select(DeskCommitteeMember).where(DeskCommitteeMember.event_id == event.id)
                                   .order_by(DeskCommitteeMember.voting.desc(), DeskCommitteeMember.id)))


def _member(row: DeskCommitteeMember) -> CommitteeMember:
    return CommitteeMember(person=str(row.id), name=row.name, birth_date=row.birth_date, voting=row.voting)


def _first_round_start(event: Event) -> datetime | None:
    rounds = event_rounds(event)
    if not rounds:
        return None
    value = rounds[0].published_at or rounds[0].created_at
    return value if value.tzinfo else value.replace(tzinfo=timezone.utc)


def committee_status(event: Event) -> list[str]:
    """What FIDE-GR (b) refuses in the committee as it stands (empty: valid)."""
    rows = committee_rows(event)
    if not rows:
        return [_("O evento ainda não tem comitê de apelação.")]
    appointed = max((r.appointed_at if r.appointed_at.tzinfo else r.appointed_at.replace(tzinfo=timezone.utc))
                    for r in rows)
    return [_msg(p) for p in committee_problems([_member(r) for r in rows], event.start_date,
                                                 appointed_at=appointed, first_round_start=_first_round_start(event))]


def add_member(actor: User, event: Event, name: str, birth_date: date, voting: bool) -> DeskCommitteeMember:
    """Add a member (refused under 18 on the event's first day)."""
    name = name.strip()
    if not name:
        raise ServiceError(_("Informe o nome."), "name")
    if age_on(birth_date, event.start_date) < 18:
        raise ServiceError(_("Membros do comitê de apelação devem ter 18 anos ou mais na data do evento."),
                           "birth_date")
    if any(r.name.casefold() == name.casefold() for r in committee_rows(event)):
        raise ServiceError(_("Esta pessoa já está no comitê."), "name")
    with transaction():
        row = DeskCommitteeMember(event_id=event.id, name=name, birth_date=birth_date, voting=voting,
                                  appointed_at=datetime.now(timezone.utc))
        db.session.add(row)
        db.session.flush()
        record(actor, "committee_add", "committee", row.id, None,
               {"name": name, "birth_date": birth_date.isoformat(), "voting": voting}, event.id)
    return row


def remove_member(actor: User, event: Event, member_id: int) -> None:
    row = db.session.get(DeskCommitteeMember, member_id)
    if row is None or row.event_id != event.id:
        raise ServiceError(_("Membro inexistente."), "member_id")
    with transaction():
        record(actor, "committee_remove", "committee", row.id,
               {"name": row.name, "birth_date": row.birth_date.isoformat(), "voting": row.voting}, None, event.id)
        db.session.delete(row)


def normal_name(name: str) -> str:
    """A full name for matching people: case, accents and spacing ignored."""
    return fold(name)


def _game_players(event: Event, entry: Entry | None, round_number: int | None) -> list[str]:
    """The players of the game concerned: the appellant's board in `round_number`."""
    if round_number is None:
        return []
    if entry is None:
        raise ServiceError(_("Para indicar a partida em questão, escolha o jogador que apela."), "round_number")
    rnd = next((r for r in event_rounds(event) if r.number == round_number), None)
    game = None if rnd is None or rnd.status != RoundStatus.PUBLISHED else next(
        (g for g in rnd.games if entry.id in (g.white_entry_id, g.black_entry_id)), None)
    if game is None or game.black is None:
        raise ServiceError(_("O jogador que apela não tem partida na rodada %(n)s.", n=round_number), "round_number")
    return [game.white.player.full_name, game.black.player.full_name]


def impeded_members(event: Event, appellant: str, players: list[str],
                    rows: list[DeskCommitteeMember]) -> dict[int, str]:
    """Committee members involved in this appeal (FIDE-GR b), by normalised full name: member
    id -> why (the appellant, a player of the game concerned, an arbiter of the event)."""
    arbiters = {normal_name(a.user.name) for a in event.arbiters if a.user is not None}
    if event.chief_arbiter:
        arbiters.add(normal_name(event.chief_arbiter))
    out: dict[int, str] = {}
    for r in rows:
        name = normal_name(r.name)
        if name == normal_name(appellant):
            out[r.id] = _("apelante")
        elif name in {normal_name(p) for p in players}:
            out[r.id] = _("jogador da partida em questão")
        elif name in arbiters:
            out[r.id] = _("árbitro do evento")
    return out


def _panel_for_appeal(event: Event, rows: list[DeskCommitteeMember], impeded: dict[int, str]) -> list[str] | None:
    """The voting members who will judge the appeal: impeded voting members replaced by the
    first substitutes not impeded; refused when that leaves no valid panel (odd number)."""
    if not rows:
        return None
    members = [_member(r) for r in rows]
    involved = {str(i) for i in impeded}
    who = ", ".join(f"{r.name} ({impeded[r.id]})" for r in rows if r.id in impeded and r.voting)
    try:
        panel = panel_for_dispute(members, involved)
    except EngineError:
        raise ServiceError(_("Membro votante do comitê impedido nesta apelação: %(who)s. Não há suplente desimpedido "
                             "para substituí-lo; a apelação não pode ser recebida por este comitê.", who=who)) from None
    if who and committee_problems(panel, event.start_date, involved=involved):
        raise ServiceError(_("Membro votante do comitê impedido nesta apelação: %(who)s. Sem ele o comitê não tem "
                             "número ímpar de membros votantes desimpedidos.", who=who))
    return [m.name for m in panel]


def file_appeal(actor: User, event: Event, data: dict[str, Any]) -> DeskAppeal:
    """Receive an appeal: in writing, copy to the chief arbiter, fee paid, within the deadline.

    The panel is fixed here **[ours]**: voting members who are the appellant, a player of the
    game concerned (the appellant's board in `round_number`, when given) or an arbiter of the
    event are impeded and replaced by substitutes; without a valid panel the appeal is refused.
    `panel` keeps the planned panel until the decision stores the one that decided."""
    entry = db.session.get(Entry, data["entry_id"]) if data.get("entry_id") else None
    if entry is not None and entry.event_id != event.id:
        raise ServiceError(_("Inscrição de outro evento."), "entry_id")
    name = entry.player.full_name if entry is not None else (data.get("appellant_name") or "").strip()
    if not name:
        raise ServiceError(_("Informe quem apela."), "appellant_name")
    subject = (data.get("subject") or "").strip()
    if not subject:
        raise ServiceError(_("Descreva a decisão contestada."), "subject")
    filed_at = data.get("filed_at") or datetime.now()
    appeal = Appeal(appellant=name, decision_at=data["decision_at"], filed_at=filed_at,
                    fee_paid_cents=data.get("fee_paid_cents") or 0, in_writing=bool(data.get("in_writing")),
                    copy_to_chief_arbiter=bool(data.get("copy_to_chief_arbiter")))
    problems = appeal_problems(appeal, appeal_rules(event))
    if problems:
        raise ServiceError(" ".join(_msg(p) for p in problems))
    round_number = data.get("round_number") or None
    rows = committee_rows(event)
    impeded = impeded_members(event, name, _game_players(event, entry, round_number), rows)
    planned = _panel_for_appeal(event, rows, impeded)
    with transaction():
        row = DeskAppeal(event_id=event.id, appellant_entry_id=entry.id if entry else None, appellant_name=name,
                         subject=subject, decision_at=appeal.decision_at, filed_at=filed_at,
                         fee_paid_cents=appeal.fee_paid_cents, filed_by_id=actor.id, panel=planned)
        db.session.add(row)
        db.session.flush()
        record(actor, "appeal_filed", "appeal", row.id, None, {
            "appellant": name, "subject": subject, "decision_at": appeal.decision_at.isoformat(),
            "filed_at": filed_at.isoformat(), "fee_paid_cents": appeal.fee_paid_cents,
            "deadline": appeal_deadline(appeal, appeal_rules(event)).isoformat(), "round": round_number,
            "impeded": [f"{r.name} ({impeded[r.id]})" for r in rows if r.id in impeded], "panel": planned}, event.id)
    return row


def decide_appeal(actor: User, event: Event, appeal_id: int, decision: str, text: str,
                  involved_ids: list[int]) -> DeskAppeal:
    """Record the committee's final decision and the fee refunded (FIDE-GR c). The panel is the
    voting members not involved, replaced by substitutes; it must be valid (b)."""
    row = db.session.get(DeskAppeal, appeal_id)
    if row is None or row.event_id != event.id:
        raise ServiceError(_("Apelação inexistente."), "appeal_id")
    if row.decision:
        raise ServiceError(_("Esta apelação já foi decidida; a decisão é final."), "appeal_id")
    try:
        decision_ = Decision(decision)
    except ValueError:
        raise ServiceError(_("Decisão inválida."), "decision") from None
    if not text.strip():
        raise ServiceError(_("Escreva a decisão do comitê."), "text")
    rows = committee_rows(event)
    involved = {str(i) for i in involved_ids}
    if row.panel:  # the panel planned at filing: voting members left out of it were impeded
        planned = set(row.panel)
        involved |= {str(r.id) for r in rows if r.voting and r.name not in planned}
        rows.sort(key=lambda r: r.voting or r.name not in planned)  # its substitutes replace them first
    involved |= {str(i) for i in impeded_members(event, row.appellant_name, [], rows)}
    members = [_member(r) for r in rows]
    try:
        panel = panel_for_dispute(members, involved)
    except EngineError:
        raise ServiceError(_("Não há suplente para substituir um membro envolvido na disputa.")) from None
    problems = committee_problems(panel, event.start_date, involved=involved)
    if problems:
        raise ServiceError(" ".join(_msg(p) for p in problems))
    refund = fee_refunded(decision_, appeal_rules(event), row.fee_paid_cents)
    with transaction():
        row.decision = decision_.value
        row.decision_text = text.strip()
        row.panel = [m.name for m in panel]
        row.refund_cents = refund
        row.decided_at = datetime.now(timezone.utc)
        row.decided_by_id = actor.id
        record(actor, "appeal_decided", "appeal", row.id, {"decision": ""}, {
            "decision": decision_.value, "text": row.decision_text, "panel": row.panel,
            "refund_cents": refund}, event.id)
        appellant = db.session.get(Entry, row.appellant_entry_id) if row.appellant_entry_id else None
        discipline_notices.appeal_decided(event, appellant.player_id if appellant is not None else None,
                                          row.subject, row.decision, row.decision_text)
    return row


def event_appeals(event: Event) -> list[DeskAppeal]:
    return list(db.session.scalars(select(DeskAppeal).where(DeskAppeal.event_id == event.id)
                                   .order_by(DeskAppeal.filed_at, DeskAppeal.id)))
