"""The "E-mails" page of Minha área on a phone: every kind a checkbox that fits the screen, the
choice saved through the real form (CSRF on) and ticked again on the next visit."""
from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect

from damas.extensions import db
from damas.models import MailOptOut, Role, User
from tests.browser.conftest import PASSWORD, sign_in, watch_console

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-mail")


def test_mail_preferences_on_a_390px_phone(live_server, browser):  # type: ignore[no-untyped-def]
    base, app = live_server["url"], live_server["app"]
    with app.app_context():
        user = User(email="jogadora@browser.br", name="Jogadora de Teste", role=Role.PLAYER)
        user.set_password(PASSWORD)
        db.session.add(user)
        db.session.commit()
        user_id = user.id
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    errors = watch_console(page)
    sign_in(page, base, "jogadora@browser.br")
    page.goto(f"{base}/conta/minha-area")
    page.click("a[href='/conta/emails']")
    expect(page.locator("h1")).to_have_text("E-mails")
    boxes = page.locator("input[type=checkbox][name=kinds]")
    expect(boxes).to_have_count(7)
    expect(page.locator(".flash-info")).to_contain_text("ainda não foi confirmado")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    SHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SHOTS / "preferences-390.png"), full_page=True)
    page.locator("input[type=checkbox][value=announcements]").uncheck()
    page.click("button.primary")
    expect(page.locator(".flash-success, .flash.success, .flash")).to_contain_text(["Preferências de e-mail salvas."])
    assert not page.locator("input[type=checkbox][value=announcements]").is_checked()
    assert page.locator("input[type=checkbox][value=entries]").is_checked()
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=str(SHOTS / "preferences-390-saved.png"), full_page=True)
    with app.app_context():
        assert [r.kind for r in db.session.query(MailOptOut).filter_by(user_id=user_id)] == ["announcements"]
    assert errors == []
    context.close()
