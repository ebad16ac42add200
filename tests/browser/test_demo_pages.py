"""Every public page of the demo events fits a 390-px phone and a 1280-px desktop (issue 17).

The pages are found by following the links an anonymous visitor sees (tests/browser/public_pages.py),
so a new public page is checked as soon as a page links to it. On each: no horizontal overflow
(`document.documentElement.scrollWidth <= window.innerWidth`), no console or script error (a CSP
violation is one), and the page's main table or cards visible. One browser, one tab per screen size.
"""
from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import expect
from werkzeug.exceptions import HTTPException

from tests.browser.conftest import watch_console
from tests.browser.public_pages import crawl

pytestmark = pytest.mark.browser

SCREENS = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 900}}
# What a page shows: a table, a list of cards, the facts box, the bracket, a tie or a game's board
# (a categories page whose every category is still empty: the line naming them).
MAIN = "main :is(table, .cards, .card, .facts, .bracket-wrap, .tie-card, .regbox, .game-board, .categories-empty)"
WALL_SCREEN = re.compile(r"/telao(/|$)")
LINKS = "() => Array.from(document.querySelectorAll('a[href]'), a => a.getAttribute('href'))"
# One round trip per screen size: the page's width, the screen's, and whether the main content shows.
LOOK = """(main) => [document.documentElement.scrollWidth, window.innerWidth,
  Array.from(document.querySelectorAll(main)).some(e => e.checkVisibility())]"""


def _check(page: Any, base: str, path: str, problems: list[str]) -> list[str] | None:
    """Visit one page, look at it on the phone and on the desktop (the same tab resized: one load
    per page); answer its links, or None when it is not a public HTML page."""
    problems.clear()
    if WALL_SCREEN.search(path):
        return None  # a display of its own, for a TV (tests/browser/test_wall_screen_browser.py)
    response = page.goto(base + path, wait_until="domcontentloaded")
    if response is None or response.status != 200 or response.url != base + path:
        return None  # a redirect (a login page, a knockout's own page) or a refusal
    if not (response.headers.get("content-type") or "").startswith("text/html"):
        return None
    failures = []
    # the tab is left at the last size: the next page starts there and the sizes alternate
    order = list(SCREENS.items())
    if page.viewport_size != order[0][1]:
        order.reverse()
    for i, (name, viewport) in enumerate(order):
        if i:
            page.set_viewport_size(viewport)
        width, screen, visible = page.evaluate(LOOK, MAIN)
        if width > screen:
            failures.append(f"{width}px wide on a {screen}px screen ({name})")
        if not visible:
            failures.append(f"no table or cards visible ({name})")
    failures += problems
    if failures:
        raise AssertionError(f"{path}: {'; '.join(failures)}")
    return page.evaluate(LINKS)


def test_every_public_page_of_the_demo_events_fits_phone_and_desktop(demo_server, browser):  # type: ignore[no-untyped-def]
    """Slow on purpose (~40 s): every public page of every demo event opened at a phone's width
    and a desktop's in the browser, since a page that overflows on one kind of event only is
    found nowhere else; split per event it would pay the browser start-up for each."""
    from damas.extensions import db
    from damas.models import Event

    app, base = demo_server["app"], demo_server["url"]
    adapter = app.url_map.bind("localhost")

    def kind(path: str) -> str | None:
        try:
            endpoint, _ = adapter.match(path, method="GET")
        except HTTPException:
            return None
        return endpoint

    with app.app_context():
        event_ids = [e.id for e in db.session.query(Event).order_by(Event.id)]
    assert len(event_ids) >= 7  # registration, round robin, Swiss, knockouts, micro-match, teams

    context = browser.new_context(viewport=SCREENS["phone"])
    page = context.new_page()
    problems = watch_console(page)
    try:
        for path in ("/", "/eventos/", "/rating/lista"):  # the federation's pages too (issue 29)
            assert _check(page, base, path, problems) is not None, path
        reached: set[str] = set()
        count = 0
        season_links = _check(page, base, "/temporadas/", problems)
        assert season_links is not None
        for path in sorted({h for h in season_links if re.fullmatch(r"/temporadas/\d+", h)}):
            assert _check(page, base, path, problems) is not None, path
            reached.add(kind(path) or path)
        for event_id in event_ids:
            pages = crawl(lambda path: _check(page, base, path, problems), f"/eventos/{event_id}", kind)
            count += len(pages)
            reached |= {kind(p) or p for p in pages}
        # the kinds of page the demo must reach (a broken link would drop one silently)
        assert {"events.view_event", "rounds.standings", "rounds.view_round", "rounds.crosstable",
                "awards.categories", "awards.category_standings", "public.player_card_page",
                "knockout.bracket", "micromatch.overview", "micromatch.teams", "micromatch.team_round",
                "reports.index", "reports.standings", "reports.start_list", "public.share", "seasons.ranking",
                "reports.rating_change"} <= reached, sorted(reached)
        assert count > 7 * 10
    finally:
        context.close()


def test_player_finds_his_name_and_sees_his_own_row(demo_server, browser):  # type: ignore[no-untyped-def]
    """A player on a phone types a name without accents: the standings and the pairings jump to the
    row without a reload; his own row is marked; without script the same form filters on the server."""
    from damas.extensions import db
    from damas.models import Entry, Event, Player, Round, User
    from damas.web.find_name import fold

    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        event = db.session.query(Event).filter_by(pairing_system="dutch-2025").one()  # the running open
        names = {e.player_id: e.player.full_name for e in db.session.query(Entry).filter_by(event_id=event.id)}
        me_id = sorted(names)[0]
        target_id = next(pid for pid, name in sorted(names.items(), reverse=True) if fold(name) != name.lower())
        user = db.session.query(User).filter_by(email="jogador@demo.damas.br").one()
        user.player_id = me_id  # the demo's player account, linked to one of the open's players
        db.session.commit()
        event_id, target, mine = event.id, names[target_id], names[me_id]
        last_round = max(r.number for r in db.session.query(Round).filter_by(event_id=event_id))
        assert db.session.get(Player, target_id).full_name == target
    query = fold(target).upper().split()[-1]  # "ARAUJO" for "Araújo": no accents, other case
    expected = sum(query.lower() in fold(name) for name in names.values())

    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    page = context.new_page()
    problems = watch_console(page)
    page.goto(f"{base}/conta/entrar")
    page.fill("input[name=email]", "jogador@demo.damas.br")
    page.fill("input[name=password]", "demo12345")
    page.click("button.primary")
    page.wait_for_selector("text=Bem-vindo")

    for path in (f"/eventos/{event_id}/classificacao", f"/eventos/{event_id}/rodadas/{last_round}", f"/eventos/{event_id}"):
        page.goto(base + path)
        own = page.locator("table.findable tr.me")
        if path.endswith(f"/eventos/{event_id}"):  # issue 27 point 1: the round and the top of the table lead it
            assert own.count() >= 1 and all(mine in text for text in own.all_inner_texts()), path
        else:
            assert own.count() == 1 and mine in own.inner_text(), path
        page.evaluate("window.notReloaded = true")
        box = page.locator("input[name=q]")
        box.focus()  # keyboard only from here on
        page.keyboard.type(query.lower() if path.endswith("classificacao") else query)
        current = page.locator("table.findable tr.found-current")
        current.wait_for()
        assert fold(query) in fold(current.inner_text()), path
        found = page.locator("table.findable tr.found").count()
        if "/rodadas/" in path:  # a pairing row holds two players; a player may sit the round out
            assert 1 <= found <= expected, path
        elif path.endswith(f"/eventos/{event_id}"):  # the start list, and the current round and top of the table
            assert found >= expected, path
        else:
            assert found == expected, path
        assert f"{found} encontrado(s)" in page.locator(".find-name [role=status]").inner_text()
        expect(current).to_be_in_viewport()  # waits for the scroll (the page does it after the caret's)
        top = current.bounding_box()["y"]
        assert 0 <= top <= 844, f"{path}: the found row is at y={top}, off the screen"
        first = current.inner_text()
        page.keyboard.press("Enter")  # the next match, still no reload
        if found > 1:
            assert page.locator("table.findable tr.found-current").inner_text() != first
        assert page.evaluate("window.notReloaded") is True and "?q=" not in page.url
        page.keyboard.press("Escape")
        assert page.locator("table.findable tr.found").count() == 0
        page.click("[data-find-me]")  # "Minha linha": back to his own row
        top = own.first.bounding_box()["y"]
        assert 0 <= top <= 844, path
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"{path}: {width}px wide"
    assert problems == [], problems
    context.close()

    # without script the form is sent: the page comes back with only the matching rows
    plain = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=False)
    page = plain.new_page()
    page.goto(f"{base}/eventos/{event_id}/classificacao")
    page.fill("input[name=q]", query)
    page.press("input[name=q]", "Enter")
    page.wait_for_url("**?q=*")
    shown = page.locator("table.findable tbody tr:visible")
    assert shown.count() == expected
    assert all(fold(query) in fold(text) for text in shown.all_inner_texts())
    plain.close()


# The visible name elements of a page that take more than `lines` lines: a Range over each one's
# contents gives one rectangle per line box it occupies.
WRAPPED = """([selector, lines]) => Array.from(document.querySelectorAll(selector))
  .filter(e => e.checkVisibility())
  .map(e => { const r = document.createRange(); r.selectNodeContents(e);
              const tops = new Set(Array.from(r.getClientRects()).filter(x => x.width > 0).map(x => Math.round(x.top)));
              return [e.textContent.trim(), tops.size]; })
  .filter(([text, n]) => n > lines)"""


def test_phone_keeps_players_names_readable(demo_server, browser):  # type: ignore[no-untyped-def]
    """Issue 17 point 11 beyond the width: on a 390-px phone the team boards (round page and
    pairing sheet), the teams of a team event, a knockout's games, the crosstables and the printed
    sheets' pages (pairings, results) keep each
    player's name on one line (the start list on at most two), where a squeezed column used to
    break names letter by letter."""
    from damas.extensions import db
    from damas.models import Event, EventStatus
    from damas.models.micromatch import MicroMatchSettings

    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        team = db.session.query(MicroMatchSettings).filter_by(team=True, games_per_board=2).one().event_id
        knockout = db.session.query(Event).filter_by(pairing_system="knockout", status=EventStatus.RUNNING).one().id
        round_robin = db.session.query(Event).filter_by(pairing_system="berger").first().id
        open_event = db.session.query(Event).filter_by(pairing_system="dutch-2025").one().id
    checks = [
        (f"/eventos/{team}/equipes/rodadas/1", ".team-boards .pname", 1),
        (f"/eventos/{team}/relatorios/equipes/emparceiramento/1", ".team-boards td.name", 1),
        (f"/eventos/{team}/relatorios/equipes/resultados/1", ".team-boards .pname", 1),
        (f"/eventos/{team}", ".teams .pname", 1),
        (f"/eventos/{knockout}/eliminatoria", ".tie-games td.white, .tie-games td.black", 1),
        (f"/eventos/{round_robin}/tabela", ".crosstable td.name > a", 1),
        (f"/eventos/{round_robin}/relatorios/tabela", ".crosstable td.name", 1),
        (f"/eventos/{open_event}", "td.pname > a", 2),
        (f"/eventos/{open_event}/relatorios/emparceiramento/1", ".pairings.sheet td.name", 1),
        (f"/eventos/{open_event}/relatorios/resultados/1", ".pairings.sheet td.name", 1),
    ]
    context = browser.new_context(viewport=SCREENS["phone"])
    page = context.new_page()
    problems = watch_console(page)
    try:
        for path, selector, lines in checks:
            page.goto(base + path)
            assert page.locator(selector).count() > 0, path
            wrapped = page.evaluate(WRAPPED, [selector, lines])
            assert wrapped == [], (path, wrapped)
            assert page.evaluate("document.documentElement.scrollWidth") <= 390, path
        assert problems == [], problems
    finally:
        context.close()


def test_find_my_name_jumps_to_a_knockout_tie_and_a_team_board(demo_server, browser):  # type: ignore[no-untyped-def]
    """Issue 17 point 12 on the event kinds without a standings table: typing a name on a
    knockout's bracket page marks the player's tie card, on a team round his board, no reload."""
    from damas.extensions import db
    from damas.models import Event, EventStatus
    from damas.models.micromatch import MicroMatchSettings

    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        team = db.session.query(MicroMatchSettings).filter_by(team=True, games_per_board=2).one().event_id
        knockout = db.session.query(Event).filter_by(pairing_system="knockout", status=EventStatus.RUNNING).one().id
    context = browser.new_context(viewport=SCREENS["phone"], is_mobile=True, has_touch=True)
    page = context.new_page()
    problems = watch_console(page)
    try:
        for path, items in ((f"/eventos/{knockout}/eliminatoria", ".tie-list.findable > .tie-card"),
                            (f"/eventos/{team}/equipes/rodadas/1", "table.findable tbody tr")):
            page.goto(base + path)
            name = page.locator(f"{items} .pname").first.inner_text().strip()
            page.evaluate("window.notReloaded = true")
            page.locator("input[name=q]").focus()
            page.keyboard.type(name.split()[-1].lower())
            current = page.locator(f"{items}.found-current")
            current.wait_for()
            assert name.split()[-1] in current.inner_text(), path
            expect(current).to_be_in_viewport()
            assert page.evaluate("window.notReloaded") is True, path
        assert problems == [], problems
    finally:
        context.close()
