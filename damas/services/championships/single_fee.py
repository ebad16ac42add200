"""One fee for a championship entry: a player in several sections that charge fees pays one of
them, once (RULES.md §9 as extended on the championship's regulations page).

**[ours]**, as stated on the regulations page:
- the fee he pays is the highest of his sections' fees (each section's own quote for him:
  member or guest, his CBJD 124 categories, early price), on that section's fee account (its
  Pix code, its reconciliation); ties go to the section listed first;
- the other sections' accounts are waived with the reason "taxa única do campeonato"
  (`bookings.waive`, audited); a waiver staff gave for another reason is left alone;
- once money is paid on a section's account, that section keeps the fee: entering later a
  section with a higher fee does not move it (the new section is waived), so nothing paid is
  ever to be moved between accounts;
- withdrawing from the section that carries the fee: if the money paid on it stays with the
  federation (no refund owed: after the event's refund date), the championship's fee was paid
  and his other sections stay waived; otherwise (nothing paid, or a refund owed) the fee moves
  to his remaining section with the highest fee (its waiver is withdrawn: `bookings.unwaive`).

`settle` applies these after every entry or withdrawal through the championship's entry; it
is idempotent and joins the caller's transaction.
"""
from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from damas.engine.fees import FeeState
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, Player, User
from damas.models.championships import Championship, ChampionshipSection
from damas.services.audit import transaction
from damas.services.fees import bookings
from damas.services.fees.accounts import EntrantFee, account_for, fee_row

REASON = "taxa única do campeonato"


@dataclass(frozen=True)
class _Charged:
    event: Event
    position: int
    fee: EntrantFee

    @property
    def amount(self) -> int:
        return self.fee.account.quote.amount_cents

    @property
    def ours(self) -> bool:
        """Waived by this rule (not by staff for another reason)."""
        return self.fee.state == FeeState.WAIVED and self.fee.waiver_reason == REASON

    @property
    def paid(self) -> int:
        return self.fee.account.net_cents


def _sections(championship: Championship) -> list[tuple[Event, int]]:
    rows = db.session.execute(select(Event, ChampionshipSection.position)
                              .join(ChampionshipSection, ChampionshipSection.event_id == Event.id)
                              .where(ChampionshipSection.championship_id == championship.id)
                              .order_by(ChampionshipSection.position, Event.id))
    return [(event, position) for event, position in rows]


def _registered(event: Event, player: Player) -> bool:
    return db.session.scalar(select(Entry.id).where(Entry.event_id == event.id, Entry.player_id == player.id,
                                                    Entry.status == EntryStatus.REGISTERED)) is not None


def _kept(event: Event, player: Player) -> int:
    """Money paid on a section he left that the federation keeps (paid, less refunds made and owed)."""
    fee = fee_row(event, player.id)
    if fee is None:
        return 0
    net = bookings.net_paid(fee)
    return max(net - fee.refund_due_cents, 0)


def carrier(championship: Championship, player: Player) -> Event | None:
    """The section whose fee the player pays (None: no fee to pay, or paid on a section he left)."""
    return _decide(championship, player)[0]


def _decide(championship: Championship, player: Player) -> tuple[Event | None, list[_Charged]]:
    charged: list[_Charged] = []
    kept = 0
    for event, position in _sections(championship):
        if not _registered(event, player):
            kept += _kept(event, player)
            continue
        fee = account_for(event, player)
        if fee is None or fee.account.quote.amount_cents <= 0:
            continue
        if fee.state == FeeState.WAIVED and fee.waiver_reason != REASON:
            continue  # staff waived it for a reason of their own
        charged.append(_Charged(event, position, fee))
    if not charged or kept > 0:
        return None, charged
    paid = [c for c in charged if c.paid > 0 and not c.ours]
    if paid:
        return paid[0].event, charged
    best = max(charged, key=lambda c: (c.amount, -c.position, -c.event.id))
    return best.event, charged


def settle(actor: User, championship: Championship, player: Player) -> Event | None:
    """Waive every charged section but the one that carries the fee, unwaive that one (see the
    module's rules). Returns the carrying section."""
    with transaction():
        chosen, charged = _decide(championship, player)
        for item in charged:
            if chosen is not None and item.event.id == chosen.id:
                if item.ours:
                    bookings.unwaive(actor, item.event, player.id)
            elif not item.ours and item.paid <= 0:
                bookings.waive(actor, item.event, player.id, REASON)
    return chosen


def fee_quotes(events: list[Event], player: Player) -> dict[int, int]:
    """Each section's fee for the player (centavos), for the sections that charge one."""
    out: dict[int, int] = {}
    for event in events:
        fee = account_for(event, player)
        if fee is not None and fee.account.quote.amount_cents > 0:
            out[event.id] = fee.account.quote.amount_cents
    return out
