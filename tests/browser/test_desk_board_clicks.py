"""Issue 27 point 6: the arbiter's desk works from the board. On the demo's running Swiss (the
chess open, its arbiter logged in) an incident on board 3 of the current round, White, is
recorded from the desk's list of boards and shows in the incidents table, on a 390 px phone and
at 1280 px, with no page wider than the screen.

Click count for issue 27's closing note, "an incident on board 3", from the event page:
- before (main at ab13100): 6 — Rodadas, Rodada N (to read who sits on board 3), Mesa do árbitro,
  the player picked from a list of every entrant, the incident type, Registrar incidente;
- after: 4 — Mesa do árbitro, White's name on board 3 (round, board and side filled in), the
  incident type, Registrar incidente (counted by `clicks` below).
"""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from sqlalchemy import select

from damas.extensions import db
from damas.formats.mapping import event_rounds
from damas.models import Event, RoundStatus
from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")
CLICKS_BEFORE, CLICKS_AFTER = 6, 4


def _board_of(app, board: int) -> tuple[int, int, str, str]:  # type: ignore[no-untyped-def]
    """The demo Swiss event's id, its last published round and that round's board's two names."""
    with app.app_context():
        event = db.session.scalar(select(Event).where(Event.name.like("Aberto de Xadrez de Fortaleza%")))
        current = [r for r in event_rounds(event) if r.status == RoundStatus.PUBLISHED][-1]
        game = next(g for g in current.games if g.board == board)
        return event.id, current.number, game.white.player.full_name, game.black.player.full_name


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_6_an_incident_on_board_3_from_the_desk(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    app, base = demo_server["app"], demo_server["url"]
    event_id, round_no, white, _black = _board_of(app, 3)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, "arbitro@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/eventos/{event_id}")

    clicks = 0
    tab = page.locator("nav.tabs >> text=Mesa do árbitro")
    tab.scroll_into_view_if_needed()
    tab.click(); clicks += 1
    picker = page.locator("details.desk-boards")
    expect(picker.locator("summary")).to_have_text(f"Mesas da rodada {round_no}")
    assert page.locator("nav.desk-tabs >> text=Desistências e pedidos").count() == 1
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"desk-boards-{width}.png"))
    row = picker.locator("table.board-picker tbody tr").nth(2)
    expect(row.locator("td").first).to_have_text("3")
    row.locator("td").nth(1).get_by_role("link").click(); clicks += 1

    form = page.locator("form#incidente")
    expect(form.locator("select[name=i-round_number]")).to_have_value(str(round_no))
    expect(form.locator("input[name=i-board]")).to_have_value("3")
    expect(form.locator("select[name=i-side]")).to_have_value("white")
    expect(form.locator("select[name=i-side] option:checked")).to_have_text(f"Brancas — {white}")
    form.locator("select[name=i-kind]").select_option("fide_illegal_move"); clicks += 1
    page.screenshot(path=str(SHOTS / f"desk-form-{width}.png"))
    form.get_by_role("button", name="Registrar incidente").click(); clicks += 1

    expect(page.locator("body")).to_contain_text(f"lance ilegal do jogador {white}")
    recorded = page.locator("table.desk tbody tr").filter(has_text=white).filter(has_text="Lance ilegal")
    expect(recorded.first).to_be_visible()
    cells = recorded.first.locator("td")
    expect(cells.nth(0)).to_have_text(str(round_no))
    expect(cells.nth(1)).to_have_text("3")
    expect(cells.nth(8).locator("span.date")).to_be_visible()
    assert cells.nth(8).evaluate("td => getComputedStyle(td.querySelector('.date')).whiteSpace") == "nowrap"
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    recorded.first.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"desk-recorded-{width}.png"))
    assert clicks == CLICKS_AFTER < CLICKS_BEFORE
    assert not problems, problems
    context.close()


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_6_typing_a_board_shows_its_two_players(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    """The side choices follow the board number typed (static/desk.js): the two names of it."""
    app, base = demo_server["app"], demo_server["url"]
    event_id, _round_no, white, black = _board_of(app, 5)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, "arbitro@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/eventos/{event_id}/mesa/")
    form = page.locator("form#sancao")
    form.locator("input[name=s-board]").fill("5")
    expect(form.locator("select[name=s-side] option[value=white]")).to_have_text(f"Brancas — {white}")
    expect(form.locator("select[name=s-side] option[value=black]")).to_have_text(f"Pretas — {black}")
    form.locator("input[name=s-board]").fill("")
    expect(form.locator("select[name=s-side] option[value=black]")).to_have_text("Pretas")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not problems, problems
    context.close()
