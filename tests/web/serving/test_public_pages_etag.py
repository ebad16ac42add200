"""Every public page of every demo event is cached for visitors (issue 24 point 8): it carries an
ETag and answers 304 to it. A page that builds a form for a visitor writes a CSRF token into the
session and so bypasses the page cache (`web.caching`): the event's main page did, for events
with open registration or finished (the status and arbiter forms)."""
from __future__ import annotations

import re

import pytest
from werkzeug.exceptions import HTTPException

from damas.cli import damas_cli
from damas.models import Event
from tests.browser.public_pages import crawl

HREF = re.compile(r'href="([^"]+)"')


@pytest.fixture
def demo(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    return db


@pytest.mark.csrf  # as in production: a form built for a visitor writes a token into his session
def test_every_public_page_of_every_demo_event_answers_304_to_its_etag(app, demo):  # type: ignore[no-untyped-def]
    adapter = app.url_map.bind("localhost")
    client = app.test_client(use_cookies=False)  # a visitor: no session carried from page to page

    def kind(path: str) -> str | None:
        try:
            return adapter.match(path, method="GET")[0]
        except HTTPException:
            return None

    not_cached: list[str] = []

    def fetch(path: str) -> list[str] | None:
        response = client.get(path)
        if response.status_code != 200 or response.mimetype != "text/html":
            return None
        etag = response.headers.get("ETag")
        again = client.get(path, headers={"If-None-Match": etag}) if etag else None
        if again is None or again.status_code != 304:
            not_cached.append(f"{path} ({'no ETag' if etag is None else again.status_code})")
        return HREF.findall(response.get_data(as_text=True))

    pages = 0
    for event in demo.session.query(Event).order_by(Event.id).all():
        pages += len(crawl(fetch, f"/eventos/{event.id}", kind))
    assert pages > 7 * 10
    assert not not_cached, sorted({re.sub(r"\d+", "N", p) for p in not_cached})
