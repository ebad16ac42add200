"""Issue 27 points 1 and 2 at 390 x 844 and 1280 x 900, on the demo's running Swiss event.

Point 1: on a phone the event page leads with the current round (the latest published one) and
the top of the table, above the event's details; on a wide screen they sit beside the details.
Point 2: the standings show every tiebreak (a short header with its name in <abbr title>), the
table scrolling sideways under a sticky place and name; the crosstable's rounds come right after
the name, the start number once."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Event

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")
VIEWPORTS = [(390, 844), (1280, 900)]


def _swiss_id(app) -> int:  # type: ignore[no-untyped-def]
    with app.app_context():
        return db.session.query(Event).filter_by(pairing_system="dutch-2025").one().id


def _page(browser, width: int, height: int):  # type: ignore[no-untyped-def]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    return context, context.new_page()


def _no_overflow(page, width: int) -> None:  # type: ignore[no-untyped-def]
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_issue_27_1_a_running_event_opens_with_its_round_and_standings(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base, event_id = demo_server["url"], _swiss_id(demo_server["app"])
    context, page = _page(browser, width, height)
    page.goto(f"{base}/eventos/{event_id}")
    now = page.locator("section.event-now")
    expect(now).to_be_visible()
    expect(now.locator(".now-round h2")).to_contain_text("Rodada")
    expect(now.locator(".now-round table.pairings tbody tr").first).to_be_visible()
    standings = now.locator(".now-standings table.standings")
    expect(standings).to_be_visible()
    assert 1 <= standings.locator("tbody tr").count() <= 8  # the top of the table
    expect(now.get_by_role("link", name="Classificação completa")).to_have_attribute(
        "href", f"/eventos/{event_id}/classificacao")
    facts = page.locator("dl.facts")
    round_box, facts_box = now.locator(".now-round").bounding_box(), facts.bounding_box()
    if width < 500:  # the round first, the details after the standings
        assert round_box["y"] < facts_box["y"]
        assert now.locator(".now-standings").bounding_box()["y"] < facts_box["y"]
        expect(now.locator(".now-round")).to_be_in_viewport()
    else:  # beside the details
        assert round_box["x"] > facts_box["x"] + facts_box["width"] - 1
        assert abs(round_box["y"] - facts_box["y"]) < 400
    _no_overflow(page, width)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-event-page-{width}.png"))
    now.locator(".now-standings").screenshot(path=str(SHOTS / f"phone-event-standings-{width}.png"))
    context.close()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_issue_27_2_standings_show_every_tiebreak(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base, event_id = demo_server["url"], _swiss_id(demo_server["app"])
    context, page = _page(browser, width, height)
    page.goto(f"{base}/eventos/{event_id}/classificacao")
    table = page.locator("table.standings")
    headers = table.locator("thead th.tb")
    assert headers.count() == 4  # the demo's BH-C1, BH-C2, SB, BH-M1
    for i in range(headers.count()):
        expect(headers.nth(i)).to_be_visible()
        assert headers.nth(i).locator("abbr").get_attribute("title")
    first = table.locator("tbody tr").first
    assert first.locator("td.tb").count() == 4
    wrap = page.locator(".standings-wrap").first
    if width < 500:
        # the place and name stay put while the tiebreaks scroll into view
        place, name = first.locator("td.place"), first.locator("td.pname")
        before = (place.bounding_box()["x"], name.bounding_box()["x"])
        wrap.evaluate("w => { w.scrollLeft = w.scrollWidth; }")
        after = (place.bounding_box()["x"], name.bounding_box()["x"])
        assert before == after
        expect(first.locator("td.tb").last).to_be_in_viewport()
        wrap.evaluate("w => { w.scrollLeft = 0; }")
    _no_overflow(page, width)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-standings-{width}.png"))
    context.close()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_issue_27_2_crosstable_rounds_next_to_the_name(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    base, event_id = demo_server["url"], _swiss_id(demo_server["app"])
    context, page = _page(browser, width, height)
    page.goto(f"{base}/eventos/{event_id}/tabela")
    table = page.locator("table.crosstable.swiss")
    heads = [t.strip() for t in table.locator("thead th").all_inner_texts()]
    name_at = heads.index("NOME") if "NOME" in heads else heads.index("Nome")
    assert heads[name_at + 1].upper() == "R1"  # the rounds right after the name
    assert [h.upper() for h in heads].count("Nº") == 1  # the start number once
    first = table.locator("tbody tr").first
    name, r1 = first.locator("td.name"), first.locator("td.cell").first
    assert r1.bounding_box()["x"] - (name.bounding_box()["x"] + name.bounding_box()["width"]) < 2
    expect(r1).to_be_in_viewport()
    _no_overflow(page, width)
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"phone-crosstable-{width}.png"))
    context.close()
