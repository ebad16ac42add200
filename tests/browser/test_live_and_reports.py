"""Issue 30 on a 390-px phone: players report their own result (both agree: entered; a conflict
waits for the arbiter's one click), and a round page and a standings page open in a visitor's
browser update themselves when a result is entered in another browser."""
from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import PASSWORD, watch_console

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "device_scale_factor": 2, "is_mobile": True, "has_touch": True}


def _event(app: Any) -> tuple[int, list[str], dict[int, int]]:
    """A running event taking reports, round 1 published; an account per player."""
    from damas.extensions import db
    from damas.models import Entry, EntryStatus, Event, EventStatus, Game, Player, Role, Round, RoundStatus, User

    with app.app_context():
        event = Event(name="Aberto ao Vivo", discipline="damas-64", ruleset="cbjd", pairing_system="berger",
                      planned_rounds=3, time_minutes=45, time_increment=0, start_date=date(2026, 12, 12),
                      end_date=date(2026, 12, 12), status=EventStatus.RUNNING, player_reports=True)
        db.session.add(event)
        db.session.flush()
        emails, entries = [], []
        for n, player in enumerate(db.session.query(Player).order_by(Player.id).limit(4), start=1):
            entry = Entry(event_id=event.id, player_id=player.id, pairing_number=n,
                          rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED)
            db.session.add(entry)
            user = User(email=f"p{n}@browser.br", name=player.full_name, role=Role.PLAYER, player_id=player.id)
            user.set_password(PASSWORD)
            db.session.add(user)
            emails.append(user.email)
            entries.append(entry)
        db.session.flush()
        a, b, c, d = entries
        rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
        rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                     Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
        db.session.add(rnd)
        db.session.commit()
        return event.id, emails, {g.board: g.id for g in rnd.games}


def _login(page: Any, base: str, email: str) -> None:
    page.goto(f"{base}/conta/entrar")
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_load_state()


def _narrow(page: Any) -> None:
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"page is {width}px wide on a 390px screen"


def _result(app: Any, game_id: int) -> str:
    from damas.extensions import db
    from damas.models import Game

    with app.app_context():
        db.session.expire_all()
        return db.session.get(Game, game_id).result.value


def test_players_report_agree_and_a_conflict_waits_for_the_arbiter(live_server, browser):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    event_id, emails, games = _event(app)
    pages, problems = {}, []
    for n in (1, 2, 3, 4):
        context = browser.new_context(**PHONE)
        pages[n] = context.new_page()
        problems += watch_console(pages[n])
        _login(pages[n], base, emails[n - 1])

    # board 1: White (no. 1) reports from Minha área, Black (no. 3) from the round page
    white = pages[1]
    white.goto(f"{base}/conta/minha-area")
    white.wait_for_selector("text=Seu resultado — rodada 1, mesa 1")
    _narrow(white)
    white.click("#informar-%d button:has-text('Vitória das brancas')" % games[1])
    white.wait_for_selector("text=Confirmar resultado — rodada 1, mesa 1")  # one tap sends nothing
    _narrow(white)
    assert _result(app, games[1]) == ""
    white.click("button:has-text('Enviar este resultado')")
    white.wait_for_selector("text=Aguarda o do adversário")
    white.wait_for_selector("#informar-%d button:has-text('Retirar relato')" % games[1])
    assert _result(app, games[1]) == ""
    black = pages[3]
    black.goto(f"{base}/eventos/{event_id}/rodadas/1")
    black.wait_for_selector("text=Você joga de pretas")
    _narrow(black)
    black.click("#informar-%d button:has-text('Vitória das brancas')" % games[1])
    black.click("button:has-text('Enviar este resultado')")
    black.wait_for_selector("text=resultado lançado")
    assert _result(app, games[1]) == "1-0"

    # board 2: White (no. 4) says he won, Black (no. 2) says draw: the arbiter decides
    for n, label in ((4, "Vitória das brancas"), (2, "Empate")):
        pages[n].goto(f"{base}/eventos/{event_id}/rodadas/1")
        pages[n].click("#informar-%d button:has-text('%s')" % (games[2], label))
        pages[n].click("button:has-text('Enviar este resultado')")
    pages[2].wait_for_selector("text=o árbitro vai decidir")
    assert _result(app, games[2]) == ""

    desk = browser.new_context(**PHONE).new_page()
    problems += watch_console(desk)
    _login(desk, base, live_server["email"])
    desk.goto(f"{base}/eventos/{event_id}/rodadas/1")
    desk.wait_for_selector("text=1 mesa com resultado informado pelos jogadores aguarda o árbitro")
    assert desk.locator("tr.reported .report-note.conflict").count() == 1
    _narrow(desk)
    # the results form on a phone keeps the names readable beside the result's select
    name_width = desk.evaluate("document.querySelector('table.pairings td:nth-child(2)').getBoundingClientRect().width")
    assert name_width > 150, f"the names' column is {name_width}px wide on a 390px screen"
    desk.click("tr.reported button:has-text('Confirmar 1 – 1')")
    desk.wait_for_selector("text=Resultado da mesa 2 confirmado.")
    assert _result(app, games[2]) == "=-="
    assert problems == []


def test_round_and_standings_pages_update_themselves(live_server, browser):  # type: ignore[no-untyped-def]
    app, base = live_server["app"], live_server["url"]
    app.config["LIVE_POLL_SECONDS"] = 1
    event_id, _emails, games = _event(app)
    visitor = browser.new_context(**PHONE)
    round_page, standings = visitor.new_page(), visitor.new_page()
    problems = watch_console(round_page) + watch_console(standings)
    polls: list[int] = []
    round_page.on("response", lambda r: polls.append(r.status) if r.url.endswith("/revisao") else None)
    round_page.goto(f"{base}/eventos/{event_id}/rodadas/1")
    standings.goto(f"{base}/eventos/{event_id}/classificacao")
    round_page.wait_for_selector("p.live-status:has-text('atualizado às')")
    _narrow(round_page)
    for page in (round_page, standings):
        page.evaluate("window.__notReloaded = true")
    round_page.wait_for_timeout(2500)
    assert 304 in polls, f"the visitor's polls were {polls}"

    # the arbiter enters board 1 in another browser
    desk = browser.new_context().new_page()
    _login(desk, base, live_server["email"])
    desk.goto(f"{base}/eventos/{event_id}/rodadas/1")
    desk.select_option(f"select[name=result-{games[1]}]", "1-0")
    desk.select_option(f"select[name=result-{games[2]}]", "=-=")
    desk.click("button:has-text('Gravar resultados')")
    desk.wait_for_selector("text=2 resultado(s) gravado(s).")

    round_page.wait_for_selector("table.pairings td.result:has-text('2 – 0')", timeout=10_000)
    # the page's Content-Security-Policy forbids eval, so wait with locators, not wait_for_function
    expect(standings.locator("body")).not_to_contain_text("Nenhuma rodada concluída ainda.", timeout=10_000)
    expect(standings.locator("table.standings")).to_contain_text("2", timeout=10_000)
    for page in (round_page, standings):
        assert page.evaluate("window.__notReloaded === true"), "the page was reloaded instead of updated"
    assert problems == []
