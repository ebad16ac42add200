"""The championship entry on a 390 px phone: each section a box or its reasons, all fitting the
screen; two sections ticked and sent once through the real form (CSRF on)."""
from __future__ import annotations

from datetime import date, datetime, timezone
from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, EventStatus, Player, Role, User
from damas.models.championships import Championship, ChampionshipSection, SectionEligibility
from damas.models.event import Event
from damas.models.registration import GuestPolicy, RegistrationSettings
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-champ-entry")


def _world() -> tuple[int, list[int]]:
    player = Player(full_name="Ana Beatriz Souza", sex="F", birth_date=date(1995, 4, 2), state="SP",
                    federation_id="SP-0101", rating_regular=1620, rating_rapid=1580)
    db.session.add(player)
    db.session.flush()
    user = User(email="ana@browser.br", name="Ana Beatriz Souza", role=Role.PLAYER, player_id=player.id,
                email_verified_at=datetime.now(timezone.utc))
    user.set_password(PASSWORD)
    champ = Championship(name="Campeonato Paulista de Damas 2026", start_date=date(2026, 12, 5),
                         end_date=date(2026, 12, 7), venue="Clube Paulistano", published=True)
    db.session.add_all([user, champ])
    db.session.flush()
    ids = []
    for position, name in enumerate(("Absoluto", "Feminino", "Sub-14 (juvenil)", "Relâmpago de encerramento")):
        event = Event(name=name, discipline="damas-64", ruleset="cbjd", pairing_system="berger", planned_rounds=5,
                      time_minutes=45, time_increment=0, start_date=date(2026, 12, 5), end_date=date(2026, 12, 7),
                      status=EventStatus.REGISTRATION)
        db.session.add(event)
        db.session.flush()
        db.session.add(ChampionshipSection(event_id=event.id, championship_id=champ.id, position=position))
        db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                            guest_places=0))
        ids.append(event.id)
    db.session.add(SectionEligibility(event_id=ids[1], sex="f"))
    db.session.add(SectionEligibility(event_id=ids[2], max_age=14, age_on=date(2026, 12, 5)))
    db.session.commit()
    return champ.id, ids


def test_championship_entry_on_a_390px_phone(live_server, browser):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        champ_id, ids = _world()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "ana@browser.br")
    page.goto(f"{base}/campeonatos/{champ_id}/inscricao")
    expect(page.locator("h1")).to_have_text("Campeonato Paulista de Damas 2026")
    expect(page.locator("input[type=checkbox][name=sections]")).to_have_count(3)
    expect(page.locator("main")).to_contain_text("idade máxima 14 anos em 05/12/2026; o jogador tem 31.")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "entry-390.png"), full_page=True)
    page.locator(f"input[name=sections][value='{ids[0]}']").check()
    page.locator(f"input[name=sections][value='{ids[1]}']").check()
    page.click("button.primary")
    expect(page.locator(".flash-success")).to_contain_text("Inscrição feita em 2 seções")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "entry-390-done.png"), full_page=True)
    with app.app_context():
        assert sorted(e.event_id for e in db.session.query(Entry)) == ids[:2]
    assert errors == []
    context.close()
