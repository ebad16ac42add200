"""Issue 27 point 1: on a 390-px phone the event's tabs scroll sideways with a visible cue (a
thin scroll bar and a shadow on the side with more tabs); every tab, Relatórios included, is
reached by scrolling the bar, and the page itself never grows wider than the phone."""
from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import watch_console

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_event_tabs_scroll_with_a_cue_and_reach_every_tab(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    from damas.extensions import db
    from damas.models import Event

    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        event_id = db.session.query(Event).filter_by(pairing_system="dutch-2025").one().id
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    problems = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}")
    tabs = page.locator("nav.tabs")
    if width < 560:
        expect(tabs).to_have_css("overflow-x", "auto")
        expect(tabs).to_have_css("scrollbar-width", "thin")  # the cue: a scroll bar is shown
        expect(tabs).to_have_css("background-attachment", "local, local, scroll, scroll")
    page.screenshot(path=f"/tmp/shots-27b/event-tabs-{width}.png")
    reports = tabs.get_by_role("link", name="Relatórios")
    reports.scroll_into_view_if_needed()
    expect(reports).to_be_in_viewport()
    page.screenshot(path=f"/tmp/shots-27b/event-tabs-{width}-scrolled.png")
    reports.click()
    expect(page).to_have_url(f"{base}/eventos/{event_id}/relatorios")
    assert not problems
    context.close()
