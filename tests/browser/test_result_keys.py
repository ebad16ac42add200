"""Issue 27 point 3 in Chromium: an arbiter enters a round's 8 results with the keys of the
event's rule set (CBJD 2 / 1 / 0, FIDE 1 / = / 0, + and - the forfeits), each key moving to the
next board and Enter saving; the "Mesa" box finds a board by its number. The same 8 results the
old way (a choice in each select, then "Gravar resultados") give the click count of the closing
note. Both viewports: 390 x 844 (a phone) and 1280 x 900."""
from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import EventStatus, Game, GameResult, Player, Role, Round, User
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.results.recording import publish_round
from damas.services.rounds.swiss import pair_next_round
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")
# the 8 boards' results, in board order, and the keys that enter them per rule set
WANTED = ("1-0", "=-=", "0-1", "1-0", "+--", "=-=", "0-1", "--+")
KEYS = {"cbjd": {"1-0": "2", "=-=": "1", "0-1": "0", "+--": "+", "--+": "-"},
        "fide": {"1-0": "1", "=-=": "=", "0-1": "0", "+--": "+", "--+": "-"}}


def _event(app: Any, name: str, ruleset: str) -> int:
    """A running Swiss of 16 new players with round 1 (8 boards) paired and published, every
    step through the services, its arbiter the staff user `teclas@browser.br`."""
    with app.app_context():
        staff = db.session.query(User).filter_by(email="teclas@browser.br").one_or_none()
        if staff is None:
            staff = User(email="teclas@browser.br", name="Árbitro das Teclas", role=Role.STAFF)
            staff.set_password(PASSWORD)
            db.session.add(staff)
            db.session.commit()
        event = event_service.create_event(staff, {
            "name": name, "discipline": "damas-64", "ruleset": ruleset, "pairing_system": "dutch",
            "planned_rounds": 5, "time_minutes": 45, "time_increment": 0, "start_date": date(2026, 12, 19),
            "end_date": date(2026, 12, 19)})
        event_service.change_status(staff, event, EventStatus.REGISTRATION)
        for i in range(16):
            player = Player(full_name=f"{name} {i + 1:02d}", sex="M", birth_date=date(1995, 1, 1), state="CE",
                            federation_id=f"K{event.id}-{i}", rating_regular=2100 - 10 * i)
            db.session.add(player)
            db.session.commit()
            entry_service.add_entry(staff, event, player)
        event_service.change_status(staff, event, EventStatus.RUNNING)
        rnd = pair_next_round(staff, event)
        publish_round(staff, event, rnd)
        return event.id


def _saved(app: Any, event_id: int) -> tuple[str, ...]:
    with app.app_context():
        db.session.expire_all()
        rnd = db.session.query(Round).filter_by(event_id=event_id, number=1).one()
        return tuple(g.result.value for g in sorted(rnd.games, key=lambda g: g.board) if g.black_entry_id)


@pytest.mark.parametrize("width,height,ruleset", [(390, 844, "fide"), (1280, 900, "cbjd")])
def test_issue_27_3_results_by_keys_and_boards_by_number(demo_server, browser, width, height,
                                                         ruleset):  # type: ignore[no-untyped-def]
    app, base = demo_server["app"], demo_server["url"]
    event_id = _event(app, f"Teclas {ruleset} {width}", ruleset)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500,
                                  has_touch=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, "teclas@browser.br")
    page.goto(f"{base}/eventos/{event_id}/rodadas/1")
    help_line = page.locator("[data-result-keys-help]")
    expect(help_line).to_be_visible()  # shown by the script (hidden without it)
    expect(help_line).to_contain_text("vitória das brancas")
    expect(help_line).to_contain_text("= ou ½ empate" if ruleset == "fide" else "1 empate")

    SHOTS.mkdir(exist_ok=True)
    help_line.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"keys-help-{width}.png"))
    selects = page.locator("select[name^=result-]")
    assert selects.count() == 8
    page.locator("#mesa-1 td.num").click()  # the one click: the first board's row
    expect(selects.nth(0)).to_be_focused()
    for number, code in enumerate(WANTED, start=1):
        page.keyboard.press(KEYS[ruleset][code])
        if number < 8:
            expect(selects.nth(number)).to_be_focused()  # on to the next board
    for number, code in enumerate(WANTED):
        expect(selects.nth(number)).to_have_value(code)
    expect(page.locator("form[data-result-keys] button.primary")).to_be_focused()  # after the last board
    page.locator("#mesa-5").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"keys-entered-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.keyboard.press("Enter")
    page.wait_for_selector("text=8 resultado(s) gravado(s).")
    assert _saved(app, event_id) == WANTED

    # a board by its number: the "Mesa" box shows board 6, Enter gives it the focus, a key corrects it
    box = page.locator("#board-jump")
    box.fill("6")
    expect(page.locator("#mesa-6")).to_have_class("found-current")
    box.press("Enter")
    expect(page.locator("#mesa-6 select")).to_be_focused()
    page.screenshot(path=str(SHOTS / f"keys-board-6-{width}.png"))
    page.keyboard.press(KEYS[ruleset]["1-0"])
    expect(page.locator("#mesa-6 select")).to_have_value("1-0")
    box.fill("99")
    expect(page.locator(".board-jump [role=status]")).to_contain_text("Não há mesa 99")
    page.locator("form[data-result-keys] button.primary").click()
    page.wait_for_selector("text=1 resultado(s) gravado(s).")
    assert _saved(app, event_id)[5] == "1-0"
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # without script a board's address still finds it
    page.goto(f"{base}/eventos/{event_id}/rodadas/1#mesa-7")
    expect(page.locator("#mesa-7")).to_be_in_viewport()
    assert problems == [], problems
    context.close()


def test_issue_27_3_click_count_for_8_results_before_and_after(demo_server, browser):  # type: ignore[no-untyped-def]
    """The closing note's "recording 8 results": before, a choice in each of the 8 selects (a click
    to open it, a click on the result) and the save button; after, one click on the first board,
    8 keys and Enter. Both ways save the same 8 results."""
    app, base = demo_server["app"], demo_server["url"]
    before_id, after_id = _event(app, "Cliques antes", "cbjd"), _event(app, "Cliques depois", "cbjd")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    sign_in(page, base, "teclas@browser.br")
    clicks = keys = 0

    page.goto(f"{base}/eventos/{before_id}/rodadas/1")
    selects = page.locator("select[name^=result-]")
    for number, code in enumerate(WANTED):
        selects.nth(number).select_option(code)
        clicks += 2  # open the drop-down, pick the result
    page.click("text=Gravar resultados")
    clicks += 1
    page.wait_for_selector("text=8 resultado(s) gravado(s).")
    assert _saved(app, before_id) == WANTED
    before = (clicks, keys)

    clicks = keys = 0
    page.goto(f"{base}/eventos/{after_id}/rodadas/1")
    page.locator("#mesa-1 td.num").click()
    clicks += 1
    for code in WANTED:
        page.keyboard.press(KEYS["cbjd"][code])
        keys += 1
    page.keyboard.press("Enter")
    keys += 1
    page.wait_for_selector("text=8 resultado(s) gravado(s).")
    assert _saved(app, after_id) == WANTED
    after = (clicks, keys)
    print(f"recording 8 results: before {before[0]} clicks + {before[1]} keys, after {after[0]} click + {after[1]} keys")
    assert before == (17, 0) and after == (1, 9)
    context.close()
