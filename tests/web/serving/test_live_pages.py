"""Pages that update themselves (issue 30 point 2): the public round, standings and player pages
carry the live marker (hidden: nothing shows or changes without JavaScript); the revision they
poll costs a visitor a 304, answered before Flask runs, until the event changes."""
from __future__ import annotations

import re

import pytest

from damas.models import Game, Role
from tests.web.events.test_event_revision import running  # noqa: F401 (the same running event)
from tests.web.serving.test_fast_path import flask_answers  # noqa: F401 (requests that reached Flask)

PAGES = ("/eventos/{id}/rodadas/1", "/eventos/{id}/classificacao", "/eventos/{id}/jogadores/{player}")


def _marker(html: str) -> re.Match:
    found = re.search(r'<p class="live-status muted" role="status" data-live="([^"]+)" data-live-rev="(\d+)" '
                      r'data-live-every="(\d+)" data-live-label="([^"]+)" hidden></p>', html)
    assert found, "no live marker"
    return found


@pytest.mark.parametrize("template", PAGES)
def test_public_pages_carry_a_hidden_live_marker_and_regions(template, client, running):  # type: ignore[no-untyped-def]
    html = client.get(template.format(id=running.id, player=running.entries[0].player_id)).get_data(as_text=True)
    marker = _marker(html)
    assert marker.group(1) == f"/eventos/{running.id}/revisao" and int(marker.group(2)) == running.revision
    assert marker.group(4) == "atualizado às {time}"
    assert "data-live-region=" in html
    assert "<script>" not in html and "<script " not in html.replace(
        '<script src="/static/app.js', "")  # the CSP allows no inline script: only app.js
    english = client.get(template.format(id=running.id, player=running.entries[0].player_id) + "?lang=en")
    assert _marker(english.get_data(as_text=True)).group(4) == "updated at {time}"


def test_the_arbiters_results_form_does_not_refresh_itself(client, db, running, make_user, login_as):  # type: ignore[no-untyped-def]
    from damas.models import EventArbiter

    arbiter = make_user(Role.ARBITER)
    db.session.add(EventArbiter(event_id=running.id, user_id=arbiter.id))
    db.session.commit()
    login_as(arbiter)
    page = client.get(f"/eventos/{running.id}/rodadas/1").get_data(as_text=True)
    assert "data-live=" not in page and "Gravar resultados" in page


def test_a_visitors_poll_costs_a_304_until_the_event_changes(app, client, db, running, flask_answers):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/revisao"
    first = client.get(url)
    assert first.status_code == 200 and first.get_json() == {"revision": running.revision}
    etag = first.headers["ETag"]
    assert first.headers["Cache-Control"] == "no-cache"
    for _ in range(5):
        again = client.get(url, headers={"If-None-Match": etag})
        assert again.status_code == 304 and again.data == b""
    assert flask_answers == [url], "every poll after the first was answered before Flask"
    game = db.session.query(Game).filter_by(board=1).one()
    game.result = "1-0"
    db.session.commit()
    moved = client.get(url, headers={"If-None-Match": etag})
    assert moved.status_code == 200 and moved.get_json()["revision"] == running.revision
    assert moved.headers["ETag"] != etag


def test_the_revision_of_a_draft_is_not_public(client, make_event):  # type: ignore[no-untyped-def]
    draft = make_event()
    from damas.models import EventStatus

    draft.status = EventStatus.DRAFT
    assert client.get(f"/eventos/{draft.id}/revisao").status_code == 404
    assert client.get("/eventos/999999/revisao").status_code == 404

