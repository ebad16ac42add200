"""Each entrant's fee account: what he owes by the event's schedule (`engine.fees.quote`: member
or guest, his CBJD 124 categories, early price) and what was booked on it. One computation for
the player's page, the start list, the treasurer's report, the reconciliation and the deadline.

"Today" is the federation's calendar day (São Paulo), since the early-payment date is one."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from typing import Iterable
from zoneinfo import ZoneInfo

from sqlalchemy import select
from sqlalchemy.orm import selectinload

from damas.engine.categories import categories_of
from damas.engine.fees import Booking, FeeAccount, FeeRules, FeeState, account, pix_txid
from damas.extensions import db
from damas.formats.mapping import member_entrant
from damas.models import Entry, EntryStatus, Event, Player
from damas.models.fees import EntryFee, PaymentKind
from damas.services.standings.categories import event_categories
from damas.services.fees.schedule import rules_of
from damas.services.registration.limits import is_member

FEDERATION_TZ = ZoneInfo("America/Sao_Paulo")


def federation_today(now: datetime | None = None) -> date:
    """The calendar day at the federation (early-payment dates and payment days are local)."""
    return (now.astimezone(FEDERATION_TZ) if now is not None else datetime.now(FEDERATION_TZ)).date()


@dataclass(frozen=True)
class PaymentView:
    id: int
    refund: bool
    method: str
    amount_cents: int
    paid_on: date
    payer_name: str
    bank_ref: str
    note: str


@dataclass(frozen=True)
class EntrantFee:
    """One entrant's account as plain data. `entry_id` is None for an account whose entry is
    gone (cancelled after paying: the refund is booked here)."""

    event_id: int
    player_id: int
    entry_id: int | None
    name: str
    pairing_number: int | None
    member: bool
    categories: tuple[str, ...]
    txid: str
    account: FeeAccount
    waiver_reason: str
    payments: tuple[PaymentView, ...]
    refund_due_cents: int = 0  # still to pay back ("reembolso a fazer"): `refunds.owe_refund`

    @property
    def state(self) -> FeeState:
        return self.account.state

    @property
    def settled(self) -> bool:
        return self.account.state.settled


def categories_of_player(event: Event, player: Player) -> tuple[str, ...]:
    """The codes of the event's categories the player belongs to (CBJD 125)."""
    entrant = member_entrant(player, 0, player.rating_for(event.list_key), "")
    return categories_of(entrant, event_categories(event), event.start_date.year)


def _views(fee: EntryFee | None) -> tuple[PaymentView, ...]:
    if fee is None:
        return ()
    return tuple(PaymentView(id=p.id, refund=p.kind == PaymentKind.REFUND, method=p.method.value,
                             amount_cents=p.amount_cents, paid_on=p.paid_on, payer_name=p.payer_name,
                             bank_ref=p.bank_ref or "", note=p.note) for p in fee.payments)


def _account(event: Event, rules: FeeRules, player: Player, entry: Entry | None, fee: EntryFee | None,
             today: date, categories: Iterable[str]) -> EntrantFee:
    cats = tuple(categories)
    payments = fee.payments if fee is not None else []
    bookings = [Booking(p.amount_cents, p.paid_on, p.kind == PaymentKind.REFUND) for p in payments]
    member = is_member(player)
    acc = account(rules, member=member, categories=cats, today=today, bookings=bookings,
                  waived=fee is not None and fee.waived_at is not None)
    return EntrantFee(event_id=event.id, player_id=player.id, entry_id=entry.id if entry else None,
                      name=player.full_name, pairing_number=entry.pairing_number if entry else None,
                      member=member, categories=cats, txid=pix_txid(event.id, player.id), account=acc,
                      waiver_reason=fee.waiver_reason if fee is not None else "", payments=_views(fee),
                      refund_due_cents=fee.refund_due_cents if fee is not None else 0)


def fee_row(event: Event, player_id: int) -> EntryFee | None:
    return db.session.scalar(select(EntryFee).where(EntryFee.event_id == event.id, EntryFee.player_id == player_id)
                             .options(selectinload(EntryFee.payments)))


def account_for(event: Event, player: Player, today: date | None = None) -> EntrantFee | None:
    """The player's account in the event (entered or not: the fee he would owe), None when the
    event charges no fee."""
    rules = rules_of(event)
    if rules is None:
        return None
    entry = db.session.scalar(select(Entry).where(Entry.event_id == event.id, Entry.player_id == player.id))
    return _account(event, rules, player, entry, fee_row(event, player.id), today or federation_today(),
                    categories_of_player(event, player))


def event_accounts(event: Event, today: date | None = None, *, include_gone: bool = True) -> list[EntrantFee]:
    """Every registered entrant's account, in starting-list order, then (with `include_gone`)
    the accounts with bookings whose entry is gone or withdrawn. [] when the event charges no fee.
    Three queries whatever the number of entrants."""
    rules = rules_of(event)
    if rules is None:
        return []
    today = today or federation_today()
    entries = list(db.session.scalars(select(Entry).where(Entry.event_id == event.id)
                                      .options(selectinload(Entry.player))))
    fees = {f.player_id: f for f in db.session.scalars(
        select(EntryFee).where(EntryFee.event_id == event.id).options(selectinload(EntryFee.payments)))}
    cats = event_categories(event)
    year = event.start_date.year

    def codes(player: Player) -> tuple[str, ...]:
        return categories_of(member_entrant(player, 0, player.rating_for(event.list_key), ""), cats, year)

    active = sorted((e for e in entries if e.status == EntryStatus.REGISTERED),
                    key=lambda e: (e.pairing_number is None, e.pairing_number or 0, e.player.full_name))
    rows = [_account(event, rules, e.player, e, fees.get(e.player_id), today, codes(e.player)) for e in active]
    if include_gone:
        seen = {e.player_id for e in active}
        by_player = {e.player_id: e for e in entries}
        gone = [f for pid, f in fees.items() if pid not in seen and f.payments]
        players = {p.id: p for p in db.session.scalars(select(Player).where(Player.id.in_([f.player_id for f in gone])))} \
            if gone else {}
        for fee in sorted(gone, key=lambda f: players[f.player_id].full_name):
            player = players[fee.player_id]
            rows.append(_account(event, rules, player, by_player.get(fee.player_id), fee, today, codes(player)))
    return rows
