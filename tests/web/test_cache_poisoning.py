"""Issue 25 point 2: the page cache cannot be poisoned.

External URLs come from the configured public address (`DAMAS_PUBLIC_URL`, else `SERVER_NAME`
and `PREFERRED_URL_SCHEME`) or are relative; `X-Forwarded-Host` is trusted only when
`DAMAS_PROXY_TRUST_HOST` says so; the cache key holds nothing a visitor sets but what the page
depends on (the host only while no public address is configured), on both the Flask path and
the fast path (`damas.web.fast_path`)."""
from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_event_revision import running  # noqa: F401 (the same running event)

EVIL = "evil.example"


def _api(client: Any, event: Any, **headers: str) -> Any:
    return client.get(f"/api/v1/events/{event.id}", headers=headers)


def test_a_forged_host_does_not_reach_the_next_visitor(client, running):  # type: ignore[no-untyped-def]
    poisoned = _api(client, running, Host=EVIL)
    assert poisoned.status_code == 200
    for answer in (_api(client, running), _api(client, running)):  # Flask's miss, then the fast path
        assert EVIL not in answer.get_data(as_text=True)
        assert answer.get_json()["url"] == f"/eventos/{running.id}"


def test_the_api_names_the_configured_public_address(app, client, running):  # type: ignore[no-untyped-def]
    app.config["PUBLIC_URL"] = "https://damas.federacao.br/"
    for headers in ({"Host": EVIL}, {}):
        answer = _api(client, running, **headers)
        assert answer.get_json()["url"] == f"https://damas.federacao.br/eventos/{running.id}"


def test_server_name_and_scheme_make_the_external_url(app, client, running):  # type: ignore[no-untyped-def]
    app.config.update(SERVER_NAME="damas.federacao.br", PREFERRED_URL_SCHEME="https")
    answer = client.get(f"/api/v1/events/{running.id}", base_url="https://damas.federacao.br")
    assert answer.get_json()["url"] == f"https://damas.federacao.br/eventos/{running.id}"


def test_the_qr_page_of_a_forged_host_is_kept_apart(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/qr"
    assert EVIL in client.get(url, headers={"Host": EVIL}).get_data(as_text=True)  # its own page only
    for _ in range(2):
        page = client.get(url).get_data(as_text=True)
        assert EVIL not in page and f"http://localhost/eventos/{running.id}/ao-vivo" in page


@pytest.mark.app_config(PROXY_COUNT=1)
def test_x_forwarded_host_is_not_trusted_unless_configured(client, running):  # type: ignore[no-untyped-def]
    for url in (f"/eventos/{running.id}/qr", f"/api/v1/events/{running.id}"):
        mine = client.get(url, headers={"X-Forwarded-Host": EVIL}).get_data(as_text=True)
        assert EVIL not in mine
        for _ in range(2):
            assert EVIL not in client.get(url).get_data(as_text=True)


@pytest.mark.app_config(PROXY_COUNT=1, PROXY_TRUST_HOST=True)
def test_a_trusted_proxy_s_host_is_used_and_kept_apart(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/qr"
    assert "damas.federacao.br" in client.get(url, headers={"X-Forwarded-Host": "damas.federacao.br"}).get_data(
        as_text=True)
    assert "damas.federacao.br" not in client.get(url).get_data(as_text=True)
