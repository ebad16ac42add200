"""No N+1 in the public player pages and the API: the number of SQL statements of a request does
not grow with the number of players (issue 7: a test counts queries)."""
from __future__ import annotations

import re
from contextlib import contextmanager
from datetime import date
from typing import Iterator

import pytest
from sqlalchemy import event as sa_event
from sqlalchemy import select

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
    "/eventos/{e}",
    "/eventos/{e}/classificacao",
    "/eventos/{e}/tabela",
    "/eventos/{e}/relatorios/tabela",
    "/eventos/{e}/rodadas/2",
    "/eventos/{e}/categorias/sub-16",
    "/eventos/{e}/categorias",
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


def test_events_list_queries_do_not_grow_with_the_events(client, db):  # type: ignore[no-untyped-def]
    counts = {}
    for total in (1, 3, 6):
        while (have := len(db.session.scalars(select(Event)).all())) < total:
            build_event(db, 4 + have, 1)  # each event its own size (club names are unique)
        db.session.expunge_all()
        with counting(db) as count:
            response = client.get("/eventos/")
        assert response.status_code == 200
        assert response.get_data(as_text=True).count('<li class="card">') == total
        counts[total] = count[0]
    assert counts[1] == counts[3] == counts[6], f"events list: {counts} queries for 1, 3, 6 events"


def test_swiss_crosstable_rows_in_rank_order_with_opponent_lines(client, db):  # type: ignore[no-untyped-def]
    """The Swiss "Tabela": one row per player by rank, per round the opponent's line, colour and
    points (e.g. "5b2"), names linked to the event's player card; no N x N grid."""
    event_id, _player = build_event(db, 6, 2)
    html = client.get(f"/eventos/{event_id}/tabela").get_data(as_text=True)
    assert "crosstable swiss" in html and ">R2</th>" in html and ">R3</th>" not in html
    body = html.split("<tbody>", 1)[1].split("</tbody>", 1)[0]
    rows = [re.findall(r"<td[^>]*>(.*?)</td>", tr, re.S) for tr in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]
    assert [int(r[0]) for r in rows] == [1, 2, 3, 4, 5, 6]  # line numbers, in rank order
    # issue 27 point 2: line, name, the rounds next to it, ... then place, start number (once), rating
    line_of = {int(r[-2]): int(r[0]) for r in rows}  # start number -> line
    row_1 = next(r for r in rows if r[-2] == "1")
    assert f'/eventos/{event_id}/jogadores/' in row_1[1]
    # No 1 had White against No 4 in round 1 (draw, 1 point) and against No 5 in round 2 (lost)
    assert row_1[2:4] == [f"{line_of[4]}b1", f"{line_of[5]}b0"]  # pt-BR colours: b = brancas, p = pretas
    row_5 = next(r for r in rows if r[-2] == "5")
    assert row_5[3] == f"{line_of[1]}p2"
    assert 'href="/eventos/%d/tabela"' % event_id in client.get(f"/eventos/{event_id}").get_data(as_text=True)
    report = client.get(f"/eventos/{event_id}/relatorios/tabela").get_data(as_text=True)
    assert "crosstable swiss" in report
