"""A rating list per game on a phone and a screen: the public list switches between the games'
lists, a chess player's page shows his chess and draughts ratings apart, and staff close a period
of one game's list; nothing wider than the screen."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-37")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_the_rating_lists_per_game(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base = demo_server["url"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    errors = watch_console(page)
    SHOTS.mkdir(exist_ok=True)
    page.goto(f"{base}/rating/lista")
    page.select_option("select[name=lista]", "xadrez:regular")
    page.get_by_role("button", name="Filtrar").click()
    expect(page.locator("h1")).to_contain_text("lista clássica (normal) de xadrez")
    assert page.locator("td.name").count() >= 20  # the chess open's players
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"rating-list-chess-{width}.png"), full_page=False)
    page.locator("td.name a").first.click()
    ratings = page.locator("table.player-ratings")
    expect(ratings).to_contain_text("Damas 64 casas")
    expect(ratings).to_contain_text("Xadrez")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"player-ratings-{width}.png"), full_page=True)
    sign_in(page, base, "staff@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/rating/periodos")
    options = page.locator("select[name=rating_list] option")
    assert options.count() == 9  # three games x three rates
    expect(page.locator("table").last).to_contain_text("lista rápida de damas 64")  # the demo's period
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"rating-periods-{width}.png"), full_page=False)
    assert errors == []
    context.close()
