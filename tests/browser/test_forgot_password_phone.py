"""'Esqueci minha senha' on a phone (390 px): ask for the link, open it from the mail, choose
the new password, log in with it; no page wider than the screen."""
from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.browser.conftest import watch_console
from tests.web.mail.mail_helpers import body, link_in, outbox

pytestmark = pytest.mark.browser
SHOTS = Path("/tmp/shots-mail")
WIDTH = 390


def _fits(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH, name


def test_forgot_password_on_a_phone(live_server, browser):  # type: ignore[no-untyped-def]
    base, app, email = live_server["url"], live_server["app"], live_server["email"]
    page = browser.new_page(viewport={"width": WIDTH, "height": 844})
    problems = watch_console(page)
    page.goto(f"{base}/conta/entrar")
    page.click("text=Esqueci minha senha")
    expect(page.locator("h1")).to_have_text("Esqueci minha senha")
    _fits(page, "1-forgot")
    page.fill("input[name=email]", email)
    page.click("button.primary")
    expect(page.locator("h1")).to_have_text("Confira o seu e-mail")
    _fits(page, "2-requested")
    (mail,) = outbox(app)
    assert mail.to == [email]
    page.goto(base + link_in(body(mail), "/conta/senha/nova/"))
    expect(page.locator("h1")).to_have_text("Nova senha")
    _fits(page, "3-new-password")
    page.fill("input[name=password]", "nova-senha-390")
    page.fill("input[name=confirm]", "nova-senha-390")
    page.click("button.primary")
    expect(page.locator(".flash-success")).to_contain_text("Senha alterada")
    _fits(page, "4-login")
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", "nova-senha-390")
    page.click("button.primary")
    page.wait_for_selector("text=Bem-vindo")
    _fits(page, "5-logged-in")
    assert not problems, problems
    page.close()
