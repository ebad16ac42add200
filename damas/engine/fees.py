"""Entry fees, pure: the fee a given entrant owes on a given day, and the state of his fee
account from what was booked on it (RULES.md §9; the fee rules are the event's regulations,
shown on its regulations page).

**[ours]** where the regulations give several reductions:
- guests (no federation number) pay the guests' fee when the event sets one, else the members';
- of the category reductions (CBJD 124 categories: sub-N, feminino, sênior...) only the largest
  that applies to the entrant is given; they do not add up;
- the early-payment reduction adds to it and holds for a payment made on or before its date;
- the fee never goes below zero.

An account's fee is the quote on the day of its last payment (early price for an early payer),
else on `today`. A waived account owes nothing whatever was paid; an account whose refunds
cancel its payments is refunded.
"""
from __future__ import annotations

import enum
import re
from dataclasses import dataclass
from datetime import date
from typing import Iterable, Sequence

__all__ = ["Booking", "FeeAccount", "FeeRules", "FeeState", "Quote", "account", "pix_txid", "quote", "read_txid"]

_TXID = re.compile(r"INSC(\d{1,10})J(\d{1,10})")


@dataclass(frozen=True)
class FeeRules:
    """An event's fee schedule. `reductions`: (category code, centavos), in the event's order."""

    member_cents: int
    guest_cents: int | None = None
    early_until: date | None = None
    early_reduction_cents: int = 0
    reductions: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True)
class Quote:
    """How the fee of one entrant on one day is made: base, the category reduction applied
    (its code, or None), the early-payment reduction applied, and the amount."""

    base_cents: int
    guest: bool
    category: str | None
    category_cents: int
    early_cents: int
    amount_cents: int


def quote(rules: FeeRules, *, member: bool, categories: Iterable[str], on: date) -> Quote:
    """The fee for an entrant (member or guest, in `categories`) paying on day `on`."""
    guest = not member and rules.guest_cents is not None
    base = rules.guest_cents if guest and rules.guest_cents is not None else rules.member_cents
    codes = set(categories)
    best: tuple[str | None, int] = (None, 0)
    for code, cents in rules.reductions:
        if code in codes and cents > best[1]:
            best = (code, cents)
    early = rules.early_reduction_cents if rules.early_until is not None and on <= rules.early_until else 0
    category_cents = min(best[1], base)
    early_cents = min(early, base - category_cents)
    return Quote(base_cents=base, guest=guest, category=best[0] if category_cents else None,
                 category_cents=category_cents, early_cents=early_cents,
                 amount_cents=base - category_cents - early_cents)


class FeeState(str, enum.Enum):
    FREE = "free"          # the fee is zero
    DUE = "due"            # nothing paid yet
    PARTIAL = "partial"    # paid less than the fee
    PAID = "paid"
    WAIVED = "waived"      # staff waived the fee (reason recorded)
    REFUNDED = "refunded"  # paid, then paid back

    @property
    def settled(self) -> bool:
        """Whether the entry counts as paid for an event that confirms paid entries only."""
        return self in (FeeState.FREE, FeeState.PAID, FeeState.WAIVED)


@dataclass(frozen=True)
class Booking:
    """One booking on an account: money in (`refund` False) or out, on a day."""

    amount_cents: int
    on: date
    refund: bool = False


@dataclass(frozen=True)
class FeeAccount:
    state: FeeState
    quote: Quote
    paid_cents: int       # payments, before refunds
    refunded_cents: int
    owed_cents: int       # what is still to pay (0 when waived, paid or refunded)

    @property
    def net_cents(self) -> int:
        return self.paid_cents - self.refunded_cents


def account(rules: FeeRules, *, member: bool, categories: Sequence[str], today: date,
            bookings: Sequence[Booking] = (), waived: bool = False) -> FeeAccount:
    """The state of one entrant's fee account."""
    payments = [b for b in bookings if not b.refund]
    paid = sum(b.amount_cents for b in payments)
    refunded = sum(b.amount_cents for b in bookings if b.refund)
    on = max(b.on for b in payments) if payments else today
    q = quote(rules, member=member, categories=categories, on=on)
    net = paid - refunded
    if waived:
        state, owed = FeeState.WAIVED, 0
    elif refunded and net <= 0:
        state, owed = FeeState.REFUNDED, 0
    elif q.amount_cents == 0:
        state, owed = FeeState.FREE, 0
    elif net >= q.amount_cents:
        state, owed = FeeState.PAID, 0
    elif net > 0:
        state, owed = FeeState.PARTIAL, q.amount_cents - net
    else:
        state, owed = FeeState.DUE, q.amount_cents
    return FeeAccount(state=state, quote=q, paid_cents=paid, refunded_cents=refunded, owed_cents=owed)


def pix_txid(event_id: int, player_id: int) -> str:
    """The Pix transaction id of one entry (BR Code field 62-05: up to 25 letters and digits):
    ``INSC<event>J<player>``. Unique per entry, the same if the player enters again, and read
    back from the bank statement at reconciliation."""
    txid = f"INSC{event_id}J{player_id}"
    if len(txid) > 25:
        raise ValueError("event or player id too long for a Pix transaction id")
    return txid


def read_txid(text: str) -> tuple[int, int] | None:
    """(event id, player id) of the first entry transaction id written in `text` (a statement's
    memo or description, any case), else None."""
    found = _TXID.search(text.upper())
    return (int(found.group(1)), int(found.group(2))) if found else None
