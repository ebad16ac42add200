"""From the events list to round 1 published with 16 pasted players, counted in clicks (each click
on a link, a button or a drop-down choice; typed fields counted apart), at phone and desk
widths: the new event starts with the federation's pairing system and publishes with its
pairing, opening registration lands on the entries, the Rodadas tab pairs round 1 and starts the
event. Then every result of round 1 is entered and the round page offers round 2, the undo block
below the results. The target is at most 10 clicks (17 before these steps)."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, EventStatus, Event, Player, Round, RoundStatus
from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console
from tests.browser.test_bulk_entries_flow import Counter

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-new-event")
MAX_CLICKS = 10


def _no_overflow(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


def _sixteen_lines(app: Any) -> str:
    """16 demo players nobody shares a name with: 8 by name, 8 by federation number."""
    with app.app_context():
        players = db.session.query(Player).filter(Player.federation_id.is_not(None)).order_by(Player.id).all()
        counts: dict[str, int] = {}
        for p in players:
            counts[p.full_name] = counts.get(p.full_name, 0) + 1
        chosen = [p for p in players if counts[p.full_name] == 1][16:32]  # others than the bulk-flow test's
        return "\n".join(p.full_name if i % 2 == 0 else p.federation_id for i, p in enumerate(chosen))


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_new_event_to_round_1_published_in_at_most_ten_clicks(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    app, base = demo_server["app"], demo_server["url"]
    pasted = _sixteen_lines(app)
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, "staff@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/eventos/")
    SHOTS.mkdir(exist_ok=True)
    name = f"Aberto de Dezembro ({width})"

    user = Counter(page)
    user.click("a:has-text('Novo evento')")
    expect(page.locator("select[name=pairing_system]")).to_have_value("dutch")  # the federation's choice
    expect(page.locator("input[name=publish_on_pair]")).to_be_checked()
    user.type("input[name=name]", name)
    user.type("input[name=planned_rounds]", "5")
    user.type("input[name=time_minutes]", "30")
    user.type("input[name=start_date]", "2026-12-19")
    user.type("input[name=end_date]", "2026-12-19")
    user.click("form button.primary")
    expect(page.locator("text=Evento criado.")).to_be_visible()
    event_id = int(page.url.rstrip("/").split("/")[-1])

    user.click("nav.tabs >> text=Rodadas")  # the tab a newcomer opens first says what to do
    expect(page.locator("[data-next-step]")).to_contain_text("rascunho")
    page.screenshot(path=str(SHOTS / f"draft-rounds-{width}.png"), full_page=True)
    _no_overflow(page, width)
    user.click("[data-next-step] button:has-text('Abrir inscrições')")
    expect(page.locator("text=Situação do evento alterada.")).to_be_visible()
    assert page.url.endswith(f"/eventos/{event_id}/inscricoes")  # landed on the next step
    user.click("a:has-text('Inscrever vários')")
    user.type("textarea[name=pasted]", pasted)
    user.click("button:has-text('Ver prévia')")
    user.click("button:has-text('Confirmar importação')")
    expect(page.locator("text=16 jogadores inscritos.").first).to_be_visible()

    user.click("nav.tabs >> text=Rodadas")
    expect(page.locator("[data-next-step]")).to_contain_text("16 jogadores inscritos.")
    page.screenshot(path=str(SHOTS / f"ready-rounds-{width}.png"), full_page=True)
    _no_overflow(page, width)
    user.click("button:has-text('Emparceirar a próxima rodada')")
    expect(page.locator("text=Rodada 1 emparceirada e publicada: lance os resultados aqui.")).to_be_visible()
    expect(page.locator("select[name^=result-]")).to_have_count(8)  # results at once, no "Publicar" step
    page.screenshot(path=str(SHOTS / f"round1-{width}.png"), full_page=True)
    _no_overflow(page, width)
    print(f"\nCLICKS new event to round 1 published, {width}px: {user.clicks} clicks, {user.fields} fields typed")
    assert user.clicks <= MAX_CLICKS, user.clicks
    with app.app_context():
        assert db.session.get(Event, event_id).status == EventStatus.RUNNING  # pairing started the event
        assert db.session.query(Entry).filter_by(event_id=event_id).count() == 16
        assert db.session.query(Round).filter_by(event_id=event_id, number=1).one().status == RoundStatus.PUBLISHED

    selects = page.locator("select[name^=result-]")
    for i in range(selects.count()):
        selects.nth(i).select_option(index=1 + i % 3)  # a win, a loss or a draw per board
    page.click("button:has-text('Gravar resultados')")
    expect(page.locator("text=8 resultado(s) gravado(s).")).to_be_visible()
    step = page.locator("[data-next-step=pair]")
    expect(step).to_contain_text("Todos os resultados da rodada 1 estão lançados.")
    page.screenshot(path=str(SHOTS / f"round1-done-{width}.png"), full_page=True)
    _no_overflow(page, width)
    assert page.evaluate("""() => {
        const undo = document.querySelector('details.undo-round'), table = document.querySelector('table.pairings');
        return !!undo && !!(table.compareDocumentPosition(undo) & Node.DOCUMENT_POSITION_FOLLOWING);
    }""")  # the undo block comes after the results
    step.locator("button:has-text('Emparceirar a rodada 2')").click()
    expect(page.locator("text=Rodada 2 emparceirada e publicada: lance os resultados aqui.")).to_be_visible()
    assert problems == [], problems
    context.close()
