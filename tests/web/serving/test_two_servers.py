"""Two gunicorn app servers on one database and one Redis (issue 30, point 4), as the README's
production setup runs them: what one process cannot show. The database is the suite's
PostgreSQL on its PostgreSQL pass (TEST_DATABASE_URL), a SQLite file both servers open otherwise.

- a result entered on server A is on server B's very next page (no stale cache);
- the login throttle counts the attempts made on both servers together;
- a PDF rendered by one server is the file the other serves (not rendered again);
- Redis going away: pages, PDFs and the login keep answering (no cache), and the server's log
  says why, once.
"""
from __future__ import annotations

import os
import time
from typing import Any, Iterator

import pytest
from redis import Redis

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db
from tests.live_servers import AppServer, RedisServer, csrf_token, has_redis_server, log_in, server_env, session, started
from tests.web.shared_event import add_running_event

pytestmark = pytest.mark.skipif(not has_redis_server(), reason="redis-server is not installed (make test installs it)")
PASSWORD = "duas-maquinas-123"
ARBITER = "arbitra@dois-servidores.br"


def _build(url: str) -> dict[str, int]:
    """Schema and one running event (4 players, round 1 published), built in this process."""
    settings = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    app = create_app({**settings, "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        db.drop_all()
        db.create_all()
        ids = add_running_event("Aberto em Dois Servidores", ARBITER, PASSWORD, "Servidor")
        db.session.remove()
        db.engine.dispose()
    return ids


@pytest.fixture(scope="module")
def two_servers(tmp_path_factory: Any) -> Iterator[dict[str, Any]]:
    """One pair of servers for the module (starting gunicorn is the slow part); the tests run in
    the file's order, the one that stops Redis last."""
    tmp_path = tmp_path_factory.mktemp("two-servers")
    url = os.environ.get("TEST_DATABASE_URL") or f"sqlite:///{tmp_path / 'two-servers.db'}"
    ids = _build(url)
    redis = RedisServer(tmp_path)
    env = server_env(url, redis.url)
    try:
        yield from ({"a": a, "b": b, "redis": redis, **ids}
                    for a, b in started([AppServer("a", env, tmp_path), AppServer("b", env, tmp_path)]))
    finally:
        redis.stop()


def test_a_result_entered_on_one_server_is_on_the_other_servers_next_page(two_servers: dict[str, Any]) -> None:
    a, b, event, game = two_servers["a"], two_servers["b"], two_servers["event"], two_servers["game"]
    visitor = session()
    page = f"{b.url}/eventos/{event}/rodadas/1"
    before = visitor.get(page, timeout=30)
    assert before.status_code == 200 and "2 – 0" not in before.text
    assert visitor.get(page, headers={"If-None-Match": before.headers["ETag"]}, timeout=30).status_code == 304
    arbiter = session()
    assert log_in(arbiter, a.url, ARBITER, PASSWORD).status_code == 302
    form = arbiter.get(f"{a.url}/eventos/{event}/rodadas/1", timeout=30)
    saved = arbiter.post(f"{a.url}/eventos/{event}/rodadas/1/resultados", timeout=30,
                         data={f"result-{game}": "1-0", f"version-{game}": two_servers["version"],
                               "csrf_token": csrf_token(form.text)})
    assert "1 resultado(s) gravado(s)." in saved.text
    after = visitor.get(page, headers={"If-None-Match": before.headers["ETag"]}, timeout=30)
    assert after.status_code == 200 and "2 – 0" in after.text  # CBJD: a win is 2 - 0
    assert visitor.get(f"{b.url}/api/v1/events/{event}/rounds/1", timeout=30).json()["boards"][0]["result"] == "2 – 0"


def test_a_pdf_rendered_by_one_server_is_served_by_the_other(two_servers: dict[str, Any]) -> None:
    a, b, event = two_servers["a"], two_servers["b"], two_servers["event"]
    path = f"/eventos/{event}/relatorios/classificacao.pdf"
    first = session().get(a.url + path, timeout=120)
    assert first.status_code == 200 and first.headers["Content-Type"] == "application/pdf"
    assert b"/CreationDate" in first.content  # a new rendering would carry a later date
    time.sleep(1.5)
    second = session().get(b.url + path, timeout=120)
    assert second.status_code == 200 and second.content == first.content


def test_the_login_throttle_counts_both_servers_together(two_servers: dict[str, Any]) -> None:
    """60 failures a minute per address (LIMIT_LOGIN_IP), counted in the shared Redis: 30 failed
    logins on each server, then the next one on either is refused (429). (The servers' other
    logins come before this test, whose counts are emptied first, or after Redis is gone.)"""
    a, b = two_servers["a"], two_servers["b"]
    Redis.from_url(two_servers["redis"].url).flushdb()
    visitor = session()
    token = csrf_token(visitor.get(f"{a.url}/conta/entrar", timeout=30).text)
    for n in range(60):
        server = a if n % 2 else b
        answer = visitor.post(f"{server.url}/conta/entrar", allow_redirects=False, timeout=30,
                              data={"email": f"ninguem{n}@x.br", "password": "errada", "csrf_token": token})
        assert answer.status_code == 200, (n, answer.status_code)
    for server in (a, b):
        refused = visitor.post(f"{server.url}/conta/entrar", allow_redirects=False, timeout=30,
                               data={"email": "mais-um@x.br", "password": "errada", "csrf_token": token})
        assert refused.status_code == 429


def test_redis_going_away_serves_pages_without_the_cache(two_servers: dict[str, Any]) -> None:
    a, b, event, redis = two_servers["a"], two_servers["b"], two_servers["event"], two_servers["redis"]
    visitor = session()
    assert visitor.get(f"{a.url}/eventos/{event}/classificacao", timeout=30).status_code == 200
    redis.stop()
    for server in (a, b):
        for path in (f"/eventos/{event}", f"/eventos/{event}/classificacao", f"/eventos/{event}/rodadas/1",
                     f"/api/v1/events/{event}", f"/eventos/{event}/relatorios/classificacao.pdf"):
            answer = visitor.get(server.url + path, timeout=60)
            assert answer.status_code == 200, (server.url, path, answer.status_code)
        arbiter = session()
        assert log_in(arbiter, server.url, ARBITER, PASSWORD).status_code == 302
        assert log_in(session(), server.url, ARBITER, "errada").status_code == 200  # refused, not an error
    for server in (a, b):
        log = server.log_text()
        assert "page cache: Redis unavailable" in log and "Traceback" not in log
        assert log.count("page cache: Redis unavailable") == 1
