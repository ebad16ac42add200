"""The arbiter's round page as an installable page that works offline: the manifest it links, the
service worker served under the event's rounds (its scope), the icons, the CSP that lets them
load, and the page copy kept for offline use (it leaves the one-time messages to the real page)."""
from __future__ import annotations

import pytest

from damas.models import EventStatus, Game, Role, Round, RoundStatus
from damas.security import CONTENT_SECURITY_POLICY
from tests.conftest import login


@pytest.fixture
def running(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), players=tuple(make_player() for _ in range(2)),
                       status=EventStatus.RUNNING, name="Aberto do Ginásio")
    a, b = event.entries
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.commit()
    return event, arbiter


def test_the_arbiters_page_links_the_manifest_and_the_offline_script(client, running):  # type: ignore[no-untyped-def]
    event, arbiter = running
    public = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'rel="manifest"' not in public and "offline_results.js" not in public  # readers: the plain page
    login(client, arbiter)
    html = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert f'<link rel="manifest" href="/eventos/{event.id}/rodadas/1/app.webmanifest">' in html
    assert "venue/offline_results.js" in html and "venue/vendor/idb-keyval-6.3.0.umd.js" in html
    assert f'data-offline-worker="/eventos/{event.id}/rodadas/resultados-sw.js"' in html
    assert f'data-offline-scope="/eventos/{event.id}/rodadas/"' in html
    assert "enviado: {result}" in html  # the script's words ("não enviado"), translated by the server


def test_the_manifest_names_the_page_its_icons_and_standalone(client, running):  # type: ignore[no-untyped-def]
    event, _arbiter = running
    response = client.get(f"/eventos/{event.id}/rodadas/1/app.webmanifest")
    assert response.status_code == 200
    assert response.mimetype == "application/manifest+json"
    manifest = response.json
    assert manifest["start_url"] == f"/eventos/{event.id}/rodadas/1"
    assert manifest["scope"] == f"/eventos/{event.id}/rodadas/"
    assert manifest["display"] == "standalone"
    assert "Aberto do Ginásio" in manifest["name"]
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        with client.get(icon["src"]) as image:
            assert image.status_code == 200 and image.mimetype == "image/png"
            assert image.data[:8] == b"\x89PNG\r\n\x1a\n"
    assert client.get("/eventos/999999/rodadas/1/app.webmanifest").status_code == 404


def test_the_service_worker_is_served_under_the_events_rounds(client, running):  # type: ignore[no-untyped-def]
    event, _arbiter = running
    with client.get(f"/eventos/{event.id}/rodadas/resultados-sw.js") as response:
        body = response.get_data(as_text=True)
    assert response.status_code == 200
    assert response.mimetype == "text/javascript"
    assert "no-cache" in response.headers["Cache-Control"]
    assert 'addEventListener("fetch"' in body
    # the CSP of every response lets the worker and the manifest load from the app itself
    assert "default-src 'self'" in CONTENT_SECURITY_POLICY
    assert "worker-src" not in CONTENT_SECURITY_POLICY and "manifest-src" not in CONTENT_SECURITY_POLICY
    assert response.headers["Content-Security-Policy"] == CONTENT_SECURITY_POLICY


def test_the_kept_copy_leaves_the_messages_to_the_real_page(client, running):  # type: ignore[no-untyped-def]
    event, arbiter = running
    login(client, arbiter)
    with client.session_transaction() as session:
        session["_flashes"] = [("success", "1 resultado(s) gravado(s).")]
    copy = client.get(f"/eventos/{event.id}/rodadas/1", headers={"X-Damas-Offline-Copy": "1"}).get_data(as_text=True)
    assert "gravado(s)" not in copy and "data-offline-copy" in copy
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert "1 resultado(s) gravado(s)." in page and "data-offline-copy" not in page
