"""The wall screen on a 1920x1080 TV (issue 42 point 2) and on a 1024x768 tablet or small
projector: names at 40 px or more on the TV (the same share of the height on the tablet: the
sizes follow the screen's height) and board numbers larger (getComputedStyle), every text at 7:1
contrast or more against what is behind it, the pages turning by themselves after the event's
screen_seconds, and a result entered on the server appearing without a reload (a variable set on the page at load survives). Screenshots in
/tmp/shots-wall: looked at for the layout (ten boards fit, a long name shortened, not cut)."""
from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from tests.browser.conftest import sign_in, watch_console
from tests.browser.wall_screen_helpers import STYLES, make_event, make_player, make_user, worst_contrast
from tests.web.venue.wall_screen_world import build_world, enter

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-wall")
TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
TABLET = {"viewport": {"width": 1024, "height": 768}, "device_scale_factor": 1}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LONG_NAME = "Maria Fernanda de Oliveira Albuquerque Cavalcanti Santos"


def _world(app: Any) -> dict[str, Any]:
    """`build_world` inside the served app."""
    world = build_world(make_user, make_player, make_event)
    world["players"][2].full_name = LONG_NAME  # board 3: cut with an ellipsis, not wrapped
    db.session.commit()
    return world


# the cells but names of the page on screen whose text does not fit (cut with an ellipsis)
_CUT_NUMBERS = """() => Array.from(document.querySelectorAll('[data-wall-page]:not([hidden]) td:not(.wall-name)'))
  .filter(td => td.scrollWidth > td.clientWidth).map(td => td.className + ': ' + td.textContent.trim())"""


def _visible_key(page: Any) -> str:
    return page.locator("main[data-wall]").get_attribute("data-wall-current") or ""


@pytest.mark.parametrize("screen_size", [TV, TABLET], ids=["1920", "1024"])
def test_wall_screen_readable_turns_pages_and_follows_results(live_server, browser, screen_size):  # type: ignore[no-untyped-def]
    from damas.models import Event, Game, GameResult, User
    from damas.services.venue.screen import save_screen_settings

    app, base = live_server["app"], live_server["url"]
    app.config["LIVE_POLL_SECONDS"] = 1
    with app.app_context():
        world = _world(app)
        event_id, staff_id, game_id = world["event"].id, world["staff"].id, world["second"][2].id
        save_screen_settings(world["arbiter"], world["event"], {"screen_seconds": 3, "screen_top_n": 12})
    SHOTS.mkdir(exist_ok=True)
    width, height = screen_size["viewport"]["width"], screen_size["viewport"]["height"]
    scale = height / 1080  # the sizes follow the screen's height (static/venue/wall_screen.css)
    page = browser.new_context(**screen_size).new_page()
    problems = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}/telao")
    screen = page.locator("main[data-wall]")
    expect(screen).to_have_attribute("data-wall-current", f"{event_id}-pairings-1")
    page.evaluate("window.__wallLoaded = 'at load'")
    page.screenshot(path=str(SHOTS / f"wall-pairings-1-{width}.png"))

    styles = page.evaluate(STYLES)
    names = [s for s in styles if "wall-name" in s["cls"] and s["tag"] == "TD"]
    boards = [s for s in styles if "wall-board" in s["cls"] and s["tag"] == "TD"]
    assert len(names) == 20 and len(boards) == 10  # ten boards on the page, both players each
    assert min(s["size"] for s in names) >= 40 * scale, names[0]
    assert min(s["size"] for s in boards) > max(s["size"] for s in names) and boards[0]["size"] >= 56 * scale
    ratio, worst = worst_contrast(styles)
    assert ratio >= 7, worst
    # ten rows and the title bar fit the screen: nothing below the fold, no scroll bar
    assert page.evaluate("document.documentElement.scrollHeight") <= height
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    # too long for its cell: the middle names as initials, the full name in the title
    long = page.locator("[data-wall-page]:not([hidden]) td.wall-name[title]")
    # (on the 4:3 screen's narrower columns the initials are still too long: first and last names)
    expect(long).to_have_text("Maria F. O. A. C. Santos" if width == 1920 else "Maria Santos")
    assert long.get_attribute("title") == LONG_NAME
    assert long.evaluate("el => el.scrollWidth <= el.clientWidth")

    # the pages turn by themselves: pairings 2, standings (top 12: two pages), latest results
    seen = {_visible_key(page)}
    for key in ("pairings-2", "standings-1", "standings-2", "results-1"):
        expect(screen).to_have_attribute("data-wall-current", f"{event_id}-{key}", timeout=20_000)
        expect(page.locator(f"[data-wall-page='{event_id}-{key}']")).to_be_visible()
        assert page.locator("[data-wall-page]:not([hidden])").count() == 1
        seen.add(_visible_key(page))
        page.screenshot(path=str(SHOTS / f"wall-{key}-{width}.png"))
        styles = page.evaluate(STYLES)
        ratio, worst = worst_contrast(styles)
        assert ratio >= 7, (key, worst)
        # the number cells (board, rank, result, points) keep their text whole: no ellipsis
        assert page.evaluate(_CUT_NUMBERS) == [], key
        assert min(s["size"] for s in styles if "wall-name" in s["cls"] and s["tag"] == "TD") >= 40 * scale, key
    assert len(seen) == 5

    # a result entered on the server meanwhile: the pages are swapped in, the page is not reloaded
    with app.app_context():
        enter(db.session.get(User, staff_id), db.session.get(Event, event_id), db.session.get(Game, game_id),
              GameResult.DRAW)
    first_page = page.locator(f"[data-wall-page='{event_id}-pairings-1'] tbody tr").nth(1)
    expect(first_page.locator("td.wall-result")).to_have_text("1 – 1", timeout=20_000)
    latest = page.locator(f"[data-wall-page='{event_id}-results-1'] tbody tr").first
    expect(latest.locator("td.wall-board")).to_have_text(re.compile(r"rod\. 2\s+2"))
    assert page.evaluate("window.__wallLoaded") == "at load", "the page was reloaded instead of updated"
    expect(screen).to_have_attribute("data-wall-current", f"{event_id}-pairings-1", timeout=20_000)
    page.screenshot(path=str(SHOTS / f"wall-pairings-1-after-result-{width}.png"))
    assert page.evaluate("window.__wallLoaded") == "at load"
    assert problems == []


def test_wall_screen_usable_on_a_phone(live_server, browser):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    with app.app_context():
        event_id = _world(app)["event"].id
    SHOTS.mkdir(exist_ok=True)
    page = browser.new_context(**PHONE).new_page()
    problems = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}/telao")
    expect(page.locator(f"[data-wall-page='{event_id}-pairings-1']")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    size = page.locator("[data-wall-page]:not([hidden]) td.wall-name").first.evaluate(
        "el => parseFloat(getComputedStyle(el).fontSize)")
    assert size >= 16
    page.screenshot(path=str(SHOTS / "wall-phone.png"), full_page=True)

    # the settings form on the same phone: a bad value refused with its message, then saved
    sign_in(page, base, live_server["email"])
    page.goto(f"{base}/eventos/{event_id}/telao/configuracoes")
    page.fill("input[name=screen_seconds]", "1")
    page.click("button.primary")
    expect(page.locator(".field.has-error")).to_contain_text("Segundos por página: um número inteiro de 3 a 600.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "wall-settings-phone.png"), full_page=True)
    page.fill("input[name=screen_seconds]", "20")
    page.click("button.primary")
    expect(page.locator(".flash-success")).to_have_text("Configurações do telão gravadas.")
    page.click("text=Abrir o telão")
    expect(page.locator("[data-wall-region]")).to_have_attribute("data-wall-seconds", "20")
    assert problems == []
