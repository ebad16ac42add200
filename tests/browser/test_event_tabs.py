"""Issue 27 point 1: on a 390 px phone the event's tabs scroll sideways with a visible cue (a
shadow at the edge, a thin scrollbar) and every tab, Relatórios included, can be reached; at
1280 px they all show on the bar."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Event

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_1_every_event_tab_is_reachable_with_a_cue(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        event_id = db.session.query(Event).filter_by(pairing_system="dutch-2025").one().id
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    page.goto(f"{base}/eventos/{event_id}")
    tabs = page.locator("nav.tabs").first
    expect(tabs).to_be_visible()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"event-tabs-{width}.png"))
    last = tabs.locator("a").last
    if width < 500:
        assert tabs.evaluate("t => t.scrollWidth > t.clientWidth")  # more tabs than the phone shows
        assert "radial-gradient" in tabs.evaluate("t => getComputedStyle(t).backgroundImage")  # the cue
    last.scroll_into_view_if_needed()
    expect(last).to_be_in_viewport()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    context.close()
