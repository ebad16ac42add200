"""Demo: entry fees. The state championship charges members, guests and its categories
differently (with an early price); a rapid open confirms paid entries only, with a payment
deadline, and the demo player's entry there is unpaid, so Minha área shows its Pix BR Code.
Some entrants paid already (Pix from an earlier statement, cash at the federation's office,
one waiver); the rest are left for the sample statement (`statement`) a newcomer reconciles."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone

from damas.models import Event, EventStatus, Player, User
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services import entries as entry_service
from damas.services import events as event_service
from damas.services import registration as reg
from damas.services.fees import bookings, schedule
from damas.services.fees.accounts import account_for

RAPID_PAID_BY_PIX = 4  # the first entrants after the demo player paid by Pix already


def _at(day: date, hour: int) -> datetime:
    return datetime.combine(day, time(hour, 0), tzinfo=timezone.utc)


def demo_championship_fees(staff: User, championship: Event, today: date) -> None:
    """The championship's fee table: members R$ 50, guests R$ 70, sub-14 and feminino R$ 25 off,
    sub-18 R$ 15 off (only the largest applies), R$ 10 off paid within the week."""
    schedule.save_schedule(staff, championship, {
        "member_cents": 5000, "guest_cents": 7000, "early_until": today + timedelta(days=7),
        "early_reduction_cents": 1000, "paid_to_confirm": False,
        "refund_until": _at(championship.start_date - timedelta(days=3), 21),
    }, {"sub-14": 2500, "sub-18": 1500, "feminino": 2500})


def demo_rapid_open(staff: User, arbiter: User, demo_player: Player, players: list[Player], today: date) -> Event:
    """A rapid open that confirms paid entries only: the demo player's entry unpaid, four paid by
    Pix, one in cash, one waived, the rest unpaid (the sample statement pays some of them)."""
    start = today + timedelta(days=12)
    event = event_service.create_event(staff, {
        "name": f"Aberto de Damas Rápidas de Fortaleza {start.year}", "discipline": "damas-64",
        "ruleset": "cbjd", "pairing_system": "berger", "planned_rounds": 7, "time_minutes": 15,
        "time_increment": 5, "start_date": start, "end_date": start, "venue": "Sede da Federação, Fortaleza - CE",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional",
        "notes": "Inscrição confirmada com o pagamento da taxa, por Pix.",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    reg.save_settings(staff, event, {
        "self_registration": True, "opens_at": _at(today - timedelta(days=10), 0),
        "closes_at": _at(start - timedelta(days=1), 21), "capacity": len(players) + 1,
        "guest_policy": "open", "guest_places": 0, "guests_from": None, "rating_ceiling": None,
        "online": False, "min_entries": 6, "allow_half_bye": False, "schedule": "", "prizes": "",
        "contacts": "financeiro@demo.damas.br",
    })
    schedule.save_schedule(staff, event, {
        "member_cents": 3000, "guest_cents": 4000, "early_until": None, "early_reduction_cents": 0,
        "paid_to_confirm": True, "payment_deadline": _at(start - timedelta(days=3), 21),
        "unpaid_action": "reserve", "refund_until": _at(start - timedelta(days=3), 21),
    }, {"sub-14": 1500})
    entry_service.add_entry(staff, event, demo_player)
    for player in players:
        entry_service.add_entry(staff, event, player)
    paid_on = today - timedelta(days=2)
    for player in players[:RAPID_PAID_BY_PIX]:
        owed = _owed(event, player)
        bookings.book(staff, event, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.PIX,
                      amount_cents=owed, paid_on=paid_on, payer_name=player.full_name,
                      bank_account="demo-0001-12345-6", bank_ref=f"DEMO{player.id:06d}")
    cash = players[RAPID_PAID_BY_PIX]
    bookings.book(staff, event, cash.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                  amount_cents=_owed(event, cash), paid_on=today - timedelta(days=1),
                  note="Pago em dinheiro na sede da federação.")
    bookings.waive(staff, event, players[RAPID_PAID_BY_PIX + 1].id, "Campeão do aberto do ano passado (convite).")
    return event


def _owed(event: Event, player: Player) -> int:
    row = account_for(event, player)
    return row.account.owed_cents if row is not None else 0
