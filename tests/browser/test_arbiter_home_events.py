"""The demo arbiter's home and "Minha área" lead with his own events (desk, rounds, entries, the
reports waiting for him), inside a 390 px phone and on a 1280 px screen."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-37")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_arbiters_home_lists_his_events_within_the_screen(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base = demo_server["url"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "arbitro@demo.damas.br", DEMO_PASSWORD)
    SHOTS.mkdir(exist_ok=True)
    for path, shot in (("/", "home"), ("/conta/minha-area", "my-area")):
        page.goto(f"{base}{path}")
        section = page.locator("section.my-events")
        expect(section).to_be_visible()
        cards = section.locator("li.card")
        assert cards.count() >= 1
        expect(cards.first.get_by_role("link", name="Mesa do árbitro")).to_be_visible()
        for k in range(cards.count()):
            box = cards.nth(k).bounding_box()
            assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert page.evaluate("document.documentElement.scrollWidth") <= width
        page.screenshot(path=str(SHOTS / f"arbiter-{shot}-{width}.png"), full_page=True)
    page.locator("section.my-events li.card").first.get_by_role("link", name="Rodadas").click()
    expect(page.locator("h1")).to_be_visible()
    assert "403" not in page.title()
    assert errors == []
    context.close()
