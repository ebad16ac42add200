"""A priced event with one entrant in each fee situation, and figures worked by hand (used by the
treasurer's report and accounts page tests).

Schedule: members R$ 50, guests R$ 70, R$ 10 off paid by 31/01/2024, sub-14 R$ 25 off, feminino
R$ 20 off. Ana (feminino) pays R$ 20 on 20/01/2024 (early: 50 - 20 - 10 = 20) -> paid; Beto
(guest) pays R$ 70 on 01/12/2026 -> paid; Caio (sub-14) waived (owed 25); Dora owes 50; Edu pays
50 on 10/02/2024 and gets it back on 15/02/2024; Fabi (feminino) pays 10 of 30 on 10/02/2024.
Two appeals: R$ 30 filed 12/02/2024 and upheld (returned the same day), R$ 30 filed 13/02/2024
and rejected.
"""
from __future__ import annotations

from datetime import date, datetime, timezone
from typing import Any

from damas.models.desk import DeskAppeal
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.fees import bookings, schedule

HAND = {"paid": 15000, "due": 7000, "waived": 2500, "refunded": 5000, "net": 10000,
        "appeals_paid": 6000, "appeals_refunded": 3000, "cash": 13000}
HAND_CATEGORIES = {  # label -> (entrants, paid, due, waived, refunded)
    "Absoluto (taxa base)": (3, 12000, 5000, 0, 5000),
    "Feminino": (2, 3000, 2000, 0, 0),
    "Sub-14": (1, 0, 0, 2500, 0),
}
HAND_DAYS = {  # day -> (paid, refunded, appeal paid, appeal refunded)
    date(2024, 1, 20): (2000, 0, 0, 0),
    date(2024, 2, 10): (6000, 0, 0, 0),
    date(2024, 2, 12): (0, 0, 3000, 3000),
    date(2024, 2, 13): (0, 0, 3000, 0),
    date(2024, 2, 15): (0, 5000, 0, 0),
    date(2026, 12, 1): (7000, 0, 0, 0),
}


def priced_event(db: Any, make_user: Any, make_player: Any, make_event: Any, *, with_bookings: bool = True) -> dict:
    staff = make_user()
    people = {
        "ana": make_player(full_name="Ana Feminina", sex="F"),
        "beto": make_player(full_name="Beto Convidado", federation_id=None),
        "caio": make_player(full_name="Caio Sub", birth_date=date(2014, 3, 1)),
        "dora": make_player(full_name="Dora Devedora"),
        "edu": make_player(full_name="Edu Desistente"),
        "fabi": make_player(full_name="Fabi Parcial", sex="F"),
    }
    event = make_event(players=tuple(people.values()), name="Campeonato das Taxas")
    schedule.save_schedule(staff, event, {"member_cents": 5000, "guest_cents": 7000, "early_until": date(2024, 1, 31),
                                          "early_reduction_cents": 1000}, {"sub-14": 2500, "feminino": 2000})
    if with_bookings:
        def pay(who: str, cents: int, on: date, kind: PaymentKind = PaymentKind.PAYMENT) -> None:
            bookings.book(staff, event, people[who].id, kind=kind, method=PaymentMethod.CASH, amount_cents=cents,
                          paid_on=on)

        pay("ana", 2000, date(2024, 1, 20))
        pay("beto", 7000, date(2026, 12, 1))
        bookings.waive(staff, event, people["caio"].id, "Campeão estadual")
        pay("edu", 5000, date(2024, 2, 10))
        pay("edu", 5000, date(2024, 2, 15), PaymentKind.REFUND)
        pay("fabi", 1000, date(2024, 2, 10))
        db.session.add(DeskAppeal(event_id=event.id, appellant_name="Dora Devedora", subject="emparceiramento",
                                  decision_at=datetime(2024, 2, 12, 9, 0), filed_at=datetime(2024, 2, 12, 9, 30),
                                  fee_paid_cents=3000, decision="upheld", refund_cents=3000,
                                  decided_at=datetime(2024, 2, 12, 15, 0, tzinfo=timezone.utc)))
        db.session.add(DeskAppeal(event_id=event.id, appellant_name="=Edu", subject="tempo",
                                  decision_at=datetime(2024, 2, 13, 9, 0), filed_at=datetime(2024, 2, 13, 9, 30),
                                  fee_paid_cents=3000, decision="rejected", refund_cents=0,
                                  decided_at=datetime(2024, 2, 13, 15, 0, tzinfo=timezone.utc)))
        db.session.commit()
    return {"staff": staff, "event": event, **people}
