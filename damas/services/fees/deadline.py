"""The payment deadline of an event that confirms paid entries only (the event's regulations, as
its fee schedule sets them): once `FeeSchedule.payment_deadline` has passed, each registered
entry whose fee is not settled is cancelled, or moved to the end of the reserve list
(`unpaid_action`), and the reserve list moves up into the places freed (`reserve_moves`); each
step audited, mailed and told on Minha área, the whole in one transaction, after which
`deadline_applied_at` is set and applying again changes nothing.

**[ours]**:
- the deadline acts only when the schedule confirms paid entries only (`paid_to_confirm`); a
  deadline without it is shown to players and nothing more;
- it is applied while the event is open for registration (staff from the deadline page, or
  `flask damas taxas-prazos` from cron); once the event has started the start list stands;
- an entrant moved up from the reserve list after the deadline had passed (his place freed by
  a withdrawal, or by this very deadline) has until the event's start to pay: he could not
  have paid by the deadline. Nothing cancels him: the start list marks him unpaid and pairing
  warns the arbiter, who decides at the start;
- the entrants moved behind the reserve list are not moved back into the places this same
  deadline frees (they are still unpaid); a place freed later reaches them in their turn;
- a part payment of a cancelled entry is owed back (`refunds`).
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from flask_babel import gettext as _
from sqlalchemy import select

from damas.extensions import db
from damas.models import AuditEntry, Entry, Event, EventStatus, User
from damas.models.fees import FeeSchedule, UnpaidAction
from damas.models.registration import ReserveEntry, ReserveStatus
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.fees import notices, refunds
from damas.services.fees.accounts import federation_today
from damas.services.fees.confirmation import unpaid
from damas.services.fees.schedule import schedule_row
from damas.services.locking import lock_event
from damas.services.registration.limits import aware, utcnow
from damas.services.registration.reserve import notify
from damas.services.registration.reserve_moves import fill_free_places, free_places, waiting
from damas.services.registration.starting_numbers import renumber


@dataclass(frozen=True)
class Step:
    """One entrant the deadline acts on: `action` "cancel" or "reserve" for an unpaid entry,
    "promote" for a reserve moving up."""

    player_id: int
    name: str
    action: str
    owed_cents: int = 0
    paid_cents: int = 0


@dataclass(frozen=True)
class Plan:
    event_id: int
    deadline: datetime | None
    applies: bool                 # the schedule confirms paid entries only and names a deadline
    due: bool                     # it has passed, the event is open, and it is not applied yet
    applied_at: datetime | None
    action: str                   # the schedule's unpaid_action
    unpaid: tuple[Step, ...]
    promoted: tuple[Step, ...]

    @property
    def changes(self) -> bool:
        return bool(self.unpaid or self.promoted)


def _exempt(event: Event) -> set[int]:
    """Entries moved up from the reserve after the deadline had passed (`reserve_moves.promote`
    wrote "pay_until": "start" in its audit record): they have until the start to pay."""
    rows = db.session.scalars(select(AuditEntry).where(AuditEntry.event_id == event.id,
                                                       AuditEntry.action == "reserve_promoted"))
    return {r.object_id for r in rows if r.object_id is not None and (r.after or {}).get("pay_until") == "start"}


def _entry_ids(event: Event) -> dict[int, int]:
    return dict(db.session.execute(select(Entry.player_id, Entry.id).where(Entry.event_id == event.id)).all())


def plan(event: Event, now: datetime | None = None) -> Plan:
    """Who is past the deadline unpaid and what happens to each, and which reserves move up."""
    now = now or utcnow()
    row = schedule_row(event)
    deadline = aware(row.payment_deadline) if row is not None else None
    applies = row is not None and row.paid_to_confirm and deadline is not None
    applied_at = aware(row.deadline_applied_at) if row is not None else None
    action = row.unpaid_action.value if row is not None else UnpaidAction.CANCEL.value
    due = (applies and applied_at is None and deadline is not None and now >= deadline
           and event.status == EventStatus.REGISTRATION)
    if not due:
        return Plan(event.id, deadline, applies, False, applied_at, action, (), ())
    exempt, ids = _exempt(event), _entry_ids(event)
    late = [a for a in unpaid(event, federation_today(now)) if ids.get(a.player_id) not in exempt]
    steps = tuple(Step(a.player_id, a.name, action, a.account.owed_cents, a.account.net_cents) for a in late)
    gone = {s.player_id for s in steps}
    places = free_places(event) + len(steps)
    queue = [r for r in waiting(event) if r.player_id not in gone]
    promoted = tuple(Step(r.player_id, r.player.full_name, "promote") for r in queue[:places])
    return Plan(event.id, deadline, applies, True, applied_at, action, steps, promoted)


def _to_reserve(event: Event, player_id: int, now: datetime) -> tuple[int, int]:
    """Put the player at the end of the reserve list: (the reserve row's id, his place in it)."""
    row = db.session.scalar(select(ReserveEntry).where(ReserveEntry.event_id == event.id,
                                                       ReserveEntry.player_id == player_id))
    if row is None:
        row = ReserveEntry(event_id=event.id, player_id=player_id)
        db.session.add(row)
    last = max((aware(r.joined_at) for r in waiting(event) if r is not row), default=None)
    at = max(now, utcnow()) if last is None else max(now, utcnow(), last + timedelta(microseconds=1))
    row.status, row.joined_at, row.entry_id, row.replaced_player_id = ReserveStatus.WAITING, at, None, None
    db.session.flush()
    return row.id, len(waiting(event))


def _act(actor: User | None, event: Event, step: Step, now: datetime) -> None:
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == step.player_id))
    if entry is None:
        return
    before = {"player_id": entry.player_id, "pairing_number": entry.pairing_number,
              "owed_cents": step.owed_cents, "paid_cents": step.paid_cents}
    entry_id = entry.id
    event.entries.remove(entry)
    db.session.delete(entry)
    db.session.flush()
    if step.action == UnpaidAction.RESERVE.value:
        reserve_id, place = _to_reserve(event, step.player_id, now)
        record(actor, "fee_deadline_reserve", "entry", entry_id, before,
               {"reserve_id": reserve_id, "reserve_place": place}, event.id)
        notify(step.player_id, event.id,
               f"O prazo de pagamento do evento {event.name} terminou sem o pagamento: sua inscrição passou para "
               f"o fim da lista de reserva (posição {place}).",
               f"The payment deadline of {event.name} passed unpaid: your entry moved to the end of the reserve "
               f"list (place {place}).")
        notices.moved_to_reserve(event, step.player_id, place)
        return
    refund = refunds.owe_refund(actor, event, step.player_id, refunds.DEADLINE, now)
    record(actor, "fee_deadline_cancel", "entry", entry_id, before, {"refund_due_cents": refund}, event.id)
    notify(step.player_id, event.id,
           f"O prazo de pagamento do evento {event.name} terminou sem o pagamento: sua inscrição foi cancelada.",
           f"The payment deadline of {event.name} passed unpaid: your entry was cancelled.")
    notices.cancelled_unpaid(event, step.player_id, refund)


def apply(actor: User | None, event: Event, now: datetime | None = None) -> Plan:
    """Apply the deadline in one transaction (see the module). Refused, changing nothing, before
    the deadline, once applied, or when the event is not open for registration."""
    now = now or utcnow()
    lock_event(event)
    current = plan(event, now)
    if not current.applies:
        raise ServiceError(_("Este evento não tem prazo de pagamento para confirmar as inscrições."))
    if current.applied_at is not None:
        raise ServiceError(_("O prazo de pagamento já foi aplicado; nada mudou."))
    if not current.due:
        if event.status != EventStatus.REGISTRATION:
            raise ServiceError(_("O prazo de pagamento só se aplica com as inscrições abertas."))
        raise ServiceError(_("O prazo de pagamento ainda não terminou."))
    with transaction():
        for step in current.unpaid:
            _act(actor, event, step, now)
        renumber(event)
        moved = {s.player_id for s in current.unpaid}
        entered = fill_free_places(actor, event, "payment_deadline", now, skip=moved)
        row = db.session.get(FeeSchedule, event.id)
        row.deadline_applied_at = now
        record(actor, "fee_deadline_applied", "event", event.id, {"deadline_applied_at": None},
               {"deadline_applied_at": now.isoformat(), "action": current.action,
                "unpaid": [s.player_id for s in current.unpaid], "promoted": [e.player_id for e in entered]},
               event.id)
    return Plan(current.event_id, current.deadline, True, False, now, current.action, current.unpaid,
                tuple(Step(e.player_id, e.player.full_name, "promote") for e in entered))


def due_events(now: datetime | None = None) -> list[Event]:
    """Events open for registration whose payment deadline has passed and is not applied yet."""
    now = now or utcnow()
    stmt = (select(Event).join(FeeSchedule, FeeSchedule.event_id == Event.id)
            .where(FeeSchedule.paid_to_confirm.is_(True), FeeSchedule.payment_deadline.is_not(None),
                   FeeSchedule.deadline_applied_at.is_(None), Event.status == EventStatus.REGISTRATION)
            .order_by(Event.id))
    return [e for e in db.session.scalars(stmt) if plan(e, now).due]


def apply_due(now: datetime | None = None) -> list[tuple[Event, Plan]]:
    """Apply every due deadline (the cron command); each event in its own transaction."""
    now = now or utcnow()
    return [(event, apply(None, event, now)) for event in due_events(now)]
