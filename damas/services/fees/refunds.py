"""What is owed back to an entrant whose entry goes with money paid (`EntryFee.refund_due_cents`),
audited; a refund booked (`bookings.book`) brings it down.

**[ours]**, as stated on the regulations page:
- a player who cancels, or whose entry the organisers remove, before the event's refund date
  (`FeeSchedule.refund_until`) is owed what he paid (net of refunds already made); after it, or
  when the schedule names no refund date, nothing is owed (staff may still book a refund);
- an event cancelled (too few entries at the start, or by the organisers) owes every entrant
  what he paid, whatever the date;
- the payment deadline cancels only entries not fully paid: a part payment is owed back, since
  the federation keeps nothing for an entry it cancelled; an entry moved behind the reserve
  list keeps its payments on its account (owed back only if it never gets back in and asks);
- entering the event again clears what was owed: the money pays the new entry.
"""
from __future__ import annotations

from datetime import datetime

from damas.models import Event, User
from damas.models.fees import EntryFee, PaymentKind
from damas.services.audit import record
from damas.services.fees.accounts import fee_row
from damas.services.fees.schedule import schedule_row
from damas.services.registration.limits import aware, utcnow

WITHDRAWN = "withdrawn"            # the player cancelled
REMOVED = "removed"                # the organisers removed the entry
DEADLINE = "payment_deadline"      # the payment deadline cancelled it
EVENT_CANCELLED = "event_cancelled"
ALWAYS = (DEADLINE, EVENT_CANCELLED)


def net_paid(fee: EntryFee) -> int:
    return sum(p.amount_cents if p.kind == PaymentKind.PAYMENT else -p.amount_cents for p in fee.payments)


def refund_open(event: Event, now: datetime) -> bool:
    """Whether a withdrawal now is refunded (before the schedule's refund date)."""
    row = schedule_row(event)
    until = aware(row.refund_until) if row is not None else None
    return until is not None and now < until


def owe_refund(actor: User | None, event: Event, player_id: int, reason: str, now: datetime | None = None) -> int:
    """The entrant's entry goes (`reason`): record what is owed back to him, if anything, inside
    the caller's transaction. Returns the centavos owed (0: nothing)."""
    fee = fee_row(event, player_id)
    if fee is None:
        return 0
    net = net_paid(fee)
    if net <= 0 or not (reason in ALWAYS or refund_open(event, now or utcnow())):
        return 0
    if fee.refund_due_cents != net:
        record(actor, "fee_refund_due", "entry_fee", fee.id, {"refund_due_cents": fee.refund_due_cents},
               {"refund_due_cents": net, "reason": reason, "player_id": player_id}, event.id)
        fee.refund_due_cents = net
    return net


def event_cancelled(actor: User | None, event: Event, player_ids: list[int]) -> None:
    """The event is cancelled: every entrant with money paid is owed it back."""
    for player_id in player_ids:
        owe_refund(actor, event, player_id, EVENT_CANCELLED)


def entered_again(actor: User | None, event: Event, player_id: int) -> None:
    """The entrant is in the event again: his payments pay this entry, nothing is owed back."""
    fee = fee_row(event, player_id)
    if fee is not None and fee.refund_due_cents:
        record(actor, "fee_refund_due", "entry_fee", fee.id, {"refund_due_cents": fee.refund_due_cents},
               {"refund_due_cents": 0, "reason": "entered_again", "player_id": player_id}, event.id)
        fee.refund_due_cents = 0


def refund_booked(actor: User | None, event: Event, fee: EntryFee, amount_cents: int) -> None:
    """A refund was booked on the account: it pays back part or all of what was owed."""
    if fee.refund_due_cents:
        after = max(fee.refund_due_cents - amount_cents, 0)
        record(actor, "fee_refund_due", "entry_fee", fee.id, {"refund_due_cents": fee.refund_due_cents},
               {"refund_due_cents": after, "reason": "refund_booked", "player_id": fee.player_id}, event.id)
        fee.refund_due_cents = after
