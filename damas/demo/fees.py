"""Demo: entry fees. The state championship charges members, guests and its categories
differently (with an early price); a rapid open confirms paid entries only, with a payment
deadline, and the demo player's entry there is unpaid, so Minha área shows its Pix BR Code.
Some entrants paid already (Pix from an earlier statement, cash at the federation's office,
one waiver); the rest are left for the sample statement (`write_statement`: a bank's OFX file
in the instance folder) a newcomer reconciles. A third event's payment deadline passed
yesterday with two entrants unpaid and two players on its reserve list, so staff can apply it
(Taxas → Prazo de pagamento, or `flask damas taxas-prazos`) and watch the reserve move up."""
from __future__ import annotations

from datetime import date, datetime, time, timedelta, timezone
from pathlib import Path

from flask import current_app
from sqlalchemy import select

from damas.extensions import db
from damas.models import Event, EventStatus, Player, Role, User
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.entries import self_service as reg
from damas.services.fees import bookings, schedule
from damas.services.fees.accounts import account_for, event_accounts
from damas.services.fees.sample_statement import demo_lines, sample_ofx
from damas.services.registration.reserve import join_reserve
from damas.services.accounts.users import create_user

RAPID_PAID_BY_PIX = 4  # the first entrants after the demo player paid by Pix already
STATEMENT_FILE = "extrato-demo.ofx"


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


def write_statement(event: Event, demo_player: Player, today: date) -> Path:
    """The federation's bank statement of today as its bank exports it (OFX 1, cp1252), written
    to the instance folder: one credit carries an entry's Pix transaction id, one only the
    payer's name and the right amount, one is nobody's, and a bank fee (a debit) is ignored."""
    owing = [(r.player_id, r.name, r.account.owed_cents) for r in event_accounts(event, today=today)
             if r.account.owed_cents and r.player_id != demo_player.id]
    path = Path(current_app.instance_path) / STATEMENT_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(sample_ofx(demo_lines(event.id, owing[:2], on=today)))
    return path


def demo_deadline_passed(staff: User, arbiter: User, players: list[Player], waiting: list[Player],
                         today: date) -> Event:
    """A paid-only open whose payment deadline passed yesterday: six of eight entrants paid, one
    paid part, one nothing; the first two of `waiting` without an account get one and wait on
    its reserve list (it is full)."""
    start = today + timedelta(days=5)
    event = event_service.create_event(staff, {
        "name": f"Aberto de Damas de Caucaia {start.year}", "discipline": "damas-64", "ruleset": "cbjd",
        "pairing_system": "berger", "planned_rounds": 7, "time_minutes": 30, "time_increment": 0,
        "start_date": start, "end_date": start, "venue": "Clube de Caucaia - CE",
        "organiser": "Federação Cearense de Damas", "chief_arbiter": "Árbitro Regional",
        "notes": "Vagas limitadas; inscrição confirmada com o pagamento até o prazo.",
    })
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    reg.save_settings(staff, event, {
        "self_registration": True, "opens_at": _at(today - timedelta(days=20), 0),
        "closes_at": _at(start - timedelta(days=1), 21), "capacity": len(players),
        "guest_policy": "open", "guest_places": 0, "guests_from": None, "rating_ceiling": None,
        "online": False, "min_entries": 6, "allow_half_bye": False, "schedule": "", "prizes": "", "contacts": "",
    })
    schedule.save_schedule(staff, event, {
        "member_cents": 2500, "guest_cents": None, "early_until": None, "early_reduction_cents": 0,
        "paid_to_confirm": True, "payment_deadline": _at(today - timedelta(days=1), 21),
        "unpaid_action": "cancel", "refund_until": None,
    }, {})
    for player in players:
        entry_service.add_entry(staff, event, player)
    for player in players[:-2]:
        bookings.book(staff, event, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.TRANSFER,
                      amount_cents=_owed(event, player), paid_on=today - timedelta(days=3))
    bookings.book(staff, event, players[-2].id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                  amount_cents=1000, paid_on=today - timedelta(days=2), note="Sinal; o resto no dia.")
    has_account = set(db.session.scalars(select(User.player_id).where(User.player_id.is_not(None))))
    for n, player in enumerate([p for p in waiting if p.id not in has_account][:2], start=1):
        user = create_user(staff, {"email": f"reserva{n}@demo.damas.br", "name": player.full_name,
                                   "role": Role.PLAYER.value, "player_id": player.id, "password": "demo12345"})
        join_reserve(user, event)
    return event
