"""No N+1 in the public player pages and the API: the number of SQL statements of a request does
not grow with the number of players (issue 7: a test counts queries)."""
from __future__ import annotations

from contextlib import contextmanager
from datetime import date
from typing import Iterator

import pytest
from sqlalchemy import event as sa_event

from damas.models import Club, Entry, Event, EventStatus, Game, GameResult, Player, Round, RoundStatus


def build_event(db, n: int, rounds: int = 2) -> tuple[int, int]:  # type: ignore[no-untyped-def]
    """A running Swiss of `n` players with `rounds` complete rounds (one club per ten players)."""
    event = Event(name=f"Aberto {n}", discipline="damas-64", ruleset="cbjd", pairing_system="dutch",
                  planned_rounds=rounds + 2, time_minutes=45, time_increment=0, start_date=date(2026, 12, 1),
                  end_date=date(2026, 12, 3), status=EventStatus.RUNNING)
    db.session.add(event)
    db.session.flush()
    clubs = [Club(name=f"Clube {n}-{k}", short_name=f"C{k}", city="Fortaleza", state="CE") for k in range(max(n // 10, 1))]
    db.session.add_all(clubs)
    db.session.flush()
    entries = []
    for i in range(n):
        player = Player(full_name=f"Jogador {n}-{i:04d}", sex="F" if i % 3 == 0 else "M",
                        birth_date=date(2004 + i % 18, 1 + i % 12, 1), state="CE", federation_id=f"Q{n}-{i}",
                        rating_regular=2200 - i, club_id=clubs[i % len(clubs)].id)
        db.session.add(player)
        db.session.flush()
        entry = Entry(event_id=event.id, player_id=player.id, pairing_number=i + 1, rating_at_entry=2200 - i)
        db.session.add(entry)
        entries.append(entry)
    db.session.flush()
    half = n // 2
    results = (GameResult.WHITE_WIN, GameResult.DRAW, GameResult.BLACK_WIN)
    for r in range(1, rounds + 1):
        rnd = Round(event_id=event.id, number=r, status=RoundStatus.PUBLISHED)
        rnd.games = [Game(board=i + 1, white_entry_id=entries[i].id, black_entry_id=entries[half + (i + r - 1) % half].id,
                          result=results[(i + r) % 3]) for i in range(half)]
        db.session.add(rnd)
    db.session.commit()
    return event.id, entries[0].player_id


@contextmanager
def counting(db) -> Iterator[list[int]]:  # type: ignore[no-untyped-def]
    count = [0]

    def tick(*_args, **_kwargs):  # type: ignore[no-untyped-def]
        count[0] += 1

    sa_event.listen(db.engine, "before_cursor_execute", tick)
    try:
        yield count
    finally:
        sa_event.remove(db.engine, "before_cursor_execute", tick)


URLS = (
    "/eventos/{e}/jogadores/{p}",
    "/eventos/{e}/inscricao",
    "/api/v1/events/{e}",
    "/api/v1/events/{e}/players/{p}",
    "/api/v1/events/{e}/standings",
    "/api/v1/events/{e}/standings?category=sub-16",
    "/api/v1/events/{e}/rounds/2",
)


@pytest.mark.parametrize("template", URLS)
def test_queries_do_not_grow_with_the_field(client, db, template):  # type: ignore[no-untyped-def]
    counts = []
    for n in (10, 60):
        event_id, player_id = build_event(db, n)
        db.session.expunge_all()
        with counting(db) as count:
            response = client.get(template.format(e=event_id, p=player_id))
        assert response.status_code == 200
        counts.append(count[0])
    assert counts[0] == counts[1], f"{template}: {counts[0]} queries for 10 players, {counts[1]} for 60"
