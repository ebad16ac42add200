"""Event revision (issue 16): every kind of change moves it and the page shows the change; the
public pages answer 304 to a matching If-None-Match and come from the server cache otherwise,
computing nothing; two application instances on one database never serve a stale page."""
from __future__ import annotations

import re
from contextlib import contextmanager
from typing import Any, Callable, Iterator

import pytest
from sqlalchemy import event as sa_event

from damas.models import (
    Entry,
    EntryStatus,
    Event,
    EventCategory,
    EventPrize,
    EventStatus,
    Game,
    GameResult,
    Role,
    Round,
    RoundStatus,
)
from damas.models.desk import DeskPenalty


@contextmanager
def counted(db: Any) -> Iterator[list[str]]:
    statements: list[str] = []

    def count(_conn, _cursor, statement, *_args) -> None:  # type: ignore[no-untyped-def]
        statements.append(statement)

    engine = db.engine
    sa_event.listen(engine, "before_cursor_execute", count)
    try:
        yield statements
    finally:
        sa_event.remove(engine, "before_cursor_execute", count)


def _revision(db: Any, event_id: int) -> int:
    db.session.expire_all()
    return db.session.get(Event, event_id).revision


@pytest.fixture
def running(db, make_player, make_event):  # type: ignore[no-untyped-def]
    players = [make_player(full_name=f"Revisão {n}", rating_regular=2000 - n) for n in range(1, 5)]
    event = make_event(status=EventStatus.RUNNING, players=tuple(players), pairing_system="dutch")
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=c.id),
                 Game(board=2, white_entry_id=d.id, black_entry_id=b.id)]
    db.session.add(rnd)
    db.session.commit()
    return event


def test_public_page_answers_304_without_computing_anything(client, db, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/classificacao"
    first = client.get(url)
    assert first.status_code == 200 and first.headers["Cache-Control"] == "no-cache"
    etag = first.headers["ETag"]
    with counted(db) as statements:
        again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.data == b"" and again.headers["ETag"] == etag
    assert len(statements) == 1  # the event's revision, nothing else
    with counted(db) as statements:
        cached = client.get(url)
    assert cached.status_code == 200 and cached.data == first.data and len(statements) == 1


@pytest.mark.parametrize("url", ["/eventos/{id}/rodadas/1", "/api/v1/events/{id}/standings",
                                 "/eventos/{id}/relatorios/classificacao.pdf"])
def test_pages_pdfs_and_api_carry_the_etag(client, db, running, url):  # type: ignore[no-untyped-def]
    response = client.get(url.format(id=running.id))
    assert response.status_code == 200, response.status_code
    again = client.get(url.format(id=running.id), headers={"If-None-Match": response.headers["ETag"]})
    assert again.status_code == 304


def test_language_and_url_are_part_of_the_etag(client, running):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/classificacao"
    pt = client.get(url).headers["ETag"]
    en = client.get(url + "?lang=en")
    assert en.headers["ETag"] != pt and "Standings" in en.get_data(as_text=True)


def test_logged_in_users_and_flash_messages_are_not_cached(client, db, running, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.get(f"/eventos/{running.id}/classificacao")
    assert response.status_code == 200 and "ETag" not in response.headers


def _pairings(db: Any, event: Event, make_player: Any) -> None:
    a, b, c, d = sorted(event.entries, key=lambda e: e.pairing_number)
    rnd = Round(event_id=event.id, number=2, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=b.id, black_entry_id=a.id)]
    db.session.add(rnd)


def _board(db: Any, event: Event, board: int) -> Game:
    return db.session.query(Game).join(Round).filter(Round.event_id == event.id, Game.board == board).one()


def _result(db: Any, event: Event, make_player: Any) -> None:
    _board(db, event, 1).result = GameResult.WHITE_WIN


def _entry(db: Any, event: Event, make_player: Any) -> None:
    player = make_player(full_name="Inscrito Tardio")
    db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=5, rating_at_entry=1000,
                         status=EntryStatus.REGISTERED))


def _withdrawal(db: Any, event: Event, make_player: Any) -> None:
    db.session.get(Entry, max(event.entries, key=lambda e: e.pairing_number).id).status = EntryStatus.WITHDRAWN


def _penalty(db: Any, event: Event, make_player: Any) -> None:
    """What the desk writes for a game lost by penalty: the board's result and the record."""
    game = _board(db, event, 2)
    game.result = GameResult.WHITE_WIN
    db.session.add(DeskPenalty(event_id=event.id, game_id=game.id, source="incident", article="CBJD 60",
                               result_before="", result_after="1-0"))


def _settings(db: Any, event: Event, make_player: Any) -> None:
    db.session.get(Event, event.id).name = "Aberto Renomeado"


def _prize(db: Any, event: Event, make_player: Any) -> None:
    db.session.add(EventPrize(event_id=event.id, category_code="absoluto", place=1, amount=50000))


def _category(db: Any, event: Event, make_player: Any) -> None:
    db.session.add(EventCategory(event_id=event.id, code="sub-99", name_pt="Sub-99 Revisão", max_age=99))


CHANGES = {  # kind of change -> (the page that shows it, the change)
    "pairings": ("/eventos/{id}/rodadas/2", _pairings),
    "results": ("/eventos/{id}/rodadas/1", _result),
    "entries": ("/eventos/{id}", _entry),
    "withdrawals": ("/eventos/{id}", _withdrawal),
    "penalties": ("/eventos/{id}/rodadas/1", _penalty),
    "settings": ("/eventos/{id}/classificacao", _settings),
    "prizes": ("/eventos/{id}/premios", _prize),
    "categories": ("/eventos/{id}/categorias", _category),
}


@pytest.mark.parametrize("kind", sorted(CHANGES))
def test_every_kind_of_change_moves_the_revision_and_the_page(kind, client, db, running, make_player):  # type: ignore[no-untyped-def]
    url, change = CHANGES[kind]
    url = url.format(id=running.id)
    before_rev = _revision(db, running.id)
    before = client.get(url)
    change(db, running, make_player)
    db.session.commit()
    assert _revision(db, running.id) > before_rev
    after = client.get(url, headers={"If-None-Match": before.headers.get("ETag", "none")})
    assert after.status_code == 200 and after.headers["ETag"] != before.headers.get("ETag")
    assert _text(after.data) != _text(before.data)


def _text(body: bytes) -> str:
    return re.sub(r"\s+", " ", body.decode("utf-8", "replace"))


def test_a_change_of_another_event_leaves_the_etag(client, db, running, make_event):  # type: ignore[no-untyped-def]
    url = f"/eventos/{running.id}/classificacao"
    etag = client.get(url).headers["ETag"]
    other = make_event(status=EventStatus.RUNNING)
    other.tiebreak_order = "BH"
    db.session.commit()
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304


def test_concurrent_bumps_both_count(db, running):  # type: ignore[no-untyped-def]
    """The bump is SQL (revision = revision + 1), not a value read earlier by the session."""
    start = _revision(db, running.id)
    event = db.session.get(Event, running.id)
    event.notes = "one"
    db.session.commit()
    db.session.execute(Event.__table__.update().where(Event.id == running.id).values(revision=Event.revision + 5))
    db.session.commit()
    event = db.session.get(Event, running.id)
    event.notes = "two"
    db.session.commit()
    assert _revision(db, running.id) == start + 7
