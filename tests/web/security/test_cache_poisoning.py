"""Issue 25 point 2: the page cache cannot be poisoned.

External URLs come from the configured public address (`DAMAS_PUBLIC_URL`, else `SERVER_NAME`
and `PREFERRED_URL_SCHEME`) or are relative; `X-Forwarded-Host` is trusted only when
`DAMAS_PROXY_TRUST_HOST` says so; the cache key holds nothing a visitor sets but what the page
depends on (the host only while no public address is configured), on both the Flask path and
the fast path (`damas.web.serving.fast_path`)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.web.events.test_event_revision import running  # noqa: F401 (the same running event)

EVIL = "evil.example"


def _api(client: Any, event: Any, **headers: str) -> Any:
    return client.get(f"/api/v1/events/{event.id}", headers=headers)


def test_a_forged_host_is_refused_before_any_work(app, client, running):  # type: ignore[no-untyped-def]
    """Without a public address each Host was a page, a cache entry and a PDF render of its own;
    an unknown Host now gets 400 before any work (Flask's TRUSTED_HOSTS, and the fast path lets
    Flask answer it), and the next visitor's page names no forged host."""
    cache = app.extensions["cache"]
    keys_before = len(getattr(next(iter(cache.values())), "_cache", {}))
    for url in (f"/api/v1/events/{running.id}", f"/eventos/{running.id}", f"/eventos/{running.id}/qr",
                f"/eventos/{running.id}/relatorios/classificacao.pdf"):
        for _ in range(2):  # Flask, then what the fast path would have served
            assert client.get(url, headers={"Host": EVIL}).status_code == 400, url
    assert len(getattr(next(iter(cache.values())), "_cache", {})) == keys_before
    for answer in (_api(client, running), _api(client, running)):  # Flask's miss, then the fast path
        assert EVIL not in answer.get_data(as_text=True)
        assert answer.get_json()["url"] == f"/eventos/{running.id}"
    assert len(getattr(next(iter(cache.values())), "_cache", {})) > keys_before  # a visitor's page is kept


@pytest.mark.app_config(PUBLIC_URL="https://damas.federacao.br/")
def test_the_api_names_the_configured_public_address(app, client, running):  # type: ignore[no-untyped-def]
    assert "damas.federacao.br" in app.config["TRUSTED_HOSTS"]
    for headers in ({"Host": "damas.federacao.br"}, {}):
        answer = _api(client, running, **headers)
        assert answer.get_json()["url"] == f"https://damas.federacao.br/eventos/{running.id}"
    assert _api(client, running, Host=EVIL).status_code == 400


@pytest.mark.app_config(EXTRA_TRUSTED_HOSTS="damas.federacao.br, .damas.org.br")
def test_trusted_hosts_name_the_public_address_the_extra_names_and_the_local_ones(app, client, running):  # type: ignore[no-untyped-def]
    assert app.config["TRUSTED_HOSTS"][:2] == ["damas.federacao.br", ".damas.org.br"]
    for host in ("damas.federacao.br", "ao-vivo.damas.org.br", "localhost", "127.0.0.1:5000"):
        assert _api(client, running, Host=host).status_code == 200, host
    for host in (EVIL, "damas.federacao.br.evil.example", "damas.org.br.evil"):
        assert _api(client, running, Host=host).status_code == 400, host


@pytest.mark.app_config(EXTRA_TRUSTED_HOSTS="damas.federacao.br")
def test_server_name_and_scheme_make_the_external_url(app, client, running):  # type: ignore[no-untyped-def]
    app.config.update(SERVER_NAME="damas.federacao.br", PREFERRED_URL_SCHEME="https")
    answer = client.get(f"/api/v1/events/{running.id}", base_url="https://damas.federacao.br")
    assert answer.get_json()["url"] == f"https://damas.federacao.br/eventos/{running.id}"


@pytest.mark.app_config(EXTRA_TRUSTED_HOSTS="outra.federacao.br")
def test_the_qr_page_of_another_trusted_host_is_kept_apart(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/qr"
    other = "outra.federacao.br"
    assert other in client.get(url, headers={"Host": other}).get_data(as_text=True)  # its own page only
    for _ in range(2):
        page = client.get(url).get_data(as_text=True)
        assert other not in page and f"http://localhost/eventos/{running.id}/ao-vivo" in page


def test_x_forwarded_host_is_not_trusted_unless_configured(client, running):  # type: ignore[no-untyped-def]
    for url in (f"/eventos/{running.id}/qr", f"/api/v1/events/{running.id}"):
        mine = client.get(url, headers={"X-Forwarded-Host": EVIL}).get_data(as_text=True)
        assert EVIL not in mine
        for _ in range(2):
            assert EVIL not in client.get(url).get_data(as_text=True)


@pytest.mark.app_config(PROXY_COUNT=1, PROXY_TRUST_HOST=True, EXTRA_TRUSTED_HOSTS="damas.federacao.br")
def test_a_trusted_proxy_s_host_is_used_and_kept_apart(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/qr"
    assert "damas.federacao.br" in client.get(url, headers={"X-Forwarded-Host": "damas.federacao.br"}).get_data(
        as_text=True)
    assert "damas.federacao.br" not in client.get(url).get_data(as_text=True)
