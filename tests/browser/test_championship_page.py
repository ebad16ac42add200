"""A championship's page in the browser at 390 px (a phone) and 1280 px: the facts, every
public section with its state, current round and leaders, and the schedule by day, all inside
the screen's width; the staff's sections page on a phone too."""
from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player
from tests.browser.conftest import sign_in, watch_console
from tests.web.championships.championship_page_world import build_championship

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-championship")


def _make_event(players: tuple[Player, ...] = (), **kw: Any) -> Event:
    values = {"name": "Evento", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
              "planned_rounds": 5, "time_minutes": 45, "time_increment": 0, "start_date": date(2026, 12, 5),
              "end_date": date(2026, 12, 6), "status": EventStatus.REGISTRATION, **kw}
    event = Event(**values)
    db.session.add(event)
    db.session.flush()
    for number, player in enumerate(players, start=1):
        db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                             rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
    db.session.commit()
    return event


def _make_player(**kw: Any) -> Player:
    player = Player(sex="M", birth_date=date(1990, 1, 1), state="SP", federation_id=f"P-{kw['full_name']}", **kw)
    db.session.add(player)
    db.session.commit()
    return player


@pytest.fixture
def championship(live_server) -> dict[str, Any]:  # type: ignore[no-untyped-def]
    with live_server["app"].app_context():
        world = build_championship(_make_event, _make_player)
        world["championship"].name = "Campeonato Paulista Absoluto e Feminino de Damas 2026"
        db.session.commit()
        return {"id": world["championship"].id, "swiss": world["swiss"].id}


@pytest.mark.parametrize("width", [390, 1280])
def test_championship_page(live_server, browser, championship, width):  # type: ignore[no-untyped-def]
    base = live_server["url"]
    context = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=width < 500)
    page = context.new_page()
    errors = watch_console(page)
    page.goto(f"{base}/campeonatos/{championship['id']}")
    expect(page.locator("h1")).to_have_text("Campeonato Paulista Absoluto e Feminino de Damas 2026")
    sections = page.locator(".champ-section")
    expect(sections).to_have_count(2)  # the draft final is not shown
    expect(sections.nth(0)).to_contain_text("Em andamento")
    expect(sections.nth(0)).to_contain_text("Rodada 1 de 3")
    expect(sections.nth(0).locator(".champ-leaders li")).to_have_count(3)
    expect(sections.nth(1)).to_contain_text("Inscrições abertas")
    expect(page.locator(".champ-day")).to_have_count(2)
    expect(page.locator(".champ-schedule tbody tr")).to_have_count(5)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"championship-{width}.png"), full_page=True)
    page.click(f".champ-section a[href='/eventos/{championship['swiss']}']")
    expect(page.locator(".champ-of a")).to_have_attribute("href", f"/campeonatos/{championship['id']}")
    assert errors == []
    context.close()


def test_staff_sections_page_on_a_phone(live_server, browser, championship):  # type: ignore[no-untyped-def]
    base = live_server["url"]
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, live_server["email"])
    page.goto(f"{base}/campeonatos/{championship['id']}/secoes")
    expect(page.locator(".champ-sections .card")).to_have_count(3)
    page.locator(".champ-sections .card").nth(1).get_by_role("button", name="Subir").click()
    expect(page.locator(".flash")).to_contain_text("Ordem das seções salva.")
    expect(page.locator(".champ-sections .card").nth(0)).to_contain_text("Feminino")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "sections-390.png"), full_page=True)
    assert errors == []
    context.close()
