"""The change log on a phone and a screen: nothing wider than the screen, each date and time on
one line (it broke as "05/12/202 / 6"), rows named instead of numbered."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import DEMO_PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-37")


@pytest.mark.parametrize("width,height", [(390, 844), (1280, 900)])
@pytest.mark.parametrize("lang", ["pt_BR", "en"])
def test_the_change_log_reads_on_a_phone(demo_server, browser, width, height, lang):  # type: ignore[no-untyped-def]
    base = demo_server["url"]
    context = browser.new_context(viewport={"width": width, "height": height}, is_mobile=width < 500)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "staff@demo.damas.br", DEMO_PASSWORD)
    page.goto(f"{base}/lang/{lang}")
    page.goto(f"{base}/usuarios/auditoria?object_type=entry")
    table = page.locator("table.audit")
    expect(table).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    whens = table.locator("td.when span.date")
    assert whens.count() >= 5
    for k in range(min(whens.count(), 10)):
        box = whens.nth(k).bounding_box()
        line = page.evaluate("(el) => parseFloat(getComputedStyle(el).lineHeight) || 20", whens.nth(k).element_handle())
        assert box is not None and box["height"] < 2 * line + 16, whens.nth(k).inner_text()
    expect(table).to_contain_text("Inscrição de " if lang == "pt_BR" else "Entry of ")
    change = table.locator(".audit-changes li").first  # "jogador: Fulano", label and value on one line
    label = change.locator(".audit-field").bounding_box()
    box = change.bounding_box()
    assert label is not None and box is not None and box["height"] < 2 * label["height"], change.inner_text()
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / f"change-log-{lang}-{width}.png"), full_page=False)
    assert errors == []
    context.close()
