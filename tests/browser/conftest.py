"""Browser tests: the app served on 127.0.0.1 in a thread, driven by Debian's Chromium."""
from __future__ import annotations

import os
import threading
from datetime import date
from typing import Any, Iterator

import pytest
from playwright.sync_api import expect
from werkzeug.serving import make_server

from damas import create_app
from damas.cli import DEMO_PASSWORD
from damas.config import TestConfig
from damas.extensions import db
from damas.models import Player, Role, User
from tests.demo_snapshot import cached_load_demo

PASSWORD = "browser123"

# The CI machine is a loaded 2-core box running the suite on two workers: a page can take longer
# than Playwright's 5 s default to arrive, and an assertion that waits must not fail on that.
expect.set_options(timeout=15_000)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):  # type: ignore[no-untyped-def]
    return {
        **browser_type_launch_args,
        "executable_path": os.environ.get("CHROMIUM_PATH", "/usr/bin/chromium"),
        "args": ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"],
    }


def watch_console(page: Any) -> list[str]:
    """Collect the page's console errors and uncaught script errors (a CSP violation is one)."""
    problems: list[str] = []
    page.on("console", lambda message: problems.append(f"console: {message.text}") if message.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(f"pageerror: {error}"))
    return problems


def sign_in(page: Any, base: str, email: str, password: str = PASSWORD) -> None:
    """Sign in through the login form and wait for the welcome message."""
    page.goto(f"{base}/conta/entrar")
    page.fill("input[name=email]", email)
    page.fill("input[name=password]", password)
    page.click("button.primary")
    page.wait_for_selector("text=Bem-vindo")


@pytest.fixture
def live_server(tmp_path) -> Iterator[dict[str, Any]]:  # type: ignore[no-untyped-def]
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'browser.db'}"
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update({"SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": True})
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        staff = User(email="staff@browser.br", name="Equipe", role=Role.STAFF)
        staff.set_password(PASSWORD)
        db.session.add(staff)
        for i in range(4):
            db.session.add(Player(full_name=f"Navegador {i + 1}", sex="M", birth_date=date(2000, 1, 1),
                                  state="CE", federation_id=f"B{i}", rating_regular=2000 - 100 * i))
        db.session.commit()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"url": f"http://127.0.0.1:{server.server_port}", "app": app, "email": "staff@browser.br"}
    finally:
        server.shutdown()
        thread.join(timeout=5)
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()


@pytest.fixture(scope="module")
def demo_server(tmp_path_factory) -> Iterator[dict[str, Any]]:  # type: ignore[no-untyped-def]
    """The app with `flask damas demo` loaded, served like `live_server` (one per test module;
    the demo's rows come from the worker's snapshot, tests/demo_snapshot.py)."""
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path_factory.mktemp('demo') / 'demo.db'}"
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update({"SQLALCHEMY_DATABASE_URI": url, "WTF_CSRF_ENABLED": True})
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        cached_load_demo()
        db.session.commit()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield {"url": f"http://127.0.0.1:{server.server_port}", "app": app}
    finally:
        server.shutdown()
        thread.join(timeout=5)
        with app.app_context():
            db.session.remove()
            db.drop_all()
            db.engine.dispose()
