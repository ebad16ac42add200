"""The wall screen on a 1920x1080 TV (issue 42 point 2): names at 40 px or more and board numbers
larger (getComputedStyle), every text at 7:1 contrast or more against what is behind it, the
pages turning by themselves after the event's screen_seconds, and a result entered on the server
appearing without a reload (a variable set on the page at load survives). Screenshots in
/tmp/shots-wall: looked at for the layout (ten boards fit, a long name's middle names as initials)."""
from __future__ import annotations

import itertools
import re
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import sign_in, watch_console
from tests.web.venue.wall_screen_world import build_world, enter

pytestmark = pytest.mark.browser

SHOTS = Path("/tmp/shots-wall")
TV = {"viewport": {"width": 1920, "height": 1080}, "device_scale_factor": 1}
PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}
LONG_NAME = "Maria Fernanda de Oliveira Albuquerque Cavalcanti Santos"
_numbers = itertools.count(1)

# every element of the page on screen with text of its own: its colour and the first background
# colour met going up (the page's own is black); sizes in px
_STYLES = """() => {
  const page = document.querySelector('[data-wall-page]:not([hidden])');
  const out = [];
  for (const el of page.querySelectorAll('*')) {
    const own = Array.from(el.childNodes).some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    let bg = 'rgba(0, 0, 0, 0)', up = el;
    while (up && /rgba\\(0, 0, 0, 0\\)|transparent/.test(bg)) { bg = getComputedStyle(up).backgroundColor; up = up.parentElement; }
    const style = getComputedStyle(el);
    out.push({cls: el.className, tag: el.tagName, text: el.textContent.trim().slice(0, 30), color: style.color,
              background: /rgba\\(0, 0, 0, 0\\)/.test(bg) ? 'rgb(0, 0, 0)' : bg, size: parseFloat(style.fontSize)});
  }
  return out;
}"""


def _luminance(css: str) -> float:
    r, g, b = (int(v) / 255 for v in re.findall(r"\d+", css)[:3])
    lin = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in (r, g, b)]
    return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]


def contrast(fg: str, bg: str) -> float:
    """WCAG 2 contrast ratio of two CSS rgb() colours."""
    a, b = sorted((_luminance(fg), _luminance(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def _world(app: Any) -> dict[str, Any]:
    """`build_world` inside the served app: the factories of tests/conftest.py, without its fixtures."""
    from damas.extensions import db
    from damas.models import Entry, EntryStatus, Event, EventArbiter, Player, User

    def make_user(role: Any) -> User:
        user = User(email=f"wall{next(_numbers)}@browser.br", name=f"Árbitro {role.value}", role=role)
        user.set_password("browser123")
        db.session.add(user)
        db.session.commit()
        return user

    def make_player(**kw: Any) -> Player:
        n = next(_numbers)
        player = Player(sex="M", birth_date=date(1990, 1, 1), state="CE", federation_id=f"W{n}", **kw)
        db.session.add(player)
        db.session.commit()
        return player

    def make_event(arbiters: tuple = (), players: tuple = (), **kw: Any) -> Event:
        event = Event(name="Aberto do Salão 2026", discipline="damas-64", ruleset="cbjd", time_minutes=45,
                      time_increment=0, start_date=date(2026, 12, 5), end_date=date(2026, 12, 6), **kw)
        db.session.add(event)
        db.session.flush()
        for user in arbiters:
            db.session.add(EventArbiter(event_id=event.id, user_id=user.id))
        for number, player in enumerate(players, start=1):
            db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                                 rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
        db.session.commit()
        return event

    world = build_world(make_user, make_player, make_event)
    world["players"][2].full_name = LONG_NAME  # board 3: cut with an ellipsis, not wrapped
    db.session.commit()
    return world


def _visible_key(page: Any) -> str:
    return page.locator("main[data-wall]").get_attribute("data-wall-current") or ""


def test_wall_screen_readable_turns_pages_and_follows_results(live_server, browser):  # type: ignore[no-untyped-def]
    from damas.extensions import db
    from damas.models import Event, Game, GameResult, User
    from damas.services.venue.screen import save_screen_settings

    app, base = live_server["app"], live_server["url"]
    app.config["LIVE_POLL_SECONDS"] = 1
    with app.app_context():
        world = _world(app)
        event_id, staff_id, game_id = world["event"].id, world["staff"].id, world["second"][2].id
        save_screen_settings(world["arbiter"], world["event"], {"screen_seconds": 3, "screen_top_n": 12})
    SHOTS.mkdir(exist_ok=True)
    page = browser.new_context(**TV).new_page()
    problems = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}/telao")
    screen = page.locator("main[data-wall]")
    expect(screen).to_have_attribute("data-wall-current", f"{event_id}-pairings-1")
    page.evaluate("window.__wallLoaded = 'at load'")
    page.screenshot(path=str(SHOTS / "wall-pairings-1.png"))

    styles = page.evaluate(_STYLES)
    names = [s for s in styles if "wall-name" in s["cls"] and s["tag"] == "TD"]
    boards = [s for s in styles if "wall-board" in s["cls"] and s["tag"] == "TD"]
    assert len(names) == 20 and len(boards) == 10  # ten boards on the page, both players each
    assert min(s["size"] for s in names) >= 40, names[0]
    assert min(s["size"] for s in boards) > max(s["size"] for s in names) and boards[0]["size"] >= 56
    worst = min(styles, key=lambda s: contrast(s["color"], s["background"]))
    assert contrast(worst["color"], worst["background"]) >= 7, worst
    # ten rows and the title bar fit the screen: nothing below the fold, no scroll bar
    assert page.evaluate("document.documentElement.scrollHeight") <= 1080
    assert page.evaluate("document.documentElement.scrollWidth") <= 1920
    # too long for its cell: the middle names as initials, the full name in the title
    long = page.locator("[data-wall-page]:not([hidden]) td.wall-name[title]")
    expect(long).to_have_text("Maria F. O. A. C. Santos")
    assert long.get_attribute("title") == LONG_NAME
    assert long.evaluate("el => el.scrollWidth <= el.clientWidth")

    # the pages turn by themselves: pairings 2, standings (top 12: two pages), latest results
    seen = {_visible_key(page)}
    for key in ("pairings-2", "standings-1", "standings-2", "results-1"):
        expect(screen).to_have_attribute("data-wall-current", f"{event_id}-{key}", timeout=20_000)
        expect(page.locator(f"[data-wall-page='{event_id}-{key}']")).to_be_visible()
        assert page.locator("[data-wall-page]:not([hidden])").count() == 1
        seen.add(_visible_key(page))
        page.screenshot(path=str(SHOTS / f"wall-{key}.png"))
        styles = page.evaluate(_STYLES)
        worst = min(styles, key=lambda s: contrast(s["color"], s["background"]))
        assert contrast(worst["color"], worst["background"]) >= 7, (key, worst)
        assert min(s["size"] for s in styles if "wall-name" in s["cls"] and s["tag"] == "TD") >= 40, key
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
    page.screenshot(path=str(SHOTS / "wall-pairings-1-after-result.png"))
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
