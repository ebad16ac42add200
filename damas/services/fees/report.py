"""The treasurer's report: paid / due / waived / refunded entry fees per event, per category and
per day, and the appeal fees of the arbiter's desk on their own lines (FIDE-GR, appeals (c): the
fee paid when filing, what the decision returned). One computation for the page, the PDF, the
CSV and the XLSX, from `accounts.event_accounts` (the fee of each entrant is the engine's).

**[ours]** what each figure is:
- paid: money received on the entry fee accounts (before refunds); refunded: money paid back;
- due: what the registered entrants still owe today; waived: the fee the waived entrants would
  owe (`FeeAccount.quote`);
- per category: the category whose reduction the entrant's fee took (the largest that applies,
  `engine.fees.quote`), else the base fee ("Absoluto");
- per day: payments and refunds by their booked date; an appeal fee on the day it was filed,
  its refund on the day of the decision (federation time);
- the federation report lists the events starting in the period, with all their money.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime, timezone
from typing import Iterable

from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from sqlalchemy import select

from damas.engine.fees import FeeState
from damas.extensions import db
from damas.models import Event
from damas.models.desk import DeskAppeal
from damas.models.fees import EntryFee, FeeSchedule
from damas.services.standings.categories import event_categories
from damas.services.fees.accounts import FEDERATION_TZ, EntrantFee, event_accounts, federation_today

# The committee's decisions as the appeals page names them.
DECISIONS = {"upheld": _l("Aceita"), "rejected_reasonable": _l("Rejeitada, mas considerada razoável"),
             "rejected": _l("Rejeitada")}


@dataclass
class Totals:
    """Money of a group of fee accounts, in centavos."""

    label: str
    entrants: int = 0
    paid_cents: int = 0
    due_cents: int = 0
    waived_cents: int = 0
    refunded_cents: int = 0

    @property
    def net_cents(self) -> int:
        return self.paid_cents - self.refunded_cents

    def add(self, row: EntrantFee) -> None:
        acc = row.account
        self.entrants += 1
        self.paid_cents += acc.paid_cents
        self.refunded_cents += acc.refunded_cents
        self.due_cents += acc.owed_cents
        if acc.state == FeeState.WAIVED:
            self.waived_cents += acc.quote.amount_cents

    def merge(self, other: "Totals") -> None:
        self.entrants += other.entrants
        self.paid_cents += other.paid_cents
        self.due_cents += other.due_cents
        self.waived_cents += other.waived_cents
        self.refunded_cents += other.refunded_cents


@dataclass
class DayLine:
    """Money moved on one day: entry fees and appeal fees, in and out."""

    day: date
    paid_cents: int = 0
    refunded_cents: int = 0
    appeal_paid_cents: int = 0
    appeal_refunded_cents: int = 0


@dataclass(frozen=True)
class AppealLine:
    event_name: str
    filed_on: date
    appellant: str
    decision: str
    paid_cents: int
    refunded_cents: int
    refunded_on: date | None


@dataclass
class FeeReport:
    """The report as plain data; `total` is the entry fees', `appeals_paid/refunded` the desk's."""

    title: str
    start: date | None
    end: date | None
    today: date
    events: list[Totals] = field(default_factory=list)
    categories: list[Totals] = field(default_factory=list)
    days: list[DayLine] = field(default_factory=list)
    appeals: list[AppealLine] = field(default_factory=list)
    total: Totals = field(default_factory=lambda: Totals(""))

    @property
    def appeals_paid_cents(self) -> int:
        return sum(a.paid_cents for a in self.appeals)

    @property
    def appeals_refunded_cents(self) -> int:
        return sum(a.refunded_cents for a in self.appeals)

    @property
    def cash_cents(self) -> int:
        """What stays with the federation: entry fees and appeal fees in, less what went back."""
        return self.total.net_cents + self.appeals_paid_cents - self.appeals_refunded_cents


def _local_day(value: datetime) -> date:
    """An aware time as the federation's day; a naive one (the desk stores wall-clock local
    times for filing, UTC for decisions: see `_appeals`) is taken as it is."""
    return value.astimezone(FEDERATION_TZ).date() if value.tzinfo is not None else value.date()


def _appeals(event: Event) -> list[AppealLine]:
    rows = db.session.scalars(select(DeskAppeal).where(DeskAppeal.event_id == event.id).order_by(DeskAppeal.id))
    out = []
    for a in rows:
        if not a.fee_paid_cents and not a.refund_cents:
            continue
        decided = a.decided_at
        if decided is not None and decided.tzinfo is None:
            decided = decided.replace(tzinfo=timezone.utc)  # decided_at is written in UTC
        out.append(AppealLine(event_name=event.name, filed_on=a.filed_at.date(), appellant=a.appellant_name,
                              decision=str(DECISIONS[a.decision]) if a.decision in DECISIONS else _("Pendente"),
                              paid_cents=a.fee_paid_cents, refunded_cents=a.refund_cents,
                              refunded_on=_local_day(decided) if decided is not None and a.refund_cents else None))
    return out


def _category_names(event: Event) -> dict[str, str]:
    return {c.code: c.name_pt for c in event_categories(event)}


def _collect(report: FeeReport, events: Iterable[Event], today: date) -> FeeReport:
    by_category: dict[str, Totals] = {}
    by_day: dict[date, DayLine] = {}

    def day(on: date) -> DayLine:
        return by_day.setdefault(on, DayLine(on))

    for event in events:
        names = _category_names(event)
        totals = Totals(event.name)
        for row in event_accounts(event, today):
            totals.add(row)
            code = row.account.quote.category
            label = names.get(code, code) if code else _("Absoluto (taxa base)")
            by_category.setdefault(label, Totals(label)).add(row)
            for p in row.payments:
                line = day(p.paid_on)
                if p.refund:
                    line.refunded_cents += p.amount_cents
                else:
                    line.paid_cents += p.amount_cents
        appeals = _appeals(event)
        for a in appeals:
            day(a.filed_on).appeal_paid_cents += a.paid_cents
            if a.refunded_on is not None:
                day(a.refunded_on).appeal_refunded_cents += a.refunded_cents
        report.appeals.extend(appeals)
        report.events.append(totals)
        report.total.merge(totals)
    base = _("Absoluto (taxa base)")
    report.categories = sorted(by_category.values(), key=lambda t: (t.label != base, t.label))
    report.days = [by_day[d] for d in sorted(by_day)]
    report.total.label = _("Total")
    return report


def event_report(event: Event, today: date | None = None) -> FeeReport:
    """The treasurer's report of one event."""
    today = today or federation_today()
    return _collect(FeeReport(title=event.name, start=None, end=None, today=today), [event], today)


def federation_report(start: date | None = None, end: date | None = None, today: date | None = None) -> FeeReport:
    """Every event with a fee schedule, fee accounts or appeal fees, starting within the period
    (both ends included, either optional), in date order."""
    today = today or federation_today()
    ids = set(db.session.scalars(select(FeeSchedule.event_id)))
    ids |= set(db.session.scalars(select(EntryFee.event_id)))
    ids |= set(db.session.scalars(select(DeskAppeal.event_id).where(DeskAppeal.fee_paid_cents > 0)))
    query = select(Event).where(Event.id.in_(ids))
    if start is not None:
        query = query.where(Event.start_date >= start)
    if end is not None:
        query = query.where(Event.start_date <= end)
    events = list(db.session.scalars(query.order_by(Event.start_date, Event.name)))
    report = FeeReport(title=_("Federação"), start=start, end=end, today=today)
    return _collect(report, events, today)
