"""Paid-only confirmation (the event's regulations, as the fee schedule sets it): in an event
whose schedule has `paid_to_confirm`, a registered entry whose fee account is not settled
(`FeeState.settled`: paid, waived or free) is "aguardando pagamento"; it is confirmed when the
fee is settled, and the player is told then (`bookings.book`)."""
from __future__ import annotations

from datetime import date

from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Player
from damas.services.fees.accounts import EntrantFee, account_for, event_accounts
from damas.services.fees.schedule import schedule_row


def paid_only(event: Event) -> bool:
    """Whether the event confirms entries only once their fee is settled."""
    row = schedule_row(event)
    return row is not None and row.paid_to_confirm


def unpaid(event: Event, today: date | None = None) -> list[EntrantFee]:
    """The registered entrants whose fee is not settled, in starting-list order ([] when the
    event charges no fee): the start list marks them, pairing warns about them."""
    return [a for a in event_accounts(event, today, include_gone=False) if not a.settled]


def awaiting_payment(event: Event, today: date | None = None) -> set[int]:
    """Player ids of the entries not yet confirmed for want of payment (paid-only events)."""
    return {a.player_id for a in unpaid(event, today)} if paid_only(event) else set()


def entry_settled(event: Event, player_id: int) -> bool:
    """Whether the player has a registered entry whose fee is settled."""
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player_id))
    player = db.session.get(Player, player_id)
    if entry is None or entry.status != EntryStatus.REGISTERED or player is None:
        return False
    acc = account_for(event, player)
    return acc is None or acc.settled
