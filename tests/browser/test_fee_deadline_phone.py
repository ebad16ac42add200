"""The payment deadline page on a 390 px phone: staff read who is past the deadline unpaid and
which reserve moves up, confirm, and the page says it was applied; nothing wider than the screen."""
from __future__ import annotations

from datetime import date, datetime, timedelta, timezone
from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, User
from damas.models.fees import PaymentKind, PaymentMethod
from damas.models.registration import GuestPolicy, RegistrationSettings, ReserveEntry
from damas.services.fees import bookings, schedule
from tests.browser.conftest import sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-fee-deadline")


def _event_past_its_deadline(app):  # type: ignore[no-untyped-def]
    with app.app_context():
        staff = db.session.scalar(select(User).where(User.email == "staff@browser.br"))
        players = list(db.session.scalars(select(Player).order_by(Player.id)))
        event = Event(name="Aberto de Verão com Taxa Paga até o Prazo", discipline="damas-64", ruleset="cbjd",
                      pairing_system="dutch", planned_rounds=5, time_minutes=45, time_increment=0,
                      start_date=date(2026, 12, 20), end_date=date(2026, 12, 20), status=EventStatus.REGISTRATION)
        db.session.add(event)
        db.session.flush()
        db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                            guest_places=0, capacity=3))
        for n, p in enumerate(players[:3], start=1):
            db.session.add(Entry(event_id=event.id, player_id=p.id, pairing_number=n, rating_at_entry=2000,
                                 status=EntryStatus.REGISTERED))
        db.session.add(ReserveEntry(event_id=event.id, player_id=players[3].id))
        db.session.commit()
        schedule.save_schedule(staff, event, {"member_cents": 5000, "paid_to_confirm": True, "unpaid_action": "cancel",
                                              "payment_deadline": datetime.now(timezone.utc) - timedelta(hours=1)}, {})
        bookings.book(staff, event, players[0].id, kind=PaymentKind.PAYMENT, method=PaymentMethod.PIX,
                      amount_cents=5000, paid_on=date(2026, 12, 1))
        bookings.book(staff, event, players[1].id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH,
                      amount_cents=2000, paid_on=date(2026, 12, 1))
        return event.id


def test_payment_deadline_page_on_a_390px_phone(live_server, browser):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    event_id = _event_past_its_deadline(app)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, live_server["email"])
    page.goto(f"{base}/eventos/{event_id}/inscricoes")
    expect(page.locator("[data-unpaid]")).to_have_count(2)
    page.click(f"a[href='/eventos/{event_id}/taxas/prazo']")
    plan = page.locator("[data-unpaid-plan] tbody tr")
    expect(plan).to_have_count(2)
    expect(plan.nth(0)).to_contain_text("Navegador 2")
    expect(page.locator("[data-promoted-plan]")).to_contain_text("Navegador 4")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "deadline-plan-390.png"), full_page=True)
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("button:has-text('Aplicar o prazo')")
    expect(page.locator("[data-applied]")).to_be_visible()
    expect(page.locator(".flash-success").first).to_contain_text("Prazo de pagamento aplicado.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "deadline-applied-390.png"), full_page=True)
    with app.app_context():
        kept = set(db.session.scalars(select(Entry.player_id).where(Entry.event_id == event_id)))
        names = set(db.session.scalars(select(Player.full_name).where(Player.id.in_(kept))))
    assert names == {"Navegador 1", "Navegador 4"}
    assert errors == []
    context.close()
