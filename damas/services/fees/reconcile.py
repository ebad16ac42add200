"""Bank statement reconciliation: each credit of the federation's statement matched to an entry
of an event that charges a fee (preview), then the matched credits booked as Pix payments in one
audited transaction (confirm).

A credit is, in this order:
1. **booked** already: its (account, bank transaction id) is in a payment: nothing to do, so the
   same statement read twice books nothing twice;
2. **matched by transaction id**: the entry's Pix id (``INSC<event>J<player>``,
   `engine.fees.read_txid`) in its memo or name, of an event charging a fee where the player
   has an entry or an account. Booked whatever its amount; a credit below or above what is owed
   is flagged (partial, overpaid) on the preview;
3. **matched by amount and name**: among the entrants of events not cancelled still owing, on
   the day of the credit, exactly its amount, those whose name the payer's is (`names_match`);
   one = matched, several = ambiguous (staff pick one on the preview, or leave it);
4. **unknown**: the treasurer books it by hand if it is a fee.

**[ours]** Names are compared folded (accents, case, spacing: `engine.folding.fold`), word by
word in any order, without the particles (de, da, do, dos, das, e) nor the words banks add
(Pix, recebido, TED...): the payer's names must hold all of the entrant's, or the payer field,
of two words or more, all be among the entrant's ("JOAO ARAUJO" for João César Araújo). Two
credits of one statement never go to the same entrant by amount and name: the second is unknown.
"""
from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field, replace
from functools import lru_cache
from datetime import date
from typing import Mapping

from flask_babel import gettext as _
from sqlalchemy import select, tuple_
from sqlalchemy.exc import IntegrityError

from damas.engine.fees import Booking, FeeRules, FeeState, account, read_txid
from damas.engine.folding import fold
from damas.extensions import db
from damas.models import Event, EventStatus, Player, User
from damas.models.fees import EntryFee, FeePayment, FeeSchedule, PaymentKind, PaymentMethod
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.fees.accounts import EntrantFee, event_accounts
from damas.services.fees.bookings import book
from damas.services.fees.schedule import rules_of
from damas.services.fees.statements import Credit, Statement

__all__ = ["Candidate", "Line", "Preview", "Summary", "confirm", "names_match", "preview"]

MATCHED, AMBIGUOUS, UNKNOWN, BOOKED = "matched", "ambiguous", "unknown", "booked"
_PARTICLES = {"de", "da", "do", "das", "dos", "e", "d"}
_BANK_WORDS = {"pix", "recebido", "recebida", "receb", "rec", "transferencia", "transf", "ted", "doc", "credito",
               "cred", "pagamento", "pgto", "pag", "enviado", "qr", "code", "codigo", "inscricao", "taxa", "ltda",
               "cpf", "cnpj", "ag", "cc", "conta"}


@lru_cache(maxsize=8192)  # each entrant's and each payer's name is compared many times
def _words(text: str) -> frozenset[str]:
    return frozenset(w for w in re.sub(r"[^0-9a-z]+", " ", fold(text)).split()
                     if w not in _PARTICLES and w not in _BANK_WORDS and not w.isdigit())


def names_match(entrant: str, name: str, memo: str = "") -> bool:
    """Whether a credit whose payer field is `name` (and description `memo`) names `entrant`."""
    mine = _words(entrant)
    if not mine:
        return False
    if mine <= _words(f"{name} {memo}"):
        return True
    theirs = _words(name)
    return len(theirs) >= 2 and theirs <= mine


@dataclass(frozen=True)
class Candidate:
    """An entrant a credit may pay: `owed_cents` on the day of the credit."""

    event_id: int
    event_name: str
    player_id: int
    name: str
    owed_cents: int

    @property
    def choice(self) -> str:
        return f"{self.event_id}:{self.player_id}"


@dataclass(frozen=True)
class Line:
    credit: Credit
    status: str                       # MATCHED, AMBIGUOUS, UNKNOWN, BOOKED
    by: str = ""                      # "txid" or "name" for a matched credit
    target: Candidate | None = None   # the entrant (matched; booked: where it went)
    candidates: tuple[Candidate, ...] = ()  # ambiguous
    flag: str = ""                    # "partial" or "overpaid" (matched by transaction id)
    note: str = ""
    n: int = 0                        # the credit's place in the statement (the choice's field)


@dataclass(frozen=True)
class Preview:
    statement: Statement
    lines: tuple[Line, ...]

    def of(self, status: str) -> list[Line]:
        return [line for line in self.lines if line.status == status]

    def total(self, status: str) -> int:
        return sum(line.credit.amount_cents for line in self.of(status))


@dataclass(frozen=True)
class EventBooked:
    event_id: int
    event_name: str
    count: int
    amount_cents: int


@dataclass(frozen=True)
class Summary:
    booked: int
    amount_cents: int
    skipped: int          # ambiguous left aside, unknown, already booked
    events: tuple[EventBooked, ...] = field(default_factory=tuple)


@dataclass
class _Event:
    event: Event
    rules: FeeRules
    accounts: dict[int, EntrantFee]


def _charging_events() -> list[_Event]:
    found = []
    for event in db.session.scalars(select(Event).join(FeeSchedule, FeeSchedule.event_id == Event.id)
                                    .order_by(Event.id)):
        rules = rules_of(event)
        if rules is not None:
            found.append(_Event(event, rules, {a.player_id: a for a in event_accounts(event)}))
    return found


def _owed_on(ev: _Event, fee: EntrantFee, credit: Credit) -> int:
    """What the entrant owes on the day of the credit (the early price for an early payer)."""
    bookings = [Booking(p.amount_cents, p.paid_on, p.refund) for p in fee.payments]
    return account(ev.rules, member=fee.member, categories=fee.categories, today=credit.posted_on,
                   bookings=bookings, waived=fee.state == FeeState.WAIVED).owed_cents


def _candidate(ev: _Event, fee: EntrantFee, owed: int) -> Candidate:
    return Candidate(event_id=ev.event.id, event_name=ev.event.name, player_id=fee.player_id, name=fee.name,
                     owed_cents=owed)


def _booked(statement: Statement) -> dict[tuple[str, str], Candidate]:
    keys = [c.key for c in statement.credits]
    rows = db.session.execute(
        select(FeePayment.bank_account, FeePayment.bank_ref, EntryFee.event_id, EntryFee.player_id, Event.name,
               Player.full_name)
        .join(EntryFee, EntryFee.id == FeePayment.fee_id).join(Event, Event.id == EntryFee.event_id)
        .join(Player, Player.id == EntryFee.player_id)
        .where(tuple_(FeePayment.bank_account, FeePayment.bank_ref).in_(keys))).all() if keys else []
    found = {}
    for acc, ref, event_id, player_id, event_name, name in rows:
        found[(acc, ref)] = Candidate(event_id=event_id, event_name=event_name, player_id=player_id, name=name,
                                      owed_cents=0)
    return found


def preview(statement: Statement) -> Preview:
    """Each credit of the statement: booked, matched (by transaction id, by amount and name),
    ambiguous (its candidates) or unknown. Reads only."""
    events = _charging_events()
    by_id = {ev.event.id: ev for ev in events}
    booked = _booked(statement)
    taken: set[tuple[int, int]] = set()
    lines: dict[int, Line] = {}
    rest: list[tuple[int, Credit]] = []
    for i, credit in enumerate(statement.credits):
        if credit.key in booked:
            lines[i] = Line(credit, BOOKED, target=booked[credit.key])
            continue
        ids = read_txid(f"{credit.memo} {credit.payer_name}")
        ev = by_id.get(ids[0]) if ids else None
        fee = ev.accounts.get(ids[1]) if ev is not None and ids else None
        if ev is None or fee is None:
            if ids:
                lines[i] = Line(credit, UNKNOWN, note=_("O identificador INSC%(e)sJ%(p)s não corresponde a nenhuma "
                                                        "inscrição de evento com taxa.", e=ids[0], p=ids[1]))
            else:
                rest.append((i, credit))
            continue
        owed = _owed_on(ev, fee, credit)
        flag = "partial" if credit.amount_cents < owed else "overpaid" if credit.amount_cents > owed else ""
        lines[i] = Line(credit, MATCHED, by="txid", target=_candidate(ev, fee, owed), flag=flag)
        taken.add((ev.event.id, fee.player_id))
    owing = [(ev, fee) for ev in events if ev.event.status != EventStatus.CANCELLED  # none pays those
             for fee in ev.accounts.values() if fee.entry_id is not None and fee.account.owed_cents]
    owed_on: dict[tuple[int, int, date], int] = {}  # a statement spans few days: computed once a day
    for i, credit in rest:
        found = []
        for ev, fee in owing:
            if (ev.event.id, fee.player_id) in taken or not names_match(fee.name, credit.payer_name, credit.memo):
                continue
            key = (ev.event.id, fee.player_id, credit.posted_on)
            if key not in owed_on:
                owed_on[key] = _owed_on(ev, fee, credit)
            owed = owed_on[key]
            if owed == credit.amount_cents:
                found.append(_candidate(ev, fee, owed))
        if len(found) == 1:
            lines[i] = Line(credit, MATCHED, by="name", target=found[0])
            taken.add((found[0].event_id, found[0].player_id))
        elif found:
            lines[i] = Line(credit, AMBIGUOUS, candidates=tuple(found))
        else:
            lines[i] = Line(credit, UNKNOWN)
    return Preview(statement, tuple(replace(lines[i], n=i) for i in range(len(statement.credits))))


def confirm(actor: User, statement: Statement, choices: Mapping[str, str], filename: str = "") -> Summary:
    """Book every matched credit, and each ambiguous one staff resolved (`choices`: FITID ->
    "event:player" among its candidates), as Pix payments in one transaction with one audit
    record of the reconciliation besides each payment's own."""
    result = preview(statement)
    to_book: list[tuple[Credit, Candidate]] = []
    resolved = 0
    for line in result.lines:
        if line.status == MATCHED and line.target is not None:
            to_book.append((line.credit, line.target))
        elif line.status == AMBIGUOUS and choices.get(line.credit.fitid):
            pick = next((c for c in line.candidates if c.choice == choices[line.credit.fitid]), None)
            if pick is None:
                raise ServiceError(_("A escolha para o crédito %(id)s não é um dos candidatos. Nada foi gravado.",
                                     id=line.credit.fitid), "choices")
            to_book.append((line.credit, pick))
            resolved += 1
    if not to_book:
        raise ServiceError(_("Nenhum crédito a lançar: todos já foram lançados, são desconhecidos ou ficaram sem "
                             "escolha. Nada foi gravado."))
    events = {e.id: e for e in db.session.scalars(select(Event).where(Event.id.in_({t.event_id for _c, t in to_book})))}
    per_event: dict[int, list[int]] = defaultdict(list)
    try:
        with transaction():
            for credit, target in to_book:
                book(actor, events[target.event_id], target.player_id, kind=PaymentKind.PAYMENT,
                     method=PaymentMethod.PIX, amount_cents=credit.amount_cents, paid_on=credit.posted_on,
                     payer_name=credit.payer_name, bank_account=credit.account, bank_ref=credit.fitid,
                     note=credit.memo)
                per_event[target.event_id].append(credit.amount_cents)
            record(actor, "fee_reconciliation", "fee_statement", None, None, {
                "filename": filename[:200], "format": statement.format, "credits": len(statement.credits),
                "booked": len(to_book), "amount_cents": sum(c.amount_cents for c, _t in to_book),
                "already_booked": len(result.of(BOOKED)), "unknown": len(result.of(UNKNOWN)),
                "ambiguous_resolved": resolved, "ambiguous_left": len(result.of(AMBIGUOUS)) - resolved,
                "events": sorted(per_event)})
    except IntegrityError:
        raise ServiceError(_("Algum crédito deste extrato acabou de ser lançado por outra pessoa. Nada foi gravado: "
                             "envie o extrato de novo para ver o que falta.")) from None
    summary = tuple(EventBooked(event_id=i, event_name=events[i].name, count=len(v), amount_cents=sum(v))
                    for i, v in sorted(per_event.items()))
    return Summary(booked=len(to_book), amount_cents=sum(c.amount_cents for c, _t in to_book),
                   skipped=len(result.lines) - len(to_book), events=summary)
