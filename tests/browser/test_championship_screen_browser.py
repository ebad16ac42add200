"""A championship's wall screen on a 1920x1080 TV: the pages of both its sections turn by
themselves one after the other (each titled with its section), every page's names at 40 px or
more with board numbers larger and every text at 7:1 contrast or more (as the event's screen,
tests/browser/test_wall_screen_browser.py), and a result entered in the second section appears
without a reload. Screenshots in /tmp/shots-wall (champ-*.png), looked at for the layout."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Event, Game, GameResult, User
from damas.services.venue.screen import save_screen_settings
from tests.browser.conftest import watch_console
from tests.browser.wall_screen_helpers import STYLES, make_event, make_player, make_user, worst_contrast
from tests.web.venue.championship_screen_world import build_championship_world
from tests.web.venue.wall_screen_world import enter

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-wall")
TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}


def _check_readable(page, key: str) -> None:  # type: ignore[no-untyped-def]
    styles = page.evaluate(STYLES)
    names = [s for s in styles if "wall-name" in s["cls"] and s["tag"] == "TD"]
    boards = [s for s in styles if "wall-board" in s["cls"] and s["tag"] == "TD"]
    if names:
        assert min(s["size"] for s in names) >= 40, (key, names[0])
    if boards and "pairings" in key:
        assert min(s["size"] for s in boards) > max(s["size"] for s in names) and boards[0]["size"] >= 56, key
    ratio, worst = worst_contrast(styles)
    assert ratio >= 7, (key, worst)
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080, key
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920, key


def test_championship_screen_shows_both_sections_readable_and_follows(live_server, browser):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    app.config["LIVE_POLL_SECONDS"] = 1
    with app.app_context():
        world = build_championship_world(make_user, make_player, make_event)
        big, small = world["event"].id, world["small"].id
        champ, staff, board3 = world["championship"].id, world["staff"].id, world["small_boards"][3].id
        save_screen_settings(world["arbiter"], world["event"], {"screen_seconds": 3, "screen_top_n": 10})
    SHOTS.mkdir(exist_ok=True)
    page = browser.new_context(**TV).new_page()
    problems = watch_console(page)
    page.goto(f"{base}/campeonatos/{champ}/telao")
    screen = page.locator("main[data-wall]")
    expect(screen).to_have_attribute("data-wall-current", f"{big}-pairings-1")
    page.evaluate("window.__wallLoaded = 'at load'")

    order = [f"{big}-pairings-1", f"{big}-pairings-2", f"{big}-standings-1", f"{big}-results-1",
             f"{small}-pairings-1", f"{small}-results-1"]
    for key in order:
        expect(screen).to_have_attribute("data-wall-current", key, timeout=20_000)
        shown = page.locator(f"[data-wall-page='{key}']")
        expect(shown).to_be_visible()
        assert page.locator("[data-wall-page]:not([hidden])").count() == 1
        expect(shown.locator(".wall-event")).to_have_text("Absoluto 2026" if key.startswith(f"{big}-")
                                                          else "Sub-14 2026")
        page.screenshot(path=str(SHOTS / f"champ-{key.split('-', 1)[1]}-{'a' if key.startswith(f'{big}-') else 'b'}.png"))
        _check_readable(page, key)
    expect(page.locator(f"[data-wall-page='{small}-pairings-1'] tbody tr")).to_have_count(4)

    with app.app_context():  # a result in the second section: its pages swapped in, no reload
        enter(db.session.get(User, staff), db.session.get(Event, small), db.session.get(Game, board3), GameResult.DRAW)
    row = page.locator(f"[data-wall-page='{small}-pairings-1'] tbody tr").nth(2)
    expect(row.locator("td.wall-result")).to_have_text("1 – 1", timeout=20_000)
    assert page.evaluate("window.__wallLoaded") == "at load", "the page was reloaded instead of updated"
    assert problems == []
