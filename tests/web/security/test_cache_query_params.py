"""Issue 25 point 3: query strings do not multiply renders. A page is keyed on the query
parameters its view reads (`damas.web.serving.caching`: learned from the render), never on the rest."""
from __future__ import annotations

from typing import Any

from damas.extensions import cache
from tests.web.events.test_event_revision import running  # noqa: F401 (the same running event)


def _pages() -> int:
    return sum(1 for key in cache.cache._cache if str(key).startswith("page:"))


def test_an_unread_parameter_does_not_make_a_new_pdf(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/relatorios/classificacao.pdf"
    first = client.get(url)
    assert first.status_code == 200
    stored = _pages()
    for n in range(1, 8):
        again = client.get(f"{url}?x={n}")
        assert again.status_code == 200 and again.data == first.data
    assert _pages() == stored  # one rendering, one entry


def test_an_unread_parameter_is_ignored_by_the_fast_path_too(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/classificacao"
    etag = client.get(url).headers["ETag"]
    answer = client.get(f"{url}?utm_source=n1", headers={"If-None-Match": etag})
    assert answer.status_code == 304
    stored = _pages()
    for n in range(5):
        assert client.get(f"{url}?utm_source={n}&lang=en").status_code == 200
    assert _pages() == stored + 1  # the English page, once


def test_a_parameter_the_view_reads_keys_the_page(client, db, running):  # type: ignore[no-untyped-def]
    url = f"/api/v1/events/{running.id}/standings"
    whole = client.get(url)
    missing = client.get(f"{url}?category=NOPE")
    assert whole.status_code == 200 and missing.status_code == 404  # not the stored whole table
    assert client.get(f"{url}?category=NOPE&x=1").status_code == 404
    assert client.get(f"{url}?x=2").data == whole.data
