"""The WSGI fast path of cached event pages (damas/web/serving/fast_path.py, issue 16): a visitor's
repeated GET is answered before Flask runs, with the very answer Flask would give; everything
it cannot decide from the page key alone goes to Flask."""
from __future__ import annotations

from typing import Any, Iterator

import pytest

from damas.models import EventStatus, Game, Role, Round
from damas.web.serving.fast_path import CachedPageAnswers
from tests.web.events.test_event_revision import running  # noqa: F401 (the same running event)

URLS = ("/eventos/{id}/classificacao", "/eventos/{id}/classificacao?lang=en", "/eventos/{id}/rodadas/1",
        "/eventos/{id}/jogadores/{player}", "/api/v1/events/{id}/standings",
        "/eventos/{id}/relatorios/classificacao.pdf", "/eventos/{id}/classificacao?q=revis&lang=xx")


@pytest.fixture
def flask_answers(app: Any) -> Iterator[list[str]]:
    """The paths of the requests that reached Flask (past the fast path)."""
    fast = app.wsgi_app
    assert isinstance(fast, CachedPageAnswers)
    reached: list[str] = []
    inner = fast.wsgi_app

    def counting(environ: dict[str, Any], start_response: Any) -> Any:
        reached.append(environ["PATH_INFO"])
        return inner(environ, start_response)

    fast.wsgi_app = counting
    yield reached
    fast.wsgi_app = inner


def _url(template: str, event: Any) -> str:
    return template.format(id=event.id, player=event.entries[0].player_id)


@pytest.mark.parametrize("template", URLS)
def test_fast_path_answers_as_flask_does(template, app, client, running, flask_answers):  # type: ignore[no-untyped-def]
    url = _url(template, running)
    first = client.get(url)  # a miss: Flask renders and stores it
    assert first.status_code == 200 and len(flask_answers) == 1
    stored = client.get(url)
    revalidated = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    assert len(flask_answers) == 1, "the stored page and the 304 came from the fast path"
    fast = app.wsgi_app
    app.wsgi_app = fast.wsgi_app  # Flask alone, same app, same cache
    try:
        slow_stored = client.get(url)
        slow_revalidated = client.get(url, headers={"If-None-Match": first.headers["ETag"]})
    finally:
        app.wsgi_app = fast
    assert len(flask_answers) == 3
    assert stored.data == first.data == slow_stored.data
    assert sorted(stored.headers.items()) == sorted(slow_stored.headers.items())
    assert revalidated.status_code == slow_revalidated.status_code == 304
    assert sorted(revalidated.headers.items()) == sorted(slow_revalidated.headers.items())


def test_a_new_result_reaches_flask_and_the_fast_path_serves_the_new_page(client, db, running, flask_answers):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/rodadas/1"
    before = client.get(url)
    board = db.session.query(Game).filter_by(board=1).join(Round).filter(Round.event_id == running.id).one()
    board.result = "1-0"
    db.session.commit()
    after = client.get(url, headers={"If-None-Match": before.headers["ETag"]})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers["ETag"] and len(flask_answers) == 2
    assert client.get(url, headers={"If-None-Match": after.headers["ETag"]}).status_code == 304
    assert len(flask_answers) == 2


def test_logged_in_users_go_to_flask_and_are_not_cached(client, running, make_user, login_as, flask_answers):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/classificacao"
    etag = client.get(url).headers["ETag"]
    login_as(make_user(Role.STAFF))
    reached = len(flask_answers)
    page = client.get(url, headers={"If-None-Match": etag})
    assert page.status_code == 200 and "ETag" not in page.headers and len(flask_answers) == reached + 1


def test_a_nul_in_the_query_gets_the_input_guards_400(client, running, flask_answers):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/classificacao"
    client.get(url + "?q=a%00b")
    response = client.get(url + "?q=a%00b")
    assert response.status_code == 400 and len(flask_answers) == 2


def test_drafts_unknown_events_and_other_methods_go_to_flask(client, db, running, make_event, flask_answers):  # type: ignore[no-untyped-def]
    draft = make_event(status=EventStatus.DRAFT)
    assert client.get(f"/eventos/{draft.id}/classificacao").status_code in (403, 404)
    assert client.get("/eventos/999999/classificacao").status_code == 404
    assert client.head(f"/eventos/{running.id}/classificacao").status_code == 200
    assert len(flask_answers) == 3
