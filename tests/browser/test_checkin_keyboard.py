"""The check-in list on a phone (390 px), a tablet (1024 px) and a desk screen (1920 px), keyboard only: the arbiter types
a starting number and Enter, the player is ticked and the search box is ready for the next; a
player checks in by his QR code page. Screenshots in /tmp/shots-checkin."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventArbiter, EventStatus, Player, Role, User
from damas.models.venue import CheckIn, VenueSettings
from damas.services.venue.checkin_token import round_token
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-checkin")


def _event(app) -> tuple[int, str]:  # type: ignore[no-untyped-def]
    with app.app_context():
        arbiter = User(email="arbitro@checkin.br", name="Árbitro da Presença", role=Role.ARBITER)
        arbiter.set_password(PASSWORD)
        event = Event(name="Aberto da Presença", discipline="damas-64", ruleset="cbjd", pairing_system="dutch",
                      planned_rounds=5, time_minutes=45, time_increment=0, start_date=date(2026, 12, 5),
                      end_date=date(2026, 12, 6), status=EventStatus.REGISTRATION)
        db.session.add_all([arbiter, event])
        db.session.flush()
        db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
        db.session.add(VenueSettings(event_id=event.id, checkin_round_one=True))
        for n in range(1, 9):
            player = Player(full_name=f"Jogador Presente {n:02d} de Oliveira Campos", sex="M",
                            birth_date=date(1990, 1, 1), state="CE", federation_id=f"P{n}", rating_regular=2000 - n)
            db.session.add(player)
            db.session.flush()
            db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=n, rating_at_entry=2000 - n,
                                 status=EntryStatus.REGISTERED))
            if n == 8:
                user = User(email="jogador8@checkin.br", name="Jogador 8", role=Role.PLAYER, player_id=player.id)
                user.set_password(PASSWORD)
                db.session.add(user)
        db.session.commit()
        with app.test_request_context():
            token = round_token(event.id, 1)
        return event.id, token


SIZES = {390: 844, 1024: 768, 1920: 1080}  # width: height


@pytest.mark.parametrize("width", sorted(SIZES))
def test_check_in_by_keyboard_and_by_qr(live_server, browser, width):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    event_id, token = _event(app)
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": width, "height": SIZES[width]}, is_mobile=width < 500)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "arbitro@checkin.br")
    page.goto(f"{base}/eventos/{event_id}/presenca")
    expect(page.locator("h2")).to_contain_text("Presença — rodada 1")
    expect(page.locator("#q")).to_be_focused()
    for number in ("2", "5", "7"):
        page.keyboard.type(number)
        page.keyboard.press("Enter")
        expect(page.locator(".flash").first).to_contain_text(f"{number}. Jogador Presente 0{number}")
        expect(page.locator("#q")).to_be_focused()
    expect(page.locator("[data-checkin-counts]")).to_contain_text("Presentes: 3")
    expect(page.locator("[data-checkin-counts]")).to_contain_text("Faltam: 5")
    expect(page.locator("tr[data-no='5']")).to_have_attribute("data-state", "present")
    page.keyboard.type("PRESENTE 04")  # a name: the list shows him only
    page.keyboard.press("Enter")
    expect(page.locator("tbody tr")).to_have_count(1)
    expect(page.locator("#q")).to_be_focused()  # the Tabs start from the search box, once the page has set it
    for _tab in range(12):  # Tab to his row's button (the search button and "Mostrar todos" come first)
        page.keyboard.press("Tab")
        if page.evaluate("!!(document.activeElement && document.activeElement.closest(\"tr[data-no='4']\"))"):
            break
    page.keyboard.press("Enter")
    expect(page.locator(".flash").first).to_contain_text("Jogador Presente 04 de Oliveira Campos: presente.")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"list-{width}.png"), full_page=True)
    context.close()

    context = browser.new_context(viewport={"width": width, "height": SIZES[width]}, is_mobile=width < 500)
    page = context.new_page()
    errors += watch_console(page)
    sign_in(page, base, "jogador8@checkin.br")
    page.goto(f"{base}/eventos/{event_id}/presenca/{token}")
    page.locator("[data-checkin-button]").focus()
    page.keyboard.press("Enter")
    expect(page.locator("[data-checkin-done]")).to_contain_text("presença confirmada")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"player-{width}.png"), full_page=True)
    with app.app_context():
        assert db.session.query(CheckIn).filter_by(event_id=event_id).count() == 5
    assert errors == []
    context.close()
