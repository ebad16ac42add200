"""The player's payment page on a 390 px phone: from Minha área to the page, the Pix QR code
visible and inside the screen, the "Copiar" button copies the "copia e cola" code (clipboard,
else the field selected), nothing wider than the screen, no console or CSP error."""
from __future__ import annotations

import io
from datetime import date, datetime, timezone
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, Role, User
from damas.services.federation import settings as federation_service
from damas.services.fees import schedule
from damas.services.fees.brcode import read_brcode
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-fees")


def _world(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        staff = db.session.query(User).filter_by(role=Role.STAFF).first()
        player = db.session.query(Player).filter_by(full_name="Navegador 1").one()
        user = User(email="jogador@browser.br", name="Jogador de Teste", role=Role.PLAYER, player_id=player.id,
                    email_verified_at=datetime.now(timezone.utc))
        user.set_password(PASSWORD)
        db.session.add(user)
        event = Event(name="Campeonato Cearense Absoluto de Damas 64 — Etapa Sertão Central", discipline="damas-64",
                      ruleset="cbjd", pairing_system="berger", planned_rounds=5, time_minutes=45, time_increment=0,
                      start_date=date(2026, 12, 5), end_date=date(2026, 12, 6), status=EventStatus.REGISTRATION)
        db.session.add(event)
        db.session.flush()
        db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=1, rating_at_entry=2000,
                             status=EntryStatus.REGISTERED))
        db.session.commit()
        schedule.save_schedule(staff, event, {"member_cents": 6000, "early_until": date(2099, 1, 1),
                                              "early_reduction_cents": 1000}, {})
        federation_service.save_settings(staff, {"name": "Federação Cearense de Damas", "pix_key": "tesouraria@fcd.org.br",
                                                 "pix_name": "Federação Cearense", "pix_city": "Fortaleza"})
        return event.id


def test_payment_page_on_a_390px_phone(live_server, browser):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    event_id = _world(app)
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    context.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "jogador@browser.br")
    page.goto(f"{base}/conta/minha-area")
    link = page.locator(f"a[href='/conta/inscricoes/{event_id}/pagamento']")
    expect(link).to_have_text("Pagar com Pix")
    link.click()
    expect(page.locator("h1")).to_have_text("Pagamento da inscrição")
    qr = page.locator(".pix-qr svg")
    expect(qr).to_be_visible()
    box = qr.bounding_box()
    assert box is not None and box["width"] >= 200 and box["x"] >= 0 and box["x"] + box["width"] <= 390
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    wide = page.evaluate("""() => [...document.querySelectorAll('main *')]
        .filter(e => e.getBoundingClientRect().right > 390.5).map(e => e.tagName + '.' + e.className)""")
    assert wide == []  # the top menu scrolls sideways by design (.nav): the page itself must fit
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "payment-390.png"), full_page=True)
    code = page.locator("#pix-code").input_value()
    charge = read_brcode(code)
    (seen,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(qr.screenshot())))  # the SVG as the phone draws it
    assert seen.text == code
    assert charge.amount_cents == 5000 and charge.txid.startswith(f"INSC{event_id}J")
    button = page.locator("button[data-copy='pix-code']")
    button.click()
    expect(button).to_have_attribute("data-copy-done", "")
    expect(button).to_have_text("Copiado!")
    selected = page.evaluate("""() => { const f = document.getElementById('pix-code');
        return f.value.substring(f.selectionStart, f.selectionEnd); }""")
    assert selected == code
    assert page.evaluate("navigator.clipboard.readText()") == code
    page.screenshot(path=str(SHOTS / "payment-390-copied.png"), full_page=False)
    assert errors == []
    context.close()
