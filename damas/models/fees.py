"""Entry fees (taxa de inscrição): an event's fee schedule, the fee account of each entrant, and
the payments, refunds and waivers booked on it (RULES.md §9 as extended on the event's
regulations page; Pix per the Banco Central's manual).

Amounts are integer centavos. A fee account (`EntryFee`) is keyed by event and player, not by
entry, so a refund outlives a cancelled entry and the Pix transaction id of an entry
(`damas.engine.fees.pix_txid`) stays the same if the player enters again. An entrant without a
row owes the schedule's fee; the row is written with the first payment, refund or waiver.
"""
from __future__ import annotations

import enum
from datetime import date, datetime, timezone

from sqlalchemy import CheckConstraint, Date, DateTime, ForeignKey, String, Text, UniqueConstraint
from sqlalchemy.orm import Mapped, mapped_column, relationship

from damas.extensions import db
from damas.models.event import enum_column


def _now() -> datetime:
    return datetime.now(timezone.utc)


class UnpaidAction(str, enum.Enum):
    """What the payment deadline does to an entry still unpaid."""

    CANCEL = "cancel"    # the entry is cancelled and its place goes to the first reserve
    RESERVE = "reserve"  # the entry moves to the end of the reserve list


class FeeSchedule(db.Model):
    """The fee of one event: members' and guests' base fee, an early-payment reduction until a
    date, and the registration policy tied to payment. No row: the event charges nothing."""

    __tablename__ = "fee_schedule"
    __table_args__ = (
        CheckConstraint("member_cents >= 0", name="fee_member_nonneg"),
        CheckConstraint("guest_cents IS NULL OR guest_cents >= 0", name="fee_guest_nonneg"),
        CheckConstraint("early_reduction_cents >= 0", name="fee_early_nonneg"),
    )

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    member_cents: Mapped[int] = mapped_column(default=0)
    guest_cents: Mapped[int | None]  # None: guests pay the members' fee
    early_until: Mapped[date | None] = mapped_column(Date)
    early_reduction_cents: Mapped[int] = mapped_column(default=0)
    paid_to_confirm: Mapped[bool] = mapped_column(default=False)
    payment_deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    unpaid_action: Mapped[UnpaidAction] = mapped_column(enum_column(UnpaidAction, "unpaid_action"),
                                                        default=UnpaidAction.CANCEL)
    refund_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    deadline_applied_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))


class FeeReduction(db.Model):
    """A reduction of the fee for the members of one of the event's categories (CBJD 124
    categories: sub-N, feminino, sênior...), in centavos."""

    __tablename__ = "fee_reduction"
    __table_args__ = (CheckConstraint("reduction_cents > 0", name="fee_reduction_pos"),)

    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), primary_key=True)
    category_code: Mapped[str] = mapped_column(String(30), primary_key=True)
    reduction_cents: Mapped[int]


class EntryFee(db.Model):
    """One entrant's fee account in one event: a staff waiver, and the payments booked on it."""

    __tablename__ = "entry_fee"
    __table_args__ = (UniqueConstraint("event_id", "player_id", name="entry_fee_event_player"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    event_id: Mapped[int] = mapped_column(ForeignKey("event.id", ondelete="CASCADE"), index=True)
    player_id: Mapped[int] = mapped_column(ForeignKey("player.id"), index=True)
    waived_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True))
    waiver_reason: Mapped[str] = mapped_column(String(200), default="", server_default="")
    waived_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    # Set when the entry goes with a right to be paid back (withdrawal before the refund
    # deadline, event cancelled): what is still to pay back; booked refunds bring it down.
    refund_due_cents: Mapped[int] = mapped_column(default=0, server_default="0")

    payments: Mapped[list["FeePayment"]] = relationship(back_populates="fee", cascade="all, delete-orphan",
                                                        order_by="FeePayment.id")


class PaymentKind(str, enum.Enum):
    PAYMENT = "payment"
    REFUND = "refund"


class PaymentMethod(str, enum.Enum):
    PIX = "pix"              # a credit of the bank statement, matched at reconciliation
    CASH = "cash"            # dinheiro, at the venue
    TRANSFER = "transfer"    # TED/DOC or Pix booked by hand
    OTHER = "other"


class FeePayment(db.Model):
    """Money in (payment) or out (refund) on a fee account. A payment from the bank statement
    keeps the bank's transaction id: (bank_account, bank_ref) is unique, so a statement read
    twice books nothing twice."""

    __tablename__ = "fee_payment"
    __table_args__ = (
        CheckConstraint("amount_cents > 0", name="fee_payment_pos"),
        UniqueConstraint("bank_account", "bank_ref", name="fee_payment_bank_ref"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    fee_id: Mapped[int] = mapped_column(ForeignKey("entry_fee.id", ondelete="CASCADE"), index=True)
    kind: Mapped[PaymentKind] = mapped_column(enum_column(PaymentKind, "payment_kind"))
    method: Mapped[PaymentMethod] = mapped_column(enum_column(PaymentMethod, "payment_method"))
    amount_cents: Mapped[int]
    paid_on: Mapped[date] = mapped_column(Date)
    bank_account: Mapped[str | None] = mapped_column(String(60))
    bank_ref: Mapped[str | None] = mapped_column(String(80))
    payer_name: Mapped[str] = mapped_column(String(120), default="", server_default="")
    note: Mapped[str] = mapped_column(Text, default="", server_default="")
    recorded_by_id: Mapped[int | None] = mapped_column(ForeignKey("user_account.id"), index=True)
    recorded_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=_now)

    fee: Mapped[EntryFee] = relationship(back_populates="payments")
