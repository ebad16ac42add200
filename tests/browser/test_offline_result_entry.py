"""Result entry that survives the hall's network, in Chromium at 1024 px (a tablet), 390 px (a
phone) and 1920 px (a desk's screen): the arbiter's round page registers its service worker; with the browser offline he enters
eight results (kept in IndexedDB, each board "não enviado"), reloads (the page comes from the
worker's copy and the eight are shown again), comes back online, and the eight reach the server.
Another run: a board changed on the server meanwhile is shown as a conflict (both values, his
choice), nothing overwritten. And the manifest is linked and served, so the page installs."""
from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import AuditEntry, Event, EventArbiter, EventStatus, GameResult, Player, Role, Round, User
from damas.services.entries import add_remove as entry_service
from damas.services.events import lifecycle as event_service
from damas.services.results.recording import publish_round, record_results
from damas.services.rounds.swiss import pair_next_round
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-offline")
WANTED = ("1-0", "=-=", "0-1", "1-0", "+--", "=-=", "0-1", "--+")
SIZES = [(1024, 768), (390, 844), (1920, 1080)]
ARBITER = "mesa@browser.br"


def _event(app: Any, name: str) -> int:
    """A running Swiss of 16 players, round 1 (8 boards) paired and published through the
    services; its arbiter (not staff) `mesa@browser.br`."""
    with app.app_context():
        staff = db.session.query(User).filter_by(role=Role.STAFF).first()
        arbiter = db.session.query(User).filter_by(email=ARBITER).one_or_none()
        if arbiter is None:
            arbiter = User(email=ARBITER, name="Árbitro da Mesa", role=Role.ARBITER)
            arbiter.set_password(PASSWORD)
            db.session.add(arbiter)
            db.session.commit()
        event = event_service.create_event(staff, {
            "name": name, "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "dutch",
            "planned_rounds": 5, "time_minutes": 45, "time_increment": 0, "start_date": date(2026, 12, 19),
            "end_date": date(2026, 12, 19)})
        db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
        db.session.commit()
        event_service.change_status(staff, event, EventStatus.REGISTRATION)
        for i in range(16):
            player = Player(full_name=f"{name} {i + 1:02d}", sex="M", birth_date=date(1995, 1, 1), state="CE",
                            federation_id=f"O{event.id}-{i}", rating_regular=2100 - 10 * i)
            db.session.add(player)
            db.session.commit()
            entry_service.add_entry(staff, event, player)
        event_service.change_status(staff, event, EventStatus.RUNNING)
        publish_round(staff, event, pair_next_round(staff, event))
        return event.id


def _saved(app: Any, event_id: int) -> tuple[str, ...]:
    with app.app_context():
        db.session.expire_all()
        rnd = db.session.query(Round).filter_by(event_id=event_id, number=1).one()
        return tuple(g.result.value for g in sorted(rnd.games, key=lambda g: g.board) if g.black_entry_id)


def _open(browser: Any, base: str, event_id: int, width: int, height: int) -> tuple[Any, Any, list[str]]:
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500,
                                  has_touch=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, ARBITER)
    page.goto(f"{base}/eventos/{event_id}/rodadas/1")
    page.wait_for_selector("html[data-offline-ready]", state="attached")  # the worker keeps the page and its files
    return context, page, problems


QUEUE_SENDS = "**/rodadas/*/resultados/fila"


def _refuse(route: Any) -> None:
    route.abort("internetdisconnected")


def _network(context: Any, online: bool) -> None:
    """The device's network off or on. Chromium's offline emulation did not reach every request
    of a page its service worker controls (a CI run: after an offline reload one queued result
    reached the server), so while offline the queue's sends are refused too, as a real device
    without a network refuses them."""
    context.set_offline(not online)
    if online:
        context.unroute(QUEUE_SENDS, _refuse)
    else:
        context.route(QUEUE_SENDS, _refuse)


def _offline_problems(problems: list[str]) -> list[str]:
    """The console errors left once the browser's own "failed to load" lines of the offline
    moments (the worker's network try before its copy) are set aside."""
    return [p for p in problems if "ERR_INTERNET_DISCONNECTED" not in p and "Failed to load resource" not in p
            and "Failed to fetch" not in p]


@pytest.mark.parametrize("width,height", SIZES)
def test_eight_results_entered_offline_survive_a_reload_and_reach_the_server(live_server, browser, width,
                                                                             height):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    event_id = _event(app, f"Ginásio {width}")
    context, page, problems = _open(browser, base, event_id, width, height)
    SHOTS.mkdir(exist_ok=True)

    _network(context, online=False)
    status = page.locator("[data-offline-status]")
    expect(status).to_contain_text("Sem conexão")
    selects = page.locator("select[name^=result-]")
    assert selects.count() == 8
    for number, code in enumerate(WANTED):
        selects.nth(number).select_option(code)
    page.click("text=Gravar resultados")  # offline: kept, not posted
    marks = page.locator("[data-offline-mark=pending]")
    expect(marks).to_have_count(8)
    expect(marks.first).to_contain_text("não enviado")
    expect(status).to_contain_text("8 resultado(s) guardado(s) neste aparelho, não enviado(s)")
    assert _saved(app, event_id) == ("",) * 8

    page.reload()  # still offline: the worker's copy of the page, the queue read again
    expect(page.locator("form[data-offline-copy]")).to_have_count(1)
    marks = page.locator("[data-offline-mark=pending]")
    expect(marks).to_have_count(8)
    for number, code in enumerate(WANTED):
        expect(selects.nth(number)).to_have_value(code)
        expect(page.locator(f"#mesa-{number + 1} [data-offline-mark=pending]")).to_contain_text("não enviado")
    expect(status).to_contain_text("não enviado(s)")
    page.locator("#mesa-4").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"offline-reloaded-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert _saved(app, event_id) == ("",) * 8

    _network(context, online=True)  # the online event sends the queue
    expect(status).to_contain_text("Todos os resultados guardados foram enviados.")
    expect(page.locator("[data-offline-mark]")).to_have_count(0)
    assert _saved(app, event_id) == WANTED
    with app.app_context():
        audits = db.session.query(AuditEntry).filter_by(action="result", event_id=event_id).all()
        assert len(audits) == 8
    page.screenshot(path=str(SHOTS / f"offline-sent-{width}.png"), full_page=True)

    page.reload()  # the server's page: the eight saved, nothing left in the queue
    for number, code in enumerate(WANTED):
        expect(selects.nth(number)).to_have_value(code)
    expect(page.locator("[data-offline-mark]")).to_have_count(0)
    assert _offline_problems(problems) == [], problems
    context.close()


@pytest.mark.parametrize("width,height", SIZES)
def test_a_board_changed_on_the_server_meanwhile_is_shown_as_a_conflict(live_server, browser, width,
                                                                       height):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    event_id = _event(app, f"Conflito {width}")
    context, page, problems = _open(browser, base, event_id, width, height)

    _network(context, online=False)
    selects = page.locator("select[name^=result-]")
    selects.nth(2).select_option("1-0")  # board 3: the arbiter offline says White won
    selects.nth(3).select_option("=-=")  # board 4: a draw
    selects.nth(4).select_option("0-1")  # board 5: no one else touches it
    expect(page.locator("[data-offline-mark=pending]")).to_have_count(3)

    with app.app_context():  # meanwhile another arbiter, online, enters boards 3 and 4 otherwise
        staff = db.session.query(User).filter_by(role=Role.STAFF).first()
        event = db.session.get(Event, event_id)
        rnd = db.session.query(Round).filter_by(event_id=event_id, number=1).one()
        games = {g.board: g for g in rnd.games}
        record_results(staff, event, {games[3].id: (GameResult.BLACK_WIN, games[3].version),
                                                   games[4].id: (GameResult.WHITE_WIN, games[4].version)})

    _network(context, online=True)
    conflicts = page.locator("[data-offline-mark=conflict]")
    expect(conflicts).to_have_count(2)
    board3 = page.locator("#mesa-3 [data-offline-mark=conflict]")
    expect(board3).to_contain_text("Conflito")
    expect(board3).to_contain_text("2 – 0")  # his value (CBJD words)
    expect(board3).to_contain_text("0 – 2")  # the server's value
    expect(page.locator("[data-offline-status]")).to_contain_text("2 conflito(s)")
    assert _saved(app, event_id)[2:5] == ("0-1", "1-0", "0-1")  # board 5 sent; 3 and 4 as the other arbiter left them
    page.locator("#mesa-3").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"offline-conflict-{width}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    page.reload()  # the conflict is kept in the queue: shown again, still nothing overwritten
    expect(page.locator("[data-offline-mark=conflict]")).to_have_count(2)
    assert _saved(app, event_id)[2:4] == ("0-1", "1-0")

    board3 = page.locator("#mesa-3 [data-offline-mark=conflict]")
    board3.locator("button", has_text="Manter o meu").click()  # board 3: he is sure
    expect(page.locator("#mesa-3 [data-offline-mark]")).to_have_count(0)  # sent against the version he saw
    page.locator("#mesa-4 [data-offline-mark=conflict] button", has_text="Ficar com o do servidor").click()
    expect(page.locator("[data-offline-mark]")).to_have_count(0)
    expect(page.locator("[data-offline-status]")).to_contain_text("Nada mais guardado neste aparelho")
    assert _saved(app, event_id)[2:5] == ("1-0", "1-0", "0-1")
    expect(selects.nth(3)).to_have_value("1-0")
    assert _offline_problems(problems) == [], problems
    context.close()


def test_the_manifest_is_linked_and_served(live_server, browser):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    event_id = _event(app, "Manifesto")
    context, page, problems = _open(browser, base, event_id, 1024, 768)
    href = page.locator("link[rel=manifest]").get_attribute("href")
    assert href == f"/eventos/{event_id}/rodadas/1/app.webmanifest"
    response = page.request.get(base + href)
    assert response.ok
    manifest = response.json()
    assert manifest["display"] == "standalone" and manifest["start_url"] == f"/eventos/{event_id}/rodadas/1"
    for icon in manifest["icons"]:
        assert page.request.get(base + icon["src"]).headers["content-type"] == "image/png"
    cdp = context.new_cdp_session(page)
    seen = cdp.send("Page.getAppManifest")
    assert seen["url"].endswith(href) and seen["errors"] == [], seen
    worker = page.evaluate("navigator.serviceWorker.controller && navigator.serviceWorker.controller.scriptURL")
    assert worker == f"{base}/eventos/{event_id}/rodadas/resultados-sw.js"
    scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
    assert scope == f"{base}/eventos/{event_id}/rodadas/"
    assert problems == [], problems
    context.close()
