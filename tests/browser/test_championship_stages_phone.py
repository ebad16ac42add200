"""The staff page of a fed section on a 390 px phone and at 1280 px: the rules saved through the
real form (CSRF on), the preview, a decliner marked, the carry-over; the page never scrolls
sideways (the tables scroll inside their box)."""
from __future__ import annotations

from datetime import date
from itertools import count
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, Role, User
from tests.browser.conftest import PASSWORD, sign_in, watch_console
from tests.web.championships.stage_world import build

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-stages")
_n = count(1)


def _player(**kw: Any) -> Player:
    n = next(_n)
    values = {"full_name": f"Jogador {n}", "sex": "M", "birth_date": date(1990, 1, 1), "state": "CE",
              "federation_id": f"STAGE-{n}", "rating_regular": 1500}
    values.update(kw)
    player = Player(**values)
    db.session.add(player)
    db.session.commit()
    return player


def _event(players: tuple[Player, ...] = (), **kw: Any) -> Event:
    values = {"name": "Evento", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
              "planned_rounds": 3, "time_minutes": 45, "start_date": date(2026, 12, 5), "end_date": date(2026, 12, 6),
              "status": EventStatus.REGISTRATION}
    values.update(kw)
    event = Event(**values)
    db.session.add(event)
    db.session.flush()
    for number, p in enumerate(players, start=1):
        db.session.add(Entry(event_id=event.id, player_id=p.id, pairing_number=number,
                             rating_at_entry=p.rating_regular or 0, status=EntryStatus.REGISTERED))
    db.session.commit()
    return event


@pytest.mark.parametrize("width", [390, 1280])
def test_stage_page(live_server, browser, width):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        world = build(db, _player, _event)
        staff = User(email=f"equipe{width}@browser.br", name="Equipe", role=Role.STAFF)
        staff.set_password(PASSWORD)
        db.session.add(staff)
        db.session.commit()
        final_id, swiss_id = world["final"].id, world["swiss"].id
    context = browser.new_context(viewport={"width": width, "height": 844}, is_mobile=width < 600)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, f"equipe{width}@browser.br")
    page.goto(f"{base}/eventos/{final_id}/classificatoria")
    page.select_option("select[name=source_0]", str(swiss_id))
    page.fill("input[name=top_0]", "4")
    page.click("text=Salvar regras")
    expect(page.locator("table.stage-preview tbody tr")).to_have_count(7)  # 4 places and 3 reserves
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"stage-{width}.png"), full_page=True)
    page.locator("tr.stage-qualified", has_text="Jogador A").get_by_role("button", name="Desistiu").click()
    expect(page.locator("tr.stage-substitute")).to_have_count(1)
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("text=Transportar classificados")
    expect(page.locator("body")).to_contain_text("Classificados inscritos na seção.")
    page.goto(f"{base}/eventos/{final_id}")
    expect(page.locator(".stage-list")).to_contain_text("Classificados de Aberto")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"final-{width}.png"), full_page=True)
    assert errors == []
    context.close()
