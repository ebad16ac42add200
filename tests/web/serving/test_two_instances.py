"""Two application instances on one database (two app servers behind a proxy, each with its own
in-process page cache): a result recorded through one is on the very next request to the other.
PostgreSQL when the suite runs on it (TEST_DATABASE_URL), else a SQLite file both open."""
from __future__ import annotations

import os
from typing import Any, Iterator

import pytest

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db
from tests.web.shared_event import add_running_event


@pytest.fixture
def two_apps(tmp_path: Any) -> Iterator[tuple[Any, Any]]:
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'shared.db'}"
    settings = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    first = create_app({**settings, "SQLALCHEMY_DATABASE_URI": url})
    second = create_app({**settings, "SQLALCHEMY_DATABASE_URI": url})
    with first.app_context():
        db.drop_all()
        db.create_all()
    yield first, second
    for app in (second, first):
        with app.app_context():
            db.session.remove()
            if app is first:
                db.drop_all()
            db.engine.dispose()


def _setup(app: Any) -> tuple[int, int, int]:
    with app.app_context():
        ids = add_running_event("Aberto Duplo", "arbitro@duas.br", "secret123", "Duplo")
        return ids["event"], ids["game"], ids["version"]


def test_result_through_one_instance_is_on_the_next_request_to_the_other(two_apps):  # type: ignore[no-untyped-def]
    first, second = two_apps
    event_id, game_id, version = _setup(first)
    visitor = second.test_client()
    url = f"/eventos/{event_id}/rodadas/1"
    with second.app_context():
        before = visitor.get(url)
        assert before.status_code == 200 and "2 – 0" not in before.get_data(as_text=True)
        assert visitor.get(url, headers={"If-None-Match": before.headers["ETag"]}).status_code == 304
    arbiter = first.test_client()
    with first.app_context():
        arbiter.post("/conta/entrar", data={"email": "arbitro@duas.br", "password": "secret123"})
        saved = arbiter.post(f"/eventos/{event_id}/rodadas/1/resultados",
                             data={f"result-{game_id}": "1-0", f"version-{game_id}": version}, follow_redirects=True)
        assert "1 resultado(s) gravado(s)." in saved.get_data(as_text=True)
    with second.app_context():
        after = visitor.get(url, headers={"If-None-Match": before.headers["ETag"]})
        assert after.status_code == 200 and "2 – 0" in after.get_data(as_text=True)  # CBJD 2-0
        api = visitor.get(f"/api/v1/events/{event_id}/rounds/1").get_json()
        assert api["boards"][0]["result"] == "2 – 0"
