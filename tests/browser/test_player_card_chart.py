"""Issue 27 point 7: a demo player's card in the running Swiss event draws his points after each
round against the leader's, and the player's page his rating history, as SVGs that fit a 390 px
phone, with the numbers in a table."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import func, select

from damas.extensions import db
from damas.models import Entry, Event, EventStatus, RatingRecord
from damas.services.standings.progress import score_progress
from tests.browser.conftest import watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_7_player_card_draws_points_against_the_leader(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        event = db.session.query(Event).filter_by(pairing_system="dutch-2025", status=EventStatus.RUNNING).first()
        assert event is not None
        rounds = len(score_progress(event).rounds)
        player_id = db.session.query(Entry).filter_by(event_id=event.id).order_by(Entry.pairing_number.desc()).first().player_id
        event_id = event.id
    assert rounds >= 1
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    page.goto(f"{base}/eventos/{event_id}/jogadores/{player_id}")
    chart = page.locator("svg.score-chart-svg")
    expect(chart).to_be_visible()
    expect(chart).to_have_attribute("role", "img")
    assert chart.locator("polyline").count() == 2
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    table = page.locator("table.score-table")
    expect(table).to_be_attached()
    assert table.locator("tbody tr").count() == rounds
    chart.scroll_into_view_if_needed()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"chart-player-card-{width}.png"), full_page=True)
    context.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_7_player_page_draws_the_rating_history(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    """The player's page draws each rating list's history (the demo closes a rapid period) and
    lists the same values in a table per list, inside a phone's width."""
    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        record = db.session.scalar(select(RatingRecord).where(RatingRecord.period_id.is_not(None), RatingRecord.value > 0))
        assert record is not None
        lists = db.session.scalar(select(func.count(func.distinct(RatingRecord.rating_list)))
                                  .where(RatingRecord.player_id == record.player_id, RatingRecord.value > 0))
        player_id = record.player_id
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    page.goto(f"{base}/jogadores/{player_id}")
    chart = page.locator("svg.rating-chart-svg")
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    expect(chart).to_have_attribute("role", "img")
    assert chart.locator("polyline").count() == lists
    box = chart.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    tables = page.locator(".rating-chart-table table")
    assert tables.count() == lists
    assert tables.first.locator("tbody tr").count() >= 2  # the period's start and its result
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert problems == []
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"chart-rating-history-{width}.png"), full_page=True)
    context.close()
