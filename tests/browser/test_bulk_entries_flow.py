"""Issue 27 point 4 and its closing note: from the events list to round 1 published with 16
pasted players (8 by name, 8 by federation number, from the demo registry) and one bad line.

The clicks are counted (each click on a link, a button or a choice in a drop-down; the fields
typed are counted apart). The flow adapts to the page it meets, so the same test measured the
code before point 4 (the list refused whole: back to an empty box, paste again without the bad
line) and after it (every line's verdict, "enter only the good lines", the bad one kept in the
box to mend).
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Entry, Player, Round, RoundStatus
from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")
BAD_LINE = "Jogador Que Não Existe"


class Counter:
    """The page's clicks and typed fields, counted as the user would make them."""

    def __init__(self, page: Any) -> None:
        self.page, self.clicks, self.fields = page, 0, 0

    def click(self, selector: str) -> None:
        self.clicks += 1
        self.page.locator(selector).first.click()

    def choose(self, selector: str, value: str) -> None:
        self.clicks += 1
        self.page.select_option(selector, value)

    def type(self, selector: str, text: str) -> None:
        self.fields += 1
        self.page.fill(selector, text)


def _no_overflow(page: Any, width: int) -> None:
    assert page.evaluate("document.documentElement.scrollWidth") <= width


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
def test_issue_27_4_new_event_to_round_1_with_16_pasted_players(  # type: ignore[no-untyped-def]
        demo_server, browser, width, height):
    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        players = db.session.query(Player).filter(Player.federation_id.is_not(None)).order_by(Player.id).all()
        names: dict[str, int] = {}
        for p in players:
            names[p.full_name] = names.get(p.full_name, 0) + 1
        unique = [p for p in players if names[p.full_name] == 1]
        chosen = unique[:16]
        good = [p.full_name if i % 2 == 0 else p.federation_id for i, p in enumerate(chosen)]
    pasted = "\n".join(good[:8] + [BAD_LINE] + good[8:])
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, "staff@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/eventos/")
    SHOTS.mkdir(exist_ok=True)

    user = Counter(page)
    user.click("a:has-text('Novo evento')")
    user.type("input[name=name]", f"Aberto dos 16 ({width})")
    user.choose("select[name=pairing_system]", "dutch")  # the Swiss (the first choice is a round robin)
    user.type("input[name=planned_rounds]", "5")
    user.type("input[name=time_minutes]", "30")
    user.type("input[name=start_date]", "2026-12-19")
    user.type("input[name=end_date]", "2026-12-19")
    user.click("form button.primary")
    expect(page.locator("text=Evento criado.")).to_be_visible()
    event_id = int(page.url.rstrip("/").split("/")[-1])

    if page.locator("button:has-text('Abrir inscrições')").count():
        user.click("button:has-text('Abrir inscrições')")
    else:
        user.choose("select[name=status]", "registration")
        user.click("button:has-text('Aplicar')")
    expect(page.locator("text=Situação do evento alterada.")).to_be_visible()
    if "/inscricoes" not in page.url:  # opening registration lands on the entries since the next-step pass
        user.click("a.button:has-text('Inscrições')")
    user.click("a:has-text('Inscrever vários')")
    user.type("textarea[name=pasted]", pasted)
    user.click("button:has-text('Ver prévia')")
    expect(page.locator("table.table")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"bulk-preview-{width}.png"), full_page=True)
    _no_overflow(page, width)

    forgiving = page.locator("button:has-text('Inscrever só as 16 linhas válidas')").count() > 0
    if forgiving:
        row = page.locator("tr.import-error")
        expect(row).to_have_count(1)
        expect(row).to_contain_text("não encontrado")
        expect(page.locator("textarea[name=pasted]")).to_have_value(pasted)  # the text comes back
        user.click("button:has-text('Inscrever só as 16 linhas válidas')")
        expect(page.locator("text=16 jogadores inscritos.")).to_be_visible()
        expect(page.locator("textarea[name=pasted]")).to_have_value(BAD_LINE)  # the line to mend
        page.screenshot(path=str(SHOTS / f"bulk-after-{width}.png"), full_page=True)
        _no_overflow(page, width)
        user.click(f"main a:has-text('{f'Aberto dos 16 ({width})'}')")
    else:  # before point 4: the whole list refused, back to an empty box, paste again without the bad line
        user.click("a:has-text('Enviar outro arquivo')")
        user.type("textarea[name=pasted]", "\n".join(good))
        user.click("button:has-text('Ver prévia')")
        user.click("button:has-text('Confirmar importação')")
        expect(page.locator("text=16 jogadores inscritos.")).to_be_visible()
    with app.app_context():
        assert db.session.query(Entry).filter_by(event_id=event_id).count() == 16

    # start the event, pair and publish round 1
    user.click("nav.tabs >> text=Evento")
    user.choose("select[name=status]", "running")
    user.click("button:has-text('Aplicar')")
    if page.locator("button:has-text('Confirmar')").count():
        user.click("button:has-text('Confirmar')")
    expect(page.locator("text=Situação do evento alterada.")).to_be_visible()
    user.click("nav.tabs >> text=Rodadas")
    user.click("button:has-text('Emparceirar a próxima rodada')")
    expect(page.locator("text=Rodada 1 emparceirada")).to_be_visible()  # the page arrived, then which flash
    if page.locator("text=Rodada 1 emparceirada e publicada").count() == 0:  # an event that waits for "Publicar"
        expect(page.locator("text=Rodada 1 emparceirada. Confira e publique.")).to_be_visible()
        user.click("text=Publicar rodada")
        expect(page.locator("text=Rodada 1 publicada.")).to_be_visible()
    page.screenshot(path=str(SHOTS / f"bulk-round1-{width}.png"), full_page=True)
    _no_overflow(page, width)
    with app.app_context():
        assert db.session.query(Round).filter_by(event_id=event_id, number=1).one().status == RoundStatus.PUBLISHED
    print(f"\nCLICKS issue-27 bulk flow ({'after' if forgiving else 'before'}) {width}px: "
          f"{user.clicks} clicks, {user.fields} fields typed")
    assert problems == [], problems
    context.close()
