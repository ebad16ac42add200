"""The public game page on a 390-px phone (issue 32 point 3): the diagram and the move list fit
the screen; next / previous by tap, swipe and arrow keys change the diagram without reloading;
without JavaScript every move is a link to its position. Screenshots go to the artefacts folder
(DAMAS_TEST_ARTEFACTS, else instance/test-artefacts/)."""
from __future__ import annotations

import os
from datetime import date, datetime, timezone
from pathlib import Path

import pytest

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Game, GameResult, Player, Round, RoundStatus, User
from damas.services.games.records import save_record
from tests.browser.conftest import watch_console

pytestmark = pytest.mark.browser

MOVES = ("e3-f4 d6-c5 g3-h4 c7-d6 f2-e3 d6-e5 f4xb4 e7-d6 b4-c5 b6xf2 g1xe3 f8-e7 h2-g3 d8-c7 c3-d4 "
         "a7-b6 a3-b4 f6-g5 h4xd8 g7-f6 d8xh4 h8-g7 d2-c3 h6-g5 h4xa7 c7-d6 2-0")


def _artefacts() -> Path:
    path = Path(os.environ.get("DAMAS_TEST_ARTEFACTS") or Path(__file__).resolve().parents[2] / "instance" / "test-artefacts")
    path.mkdir(parents=True, exist_ok=True)
    return path


def _recorded_game(app) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    with app.app_context():
        event = Event(name="Estadual de Damas 64 com um nome longo para a tela do celular", discipline="damas-64",
                      ruleset="cbjd", pairing_system="berger", planned_rounds=3, time_minutes=45, time_increment=0,
                      start_date=date(2026, 12, 12), end_date=date(2026, 12, 12), status=EventStatus.RUNNING)
        db.session.add(event)
        db.session.flush()
        entries = []
        for no, player in enumerate(db.session.query(Player).order_by(Player.id).limit(2), start=1):
            entries.append(Entry(event_id=event.id, player_id=player.id, pairing_number=no,
                                 rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
        db.session.add_all(entries)
        db.session.flush()
        rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED, published_at=datetime.now(timezone.utc))
        rnd.games = [Game(board=1, white_entry_id=entries[0].id, black_entry_id=entries[1].id,
                          result=GameResult.WHITE_WIN)]
        db.session.add(rnd)
        db.session.commit()
        staff = db.session.query(User).first()
        rec, game, _warnings = save_record(staff, event, 1, 1, 1, MOVES)
        assert game.legal
        return event.id, len(game.plies)


def _no_sideways_scroll(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def test_game_page_on_a_phone_taps_swipes_and_arrow_keys(live_server, browser):  # type: ignore[no-untyped-def]
    event_id, plies = _recorded_game(live_server["app"])
    url = f"{live_server['url']}/eventos/{event_id}/partidas/1/1/1"
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    problems = watch_console(page)
    page.goto(url)
    page.wait_for_selector("#game-diagram")
    assert page.get_attribute("#game-diagram", "src").split("?")[0].endswith(f"/diagrama/{plies}.svg")
    _no_sideways_scroll(page)
    box = page.locator("#game-diagram").bounding_box()
    assert box["width"] <= 390 and box["width"] > 300
    assert page.evaluate("document.getElementById('game-diagram').naturalWidth") > 0  # the SVG loaded under the CSP
    page.screenshot(path=str(_artefacts() / "game-phone-390.png"), full_page=True)

    page.locator("[data-step=first]").tap()
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/0.svg")
    page.locator("[data-step=next]").tap()
    page.locator("[data-step=next]").tap()
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/2.svg")
    assert page.locator("a.move.current").inner_text() == "d6-c5"
    assert page.url.endswith("?lance=2#diagrama")  # the address follows, for sharing
    page.keyboard.press("ArrowRight")
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/3.svg")
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/1.svg")
    page.keyboard.press("End")
    assert page.get_attribute("#game-diagram", "src").endswith(f"/diagrama/{plies}.svg")
    # a swipe to the right goes back one move
    page.evaluate("""() => {
        const img = document.getElementById('game-diagram');
        const touch = x => new Touch({identifier: 1, target: img, clientX: x, clientY: 100});
        img.dispatchEvent(new TouchEvent('touchstart', {changedTouches: [touch(60)], bubbles: true}));
        img.dispatchEvent(new TouchEvent('touchend', {changedTouches: [touch(260)], bubbles: true}));
    }""")
    assert page.get_attribute("#game-diagram", "src").endswith(f"/diagrama/{plies - 1}.svg")
    page.locator("a.move[data-ply='7']").tap()
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/7.svg")
    page.wait_for_timeout(200)
    page.screenshot(path=str(_artefacts() / "game-phone-390-move7.png"), full_page=True)
    _no_sideways_scroll(page)
    assert problems == []
    context.close()


def test_game_page_without_javascript_is_a_list_of_positions(live_server, browser):  # type: ignore[no-untyped-def]
    event_id, _plies = _recorded_game(live_server["app"])
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = context.new_page()
    page.goto(f"{live_server['url']}/eventos/{event_id}/partidas/1/1/1")
    page.click("a.move[data-ply='4']")
    page.wait_for_url("**lance=4**")
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/4.svg")
    assert page.locator("a.move.current").inner_text() == "c7-d6"
    page.click("[data-step=prev]")
    page.wait_for_url("**lance=3**")
    assert page.get_attribute("#game-diagram", "src").endswith("/diagrama/3.svg")
    _no_sideways_scroll(page)
    context.close()
