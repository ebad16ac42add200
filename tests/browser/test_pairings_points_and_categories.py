"""The demo's running chess Swiss at 390 x 844 and 1280 x 900: a round's pairings show each
player's points before the round beside the name ("Fulana (1½)") on one line with it, and the
categories page names each category's playoffs under the category ("Partidas de desempate"),
not in a column one letter wide; nothing wider than the screen."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Event
from tests.browser.conftest import watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-37")
VIEWPORTS = [(390, 844), (1280, 900)]


def _chess_swiss_id(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return db.session.query(Event).filter_by(pairing_system="dutch-2025").one().id


def _open(browser, width: int, height: int):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    return context, context.new_page()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_round_pairings_show_points_before_the_round_beside_each_name(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base, event_id = demo_server["url"], _chess_swiss_id(demo_server["app"])
    context, page = _open(browser, width, height)
    errors = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}/rodadas/2")
    rows = page.locator("table.pairings tbody tr")
    expect(rows.first).to_be_visible()
    points = page.locator("table.pairings tbody .pts")
    assert points.count() >= rows.count()  # each player on a board has his points
    shown = {points.nth(k).inner_text() for k in range(points.count())}
    assert shown <= {"(0)", "(½)", "(1)"}, shown  # after one round of chess
    assert "(1)" in shown and "(0)" in shown
    for k in range(min(points.count(), 12)):  # beside the name, on its line
        name = points.nth(k).locator("xpath=preceding-sibling::a[1]")
        name_box, pts_box = name.bounding_box(), points.nth(k).bounding_box()
        assert pts_box["x"] >= name_box["x"] and abs((pts_box["y"] + pts_box["height"]) - (name_box["y"] + name_box["height"])) < 4
        assert pts_box["x"] + pts_box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"pairings-points-{width}.png"), full_page=True)
    assert errors == []
    context.close()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_categories_page_names_the_playoffs_in_portuguese_under_each_category(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base, event_id = demo_server["url"], _chess_swiss_id(demo_server["app"])
    context, page = _open(browser, width, height)
    errors = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}/categorias")
    table = page.locator("main table.table")
    expect(table).to_be_visible()
    assert "playoff" not in table.inner_text().lower()
    links = table.get_by_role("link", name=re.compile("^Partidas de desempate"))
    rows = table.locator("tbody tr")
    assert links.count() == rows.count() >= 2
    line = page.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight) || 20", links.first.element_handle())
    for k in range(rows.count()):
        link = links.nth(k).bounding_box()
        name = rows.nth(k).locator("td").first.locator("a").first.bounding_box()
        assert link["y"] > name["y"]  # under the category's name
        assert link["width"] > 60 and link["height"] <= 2 * line + 4  # words, not a letter a line
        assert link["x"] + link["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"categories-{width}.png"), full_page=True)
    links.first.click()
    expect(page.locator("h2")).to_contain_text("Partidas de desempate")
    assert errors == []
    context.close()
