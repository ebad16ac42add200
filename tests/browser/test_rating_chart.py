"""Issue 27 point 7: the player's page draws his rating history; on a 390 px phone and at
1280 px the chart fits the page and the records' table carries the same numbers."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Player, RatingRecord

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_7_the_players_page_draws_his_rating_history(live_server, browser, width, height):  # type: ignore[no-untyped-def]
    with live_server["app"].app_context():
        player = db.session.query(Player).filter_by(full_name="Navegador 1").one()
        for k, (lst, value) in enumerate((("regular", 1900), ("regular", 1950), ("regular", 2000),
                                          ("rapid", 1850), ("rapid", 1900))):
            db.session.add(RatingRecord(player_id=player.id, rating_list=lst, value=value, previous=None,
                                        list_date=date(2025, 1 + 3 * (k % 3), 1), source="CBJD"))
        db.session.commit()
        player_id = player.id
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(f"{live_server['url']}/jogadores/{player_id}")
    chart = page.locator("svg.chart")
    expect(chart).to_be_visible()
    expect(chart.locator("polyline")).to_have_count(2)
    box = chart.bounding_box()
    assert box is not None and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"player-rating-{width}.png"), full_page=True)
    context.close()
