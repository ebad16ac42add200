"""Issue 27 point 5: tie-breaks are chosen, not typed. On the event form (and the TRF import
preview) the order field becomes a list of names with up / down / remove buttons, an "add"
select and FIDE-GR presets; the field still posts the codes, and the event page shows names."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.formats.event_rules import shown_tiebreak_order
from damas.models import Event
from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-27")
VIEWPORTS = [(390, 844), (1280, 900)]


def _rows(page: Any) -> list[str]:
    return page.locator("[data-tiebreak-list] .tb-list li").evaluate_all("rows => rows.map(r => r.dataset.code)")


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_issue_27_5_event_form_pick_list(live_server, browser, width, height):  # type: ignore[no-untyped-def]
    base = live_server["url"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, live_server["email"])
    page.goto(f"{base}/eventos/novo")
    page.fill("input[name=name]", "Aberto das Escolhas")
    page.select_option("select[name=discipline]", "xadrez")
    page.select_option("select[name=ruleset]", "fide")
    page.select_option("select[name=pairing_system]", "dutch")
    page.fill("input[name=planned_rounds]", "5")
    page.fill("input[name=time_minutes]", "60")
    page.fill("input[name=start_date]", "2026-12-20")
    page.fill("input[name=end_date]", "2026-12-21")

    field = page.locator("input[name=tiebreak_order]")
    widget = page.locator("[data-tiebreak-list]")
    expect(widget).to_be_visible()
    expect(field).to_be_hidden()
    # empty field: the rule set's default is shown (FIDE Swiss, FIDE-TB A)
    assert _rows(page) == ["BH-C1", "BH-C2", "SB", "BH-M1"]
    expect(widget.locator(".tb-note")).to_contain_text("Padrão do regulamento")
    expect(widget).to_contain_text("Soma dos pontos dos adversários, menos o adversário de menor pontuação.")

    # a FIDE-GR preset: Swiss without consistent ratings (d)
    presets = widget.locator("select").first
    expect(presets.locator("option[value=fide-swiss]")).to_have_count(1)
    expect(presets.locator("option[value=fide-rr]")).to_have_count(0)  # a round robin's list is not offered
    presets.select_option("fide-swiss")
    widget.get_by_role("button", name="Aplicar").click()
    assert _rows(page) == ["DE", "PS", "BH", "SB", "WIN", "BLK"]
    assert field.input_value() == "DE, PS, BH, SB, WIN, BLK"

    # reorder: one by the keyboard, one by a click
    down = widget.get_by_role("button", name="Descer: Confronto direto")
    down.focus()
    page.keyboard.press("Enter")
    widget.get_by_role("button", name="Subir: Sonneborn-Berger").click()
    assert _rows(page) == ["PS", "DE", "SB", "BH", "WIN", "BLK"]
    # remove, add
    widget.get_by_role("button", name="Remover: Partidas com as pretas").click()
    add = widget.locator("select").nth(1)
    expect(add.locator("option[value=BLK]")).to_have_count(1)  # back among the ones to add
    expect(add.locator("option[value=PS]")).to_have_count(0)  # chosen ones are not offered
    add.select_option("TPR")
    widget.get_by_role("button", name="Adicionar", exact=True).click()
    assert _rows(page) == ["PS", "DE", "SB", "BH", "WIN", "TPR"]
    assert field.input_value() == "PS, DE, SB, BH, WIN, TPR"
    expect(widget.get_by_role("button", name="Subir: Escore acumulado")).to_be_disabled()

    SHOTS.mkdir(exist_ok=True)
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"tbpick-event-form-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    page.locator("button.primary").click()
    page.wait_for_selector("text=Evento criado.")
    order = page.locator("dt:text-is('Desempates') + dd")
    expect(order).to_have_text("Escore acumulado, Confronto direto, Sonneborn-Berger, Milésimos totais (Buchholz), "
                               "Número de vitórias, Performance")
    order.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"tbpick-event-page-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    # the edit form reads the stored codes back into the list
    page.goto(page.url + "/editar")
    assert _rows(page) == ["PS", "DE", "SB", "BH", "WIN", "TPR"]
    assert not problems, problems
    context.close()


def _trf_line(no: int, name: str, cells: tuple[str, ...], points: str = "0.0") -> str:
    """A TRF-16 001 line in its columns (as tests/web/trf/test_trf_import.py writes them)."""
    head = f"001 {no:4d} m    {name:<33} {'':>4} BRA {'':>11} {'':<10} {points:>4} {no:4d}"
    return head + "".join("  " + c for c in cells) + "\n"


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_issue_27_5_trf_import_pick_list(live_server, browser, tmp_path, width, height):  # type: ignore[no-untyped-def]
    base = live_server["url"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, live_server["email"])
    trf = tmp_path / "torneio.trf"
    trf.write_text("012 Campeonato de Damas 64\n122 45 min\nXXS W=1.0\n"
                   + _trf_line(1, "Alpha", ("   2 w 1",), points="1.0") + _trf_line(2, "Beta", ("   1 b 0",)))
    page.goto(f"{base}/eventos/importar-trf/")
    page.set_input_files("input[type=file]", str(trf))
    page.locator("button.primary").click()
    widget = page.locator("[data-tiebreak-list]")
    expect(widget).to_be_visible()
    field = page.locator("input[name=tiebreak_order]")
    expect(field).to_be_hidden()
    assert field.input_value() == ""
    first = _rows(page)
    assert first and first[0] == "PS"  # the CBJD default (CBJD 123, 127) as the file says cbjd
    widget.get_by_role("button", name="Remover: Escore acumulado", exact=True).click()
    assert field.input_value() == ", ".join(first[1:])
    add = widget.locator("select").nth(1)
    add.select_option("DE")
    widget.get_by_role("button", name="Adicionar", exact=True).click()
    assert field.input_value() == ", ".join([*first[1:], "DE"])
    SHOTS.mkdir(exist_ok=True)
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"tbpick-trf-import-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not problems, problems
    context.close()


@pytest.mark.parametrize("width,height", VIEWPORTS)
def test_issue_27_5_frozen_order_is_listed_read_only(demo_server, browser, width, height):  # type: ignore[no-untyped-def]
    """After round 1 is published the order is fixed (CBJD 127; FIDE-GR): the list shows its names
    without buttons, and the event page lists the same names."""
    app, base = demo_server["app"], demo_server["url"]
    with app.app_context():
        event = db.session.query(Event).filter_by(pairing_system="dutch-2025").one()  # the running open
        event_id, order = event.id, list(shown_tiebreak_order(event))
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    problems = watch_console(page)
    sign_in(page, base, "staff@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/eventos/{event_id}/editar")
    widget = page.locator("[data-tiebreak-list]")
    expect(widget).to_be_visible()
    assert _rows(page) == order
    expect(widget.locator("button")).to_have_count(0)
    expect(widget.locator("select")).to_have_count(0)
    names = widget.locator(".tb-list li strong").all_inner_texts()
    SHOTS.mkdir(exist_ok=True)
    widget.scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"tbpick-frozen-{width}.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.goto(f"{base}/eventos/{event_id}")
    expect(page.locator("dt:text-is('Desempates') + dd")).to_contain_text(", ".join(names))
    assert not problems, problems
    context.close()
