"""End to end in Chromium: an arbiter runs two Swiss rounds (pair, publish, enter results, standings).

The arbiter is assigned to the event only (not staff): the desk's access rule is part of the run.
"""
from __future__ import annotations

from datetime import date

import pytest

from tests.browser.conftest import PASSWORD, watch_console

pytestmark = pytest.mark.browser


def test_arbiter_pairs_publishes_enters_results_and_sees_the_standings(live_server, page):  # type: ignore[no-untyped-def]
    from damas.extensions import db
    from damas.models import Entry, EntryStatus, Event, EventArbiter, EventStatus, Player, Role, User

    app, base = live_server["app"], live_server["url"]
    with app.app_context():
        arbiter = User(email="arbitro@browser.br", name="Árbitro do Navegador", role=Role.ARBITER)
        arbiter.set_password(PASSWORD)
        event = Event(name="Suíço do Navegador", discipline="damas-64", ruleset="cbjd", pairing_system="dutch",
                      planned_rounds=3, time_minutes=30, time_increment=0, start_date=date(2026, 12, 19),
                      end_date=date(2026, 12, 19), status=EventStatus.RUNNING)
        db.session.add_all([arbiter, event])
        db.session.flush()
        db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
        for number, player in enumerate(db.session.query(Player).order_by(Player.id), start=1):
            db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                                 rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
        db.session.commit()
        event_id = event.id

    problems = watch_console(page)
    page.goto(f"{base}/conta/entrar")
    page.fill("input[name=email]", "arbitro@browser.br")
    page.fill("input[name=password]", PASSWORD)
    page.click("button.primary")
    page.wait_for_selector("text=Bem-vindo")

    for number, (first, second) in ((1, ("2 – 0", "1 – 1")), (2, ("1 – 1", "0 – 2"))):
        page.goto(f"{base}/eventos/{event_id}/rodadas")
        page.click("button:has-text('Emparceirar a próxima rodada')")
        page.wait_for_selector(f"text=Rodada {number} emparceirada. Confira e publique.")
        page.click("text=Publicar rodada")
        page.wait_for_selector(f"text=Rodada {number} publicada.")
        selects = page.locator("select[name^=result-]")
        assert selects.count() == 2
        selects.nth(0).select_option(label=first)
        selects.nth(1).select_option(label=second)
        page.click("text=Gravar resultados")
        page.wait_for_selector("text=2 resultado(s) gravado(s).")
        page.click("nav.tabs >> text=Classificação")
        page.wait_for_selector(f"text=após a rodada {number}")

    rows = page.locator("table.standings tbody tr")
    assert rows.count() == 4
    header = [t.strip().lower() for t in page.locator("table.standings thead th").all_inner_texts()]
    pts = header.index("pts")
    totals = sorted((int(rows.nth(i).locator("td").nth(pts).inner_text().split()[0]) for i in range(4)), reverse=True)
    assert sum(totals) == 2 * 2 * 2  # two rounds, two games, 2 points a game (CBJD scoring)
    assert totals[0] >= totals[-1]
    assert problems == [], problems
