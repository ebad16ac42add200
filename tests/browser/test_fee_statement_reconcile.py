"""The bank statement reconciliation in a browser at 1280 px (CSRF on): upload an OFX file,
see the groups (matched, ambiguous, unknown, already booked) with their totals, resolve one
ambiguous credit with its select, confirm, and read the summary with a link to each event.
The preview also fits a 390 px phone (its tables scroll inside their frame)."""
from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.engine.fees import pix_txid
from damas.extensions import db
from damas.models import Entry, EntryStatus, Event, EventStatus, Player, User
from damas.models.fees import FeePayment
from damas.services.fees import schedule
from damas.services.fees.sample_statement import SampleLine, sample_ofx
from tests.browser.conftest import sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-fees")
ON = date(2026, 12, 1)


def _event(name: str, players: list[Player]) -> Event:
    event = Event(name=name, discipline="damas-64", ruleset="cbjd", pairing_system="berger", planned_rounds=5,
                  time_minutes=45, time_increment=0, start_date=date(2026, 12, 5), end_date=date(2026, 12, 6),
                  status=EventStatus.REGISTRATION)
    db.session.add(event)
    db.session.flush()
    for number, player in enumerate(players, start=1):
        db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                             rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
    db.session.commit()
    return event


def _world(app) -> tuple[bytes, int, int]:  # type: ignore[no-untyped-def]
    with app.app_context():
        staff = db.session.query(User).filter_by(email="staff@browser.br").one()
        people = []
        for name in ("João César Araújo", "Ana Souza", "Ana Souza", "Maria da Conceição Lima"):
            people.append(Player(full_name=name, sex="M", birth_date=date(1990, 1, 1), state="CE",
                                 federation_id=f"R{len(people)}", rating_regular=1500))
        db.session.add_all(people)
        db.session.flush()
        joao, ana1, ana2, maria = people
        aberto = _event("Aberto de Fortaleza", [joao, ana1, maria])
        feminino = _event("Estadual Feminino", [ana2])
        for event in (aberto, feminino):
            schedule.save_schedule(staff, event, {"member_cents": 4500}, {})
        raw = sample_ofx([
            SampleLine("202612010001", ON, 4500, memo=f"PIX RECEBIDO - JOÃO C ARAÚJO {pix_txid(aberto.id, joao.id)}"),
            SampleLine("202612010002", ON, 4500, name="MARIA CONCEICAO LIMA", memo="PIX RECEBIDO"),
            SampleLine("202612020003", date(2026, 12, 2), 4500, name="ANA SOUZA", memo="PIX RECEBIDO"),
            SampleLine("202612020004", date(2026, 12, 2), 2000, name="PADARIA PÃO QUENTE", memo="PIX RECEBIDO"),
            SampleLine("202612030005", date(2026, 12, 3), -1990, memo="TARIFA PACOTE"),
        ])
        return raw, feminino.id, ana2.id


def test_reconcile_a_statement_at_1280px(live_server, browser):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    raw, feminino_id, ana2_id = _world(app)
    SHOTS.mkdir(exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, live_server["email"])
    page.goto(f"{base}/federacao/taxas/extrato")
    page.set_input_files("input[type=file]", files=[{"name": "extrato-dezembro.ofx", "mimeType": "application/x-ofx",
                                                    "buffer": raw}])
    page.click("button.primary")
    expect(page.locator("h1")).to_have_text("Conciliar o extrato: pré-visualização")
    expect(page.locator("#statement-matched tbody tr")).to_have_count(2)
    expect(page.locator("#statement-matched")).to_contain_text("identificador Pix")
    expect(page.locator("#statement-matched")).to_contain_text("valor e nome")
    expect(page.locator("#statement-ambiguous tbody tr")).to_have_count(1)
    expect(page.locator("#statement-unknown")).to_contain_text("PADARIA PÃO QUENTE")
    expect(page.locator(".statement-totals")).to_contain_text("R$ 90,00")
    assert page.evaluate("document.documentElement.scrollWidth") <= 1280
    page.select_option("#statement-ambiguous select", value=f"{feminino_id}:{ana2_id}")
    page.screenshot(path=str(SHOTS / "statement-preview-1280.png"), full_page=True)

    phone = context.new_page()
    phone.set_viewport_size({"width": 390, "height": 844})
    phone.goto(f"{base}/federacao/taxas/extrato")
    phone.set_input_files("input[type=file]", files=[{"name": "extrato.ofx", "mimeType": "application/x-ofx",
                                                     "buffer": raw}])
    phone.click("button.primary")
    expect(phone.locator("#statement-ambiguous select")).to_be_visible()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    phone.screenshot(path=str(SHOTS / "statement-preview-390.png"), full_page=True)
    phone.close()

    page.click("text=Confirmar e lançar os pagamentos")
    expect(page.locator("h1")).to_have_text("Extrato conciliado")
    expect(page.locator(".flash-success")).to_contain_text("Pagamentos lançados: 3, total R$ 135,00.")
    expect(page.locator("#statement-summary a")).to_have_count(2)
    page.screenshot(path=str(SHOTS / "statement-done-1280.png"), full_page=True)
    page.click("text=Estadual Feminino")
    expect(page.locator("h1")).to_contain_text("Estadual Feminino")
    with app.app_context():
        assert db.session.query(FeePayment).count() == 3
    assert errors == []
    context.close()
