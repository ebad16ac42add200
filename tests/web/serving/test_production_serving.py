"""Production serving (issue 16): /healthz, fingerprinted static files with long cache headers,
the cache store chosen by CACHE_URL, the PDF renderer warmed at worker start."""
from __future__ import annotations

import re

from sqlalchemy.exc import OperationalError

from damas.web.serving.caching import cache_config, cached_endpoints


def test_healthz_checks_the_database(client, db, monkeypatch):  # type: ignore[no-untyped-def]
    ok = client.get("/healthz")
    assert ok.status_code == 200 and ok.get_json() == {"status": "ok", "database": "ok"}

    def broken(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        raise OperationalError("SELECT 1", {}, Exception("down"))

    monkeypatch.setattr(db.session, "execute", broken)
    down = client.get("/healthz")
    assert down.status_code == 503 and down.get_json()["database"] == "unreachable"


def test_static_files_have_fingerprinted_urls_cached_a_year(client):  # type: ignore[no-untyped-def]
    page = client.get("/").get_data(as_text=True)
    href = re.search(r'href="(/static/style\.css\?v=[0-9a-f]{10})"', page)
    assert href, "the stylesheet URL carries its digest"
    response = client.get(href.group(1))
    response.close()
    assert response.status_code == 200
    assert response.cache_control.max_age == 31_536_000 and response.cache_control.public
    plain = client.get("/static/style.css")
    plain.close()
    assert plain.cache_control.max_age != 31_536_000  # an unversioned URL is not cached a year


def test_cache_store_is_in_process_unless_cache_url_names_redis():  # type: ignore[no-untyped-def]
    assert cache_config("")["CACHE_TYPE"] == "SimpleCache"
    shared = cache_config("redis://127.0.0.1:6379/0")
    assert shared["CACHE_TYPE"] == "damas.web.serving.resilient_cache.ResilientRedisCache" and shared["CACHE_REDIS_URL"] == "redis://127.0.0.1:6379/0"


def test_event_pages_are_the_cached_endpoints(app):  # type: ignore[no-untyped-def]
    endpoints = set(cached_endpoints(app))
    assert {"rounds.standings", "api.standings", "public.player_card_page", "micromatch.standings"} <= endpoints
    forms = {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in (rule.methods or ())}
    assert not endpoints & forms  # a page that takes a form is never cached


def test_pdf_renderer_warm_up_renders():  # type: ignore[no-untyped-def]
    from damas.reports.pdf import warm_up

    warm_up()  # no exception: fonts found, the locked-down fetcher not consulted
