"""A draughts event's national-title norms page and the norm-holder's player page at 390 px (a
phone) and 1280 px: the cards and the player's norms table fit the screen, the figures carry
their requirement codes, and the player page links back to the event's norms."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import EventStatus
from tests.browser.conftest import watch_console
from tests.browser.test_norms_page_phone import _make_event, _make_player, _make_user
from tests.web.norms.test_norms_national_events import add_titles, build

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-norms")


@pytest.mark.parametrize("width", [390, 1280])
def test_national_norms_and_player_page(live_server, browser, width):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        add_titles(db)
        event, players, _staff = build(db, _make_user, _make_player, _make_event)
        event.status = EventStatus.FINISHED
        db.session.commit()
        event_id, first = event.id, players[0].id
    context = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=width < 600)
    page = context.new_page()
    errors = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}/normas")
    expect(page.locator("h2").first).to_contain_text("Normas de títulos nacionais")
    card = page.locator(f"#jogador-{first}")
    expect(card).to_contain_text("Norma de Mestre Nacional (MN)")
    expect(card).to_contain_text("national.min_average")
    expect(page.locator(".fmjd-norms")).to_contain_text("não estão implementadas")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    card.screenshot(path=str(SHOTS / f"national-card-{width}.png"))
    page.goto(f"{base}/jogadores/{first}")
    expect(page.locator("table.player-norms")).to_contain_text("Mestre Nacional (MN)")
    expect(page.locator(".national-status")).to_contain_text("normas 1 de 2")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.locator("#normas").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"player-norms-{width}.png"), full_page=False)
    page.click("table.player-norms a")
    expect(page).to_have_url(f"{base}/eventos/{event_id}/normas#jogador-{first}")
    assert errors == []
    context.close()
