"""The FIDE norms page of a finished chess round robin at 390 px (a phone) and 1280 px: each
player's card fits the screen, the figures carry their articles, a staff member sees the
settings and the certificate; the API and the page agree on who made the norm."""
from __future__ import annotations

import itertools
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, Event, EventArbiter, Player, Role, User
from tests.browser.conftest import sign_in, watch_console
from tests.web.norms.norm_events import FIELD, SIX_AND_A_HALF, build_round_robin

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-norms")
_n = itertools.count(1)


def _make_user(role: Role = Role.STAFF, **kw: Any) -> User:
    user = User(email=f"normas{next(_n)}@browser.br", name="Equipe Normas", role=role, **kw)
    user.set_password("secret123")
    db.session.add(user)
    db.session.commit()
    return user


def _make_player(**kw: Any) -> Player:
    values = {"sex": "M", "birth_date": date(1995, 1, 1), "state": "CE", "federation_id": f"N{next(_n)}", **kw}
    player = Player(**values)
    db.session.add(player)
    db.session.commit()
    return player


def _make_event(players: tuple[Player, ...] = (), **kw: Any) -> Event:
    event = Event(**kw)
    db.session.add(event)
    db.session.flush()
    for number, player in enumerate(players, start=1):
        db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                             rating_at_entry=player.rating_regular or 0))
    db.session.commit()
    return event


@pytest.mark.parametrize("width", [390, 1280])
def test_norms_page_at_phone_and_desktop_widths(live_server, browser, width):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        event, players, _staff = build_round_robin(db, _make_user, _make_player, _make_event, FIELD,
                                                   SIX_AND_A_HALF, name="Internacional de Xadrez de Fortaleza")
        event_id, first = event.id, players[0].id
    context = browser.new_context(viewport={"width": width, "height": 900}, is_mobile=width < 600)
    page = context.new_page()
    errors = watch_console(page)
    page.goto(f"{base}/eventos/{event_id}")
    page.click(f"nav.tabs a[href='/eventos/{event_id}/normas']")
    expect(page.locator("h2")).to_contain_text(["Normas FIDE"])
    card = page.locator(f"#jogador-{first}")
    expect(card).to_contain_text("Norma de Mestre Internacional (IM)")
    expect(card.locator(".norm-status-met")).to_have_text("alcançada")
    expect(card).to_contain_text("1.4.5c")
    expect(card).to_contain_text("2466")
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"norms-{width}.png"), full_page=False)
    card.screenshot(path=str(SHOTS / f"norms-card-{width}.png"))
    sign_in(page, base, live_server["email"])
    page.goto(f"{base}/eventos/{event_id}/normas")
    expect(page.locator(f"#jogador-{first} a", has_text="Certificado IT1 (PDF)")).to_have_count(1)
    page.select_option("select[name=chief_arbiter_title]", "IA")
    page.click("form.form button.primary")
    expect(page.locator(".flash")).to_contain_text(["Configurações de normas salvas."])
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(SHOTS / f"norms-staff-{width}.png"), full_page=False)
    assert errors == []
    context.close()
