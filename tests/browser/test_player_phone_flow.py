"""End to end on a 360-px phone: a player signs up, registers, sees his pairing and his category
standing. The screenshots are kept as artefacts in instance/test-artefacts/ (git-ignored; the
DAMAS_TEST_ARTEFACTS environment variable names another folder): pytest-playwright empties its
own output folder after a passing test."""
from __future__ import annotations

import os
from datetime import date
from pathlib import Path

import pytest

pytestmark = pytest.mark.browser



def _no_sideways_scroll(page) -> None:  # type: ignore[no-untyped-def]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 360, f"page is {width}px wide on a 360px screen"


def test_player_signs_up_registers_and_follows_on_a_phone(live_server, browser):  # type: ignore[no-untyped-def]
    from damas.extensions import db
    from damas.models import Entry, EntryStatus, Event, EventStatus, Player, User
    from damas.models.registration import GuestPolicy, RegistrationSettings

    app, base = live_server["app"], live_server["url"]
    with app.app_context():
        event = Event(name="Aberto de Celular", discipline="damas-64", ruleset="cbjd", pairing_system="berger",
                      planned_rounds=3, time_minutes=45, time_increment=0, start_date=date(2026, 12, 12),
                      end_date=date(2026, 12, 12), venue="Clube Central", status=EventStatus.REGISTRATION)
        db.session.add(event)
        db.session.flush()
        for player in db.session.query(Player).order_by(Player.id).limit(3):
            db.session.add(Entry(event_id=event.id, player_id=player.id, rating_at_entry=player.rating_regular or 0,
                                 status=EntryStatus.REGISTERED))
        db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, capacity=8,
                                            guest_policy=GuestPolicy.OPEN, guest_places=0))
        db.session.commit()
        event_id = event.id

    context = browser.new_context(viewport={"width": 360, "height": 740}, device_scale_factor=2, is_mobile=True,
                                  has_touch=True)
    page = context.new_page()
    from tests.browser.conftest import watch_console

    problems = watch_console(page)
    artefacts = Path(os.environ.get("DAMAS_TEST_ARTEFACTS") or Path(__file__).resolve().parents[2] / "instance" / "test-artefacts")
    artefacts.mkdir(parents=True, exist_ok=True)

    page.goto(f"{base}/conta/cadastro")
    page.select_option("select[name=kind]", "guest")
    page.fill("input[name=name]", "Clara Celular")
    page.fill("input[name=email]", "clara@browser.br")
    page.fill("input[name=password]", "celular123")
    page.fill("input[name=confirm]", "celular123")
    page.select_option("select[name=sex]", "F")
    page.fill("input[name=birth_date]", "2014-06-01")
    page.click("button.primary")
    page.wait_for_selector("text=Pedido de conta recebido.")  # the neutral answer (issue 25 point 6)
    page.fill("input[name=email]", "clara@browser.br")
    page.fill("input[name=password]", "celular123")
    page.click("button.primary")
    page.wait_for_selector("text=Bem-vindo")
    _no_sideways_scroll(page)

    page.goto(f"{base}/eventos/{event_id}/inscricao")
    page.wait_for_selector("text=5 vagas livres")
    _no_sideways_scroll(page)
    page.click("button:has-text('Inscrever-me')")
    page.wait_for_selector("text=Inscrição confirmada.")
    page.wait_for_selector("text=Você está inscrito.")

    # the arbiters start the event, pair it, play round 1 and publish round 2
    with app.app_context():
        from damas.models import GameResult
        from damas.services.entries import self_service as reg
        from damas.services.rounds.round_robin import generate_round_robin
        from damas.services.results.recording import publish_round, record_results

        staff = db.session.query(User).filter_by(email=live_server["email"]).one()
        event = db.session.get(Event, event_id)
        assert reg.start_event(staff, event)
        rounds = generate_round_robin(staff, event, "rating")
        publish_round(staff, event, rounds[0])
        record_results(staff, event, {g.id: (GameResult.DRAW, g.version) for g in rounds[0].games})
        publish_round(staff, event, rounds[1])
        clara = db.session.query(Player).filter_by(full_name="Clara Celular").one()
        game = next(g for g in rounds[1].games if clara.id in (g.white.player_id, g.black.player_id))
        board = game.board
        opponent = (game.black if game.white.player_id == clara.id else game.white).player.full_name

    page.goto(f"{base}/eventos/{event_id}/rodadas/2")
    page.wait_for_selector("table.pairings >> text=Clara Celular")
    _no_sideways_scroll(page)
    page.screenshot(path=str(artefacts / "player-phone-pairings.png"), full_page=True)

    page.goto(f"{base}/conta/minha-area")
    page.click("text=Minhas partidas")
    page.wait_for_selector("h2:has-text('Clara Celular')")
    row = page.locator("table.player-games tbody tr").nth(1)
    cells = row.locator("td")
    assert cells.nth(0).inner_text().strip() == "2"
    assert cells.nth(1).inner_text().strip() == str(board)
    assert opponent in cells.nth(3).inner_text()
    assert "em jogo" in cells.nth(5).inner_text()  # after the opponent's rating (issue 27 point 7)
    places = page.locator("ul.category-places")
    assert "Feminino: 1º de 1" in " ".join(places.inner_text().split())
    assert "Sub-12" in places.inner_text()
    _no_sideways_scroll(page)
    page.screenshot(path=str(artefacts / "player-phone-card.png"), full_page=True)
    assert problems == [], problems

    context.close()
