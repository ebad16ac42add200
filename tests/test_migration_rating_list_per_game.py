"""Migration 0014_rating_list_per_game on a copy of the demo database: a rating period the old code
closed over the chess open (on the one "regular" list) moves to chess with its records, the chess
players' current ratings move to the chess column and get their draughts 64 rating back; the
draughts 64 period and every other player stay on draughts 64."""
from __future__ import annotations

from datetime import date

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from damas.demo import load_demo
from damas.extensions import db
from tests.test_migrations import empty_database_app  # noqa: F401 (fixture)

BEFORE = "0013_period_close_once"


def _rows(conn: sa.Connection, sql: str, **params: object) -> list[sa.Row]:
    return list(conn.execute(sa.text(sql), params))


def test_the_demo_database_moves_to_a_list_per_game(empty_database_app):  # type: ignore[no-untyped-def]  # noqa: F811
    upgrade()
    load_demo(today=date(2026, 12, 5))
    db.session.commit()
    db.session.remove()
    downgrade(revision=BEFORE)
    with db.engine.begin() as conn:
        # what the old code did: a "regular" period over the finished chess open, its players'
        # new chess ratings written into the one regular column
        # the chess open by name: the demo has other chess events (a team cup without individual
        # entries), and PostgreSQL returns rows in no fixed order once they have been updated
        chess_id = _rows(conn, "SELECT id FROM event WHERE discipline = 'xadrez' AND name LIKE 'Aberto de Xadrez%'")[0][0]
        conn.execute(sa.text("UPDATE event SET status = 'finished' WHERE id = :e"), {"e": chess_id})
        chess_players = [r[0] for r in _rows(conn, "SELECT player_id FROM entry WHERE event_id = :e ORDER BY id",
                                             e=chess_id)]
        rated = chess_players[:3]
        conn.execute(sa.text(
            "INSERT INTO rating_period (name, rating_list, start_date, end_date, list_date, event_ids, status, "
            "closed_at) VALUES ('Xadrez dez', 'regular', '2026-12-01', '2026-12-31', '2026-12-31', :ids, 'closed', "
            "'2026-12-31 12:00:00')"), {"ids": f"[{chess_id}]"})
        period_id = _rows(conn, "SELECT max(id) FROM rating_period")[0][0]
        before = {pid: value for pid, value in _rows(conn, "SELECT id, rating_regular FROM player")}
        # the first one also has a draughts 64 list of November (a file): his rating back is that one's
        conn.execute(sa.text(
            "INSERT INTO rating_record (player_id, rating_list, value, list_date, source, file_name, created_at) "
            "VALUES (:p, 'regular', 1777, '2026-11-01', 'Rating CBJD', 'cbjd.csv', '2026-11-01 12:00:00')"),
            {"p": rated[0]})
        draughts_newest = {}
        for pid, value in _rows(conn, "SELECT player_id, value FROM rating_record WHERE rating_list = 'regular' "
                                      "ORDER BY list_date, id"):
            draughts_newest[pid] = value
        assert draughts_newest[rated[0]] == 1777 and rated[1] not in draughts_newest
        for k, pid in enumerate(rated):
            conn.execute(sa.text(
                "INSERT INTO rating_record (player_id, rating_list, value, previous, list_date, source, file_name, "
                "created_at, period_id) VALUES (:p, 'regular', :v, :old, '2026-12-31', 'Período Xadrez dez', '', "
                "'2026-12-31 12:00:00', :period)"), {"p": pid, "v": 2100 + k, "old": before[pid], "period": period_id})
            conn.execute(sa.text("UPDATE player SET rating_regular = :v WHERE id = :p"), {"v": 2100 + k, "p": pid})
        records = _rows(conn, "SELECT count(*) FROM rating_record")[0][0]
    upgrade()
    with db.engine.connect() as conn:
        periods = dict(_rows(conn, "SELECT name, discipline FROM rating_period"))
        assert periods.pop("Xadrez dez") == "xadrez"
        assert set(periods.values()) == {"damas-64"}  # the demo's rapid period of the draughts events
        games = dict(_rows(conn, "SELECT discipline, count(*) FROM rating_record GROUP BY discipline"))
        assert games == {"xadrez": 3, "damas-64": records - 3}
        players = {r[0]: r[1:] for r in _rows(conn, "SELECT id, rating_regular, rating_chess_regular FROM player")}
    for k, pid in enumerate(rated):
        # his draughts 64 rating back: his newest draughts 64 record's, else the one before the chess period
        assert players[pid] == (draughts_newest.get(pid, before[pid]), 2100 + k)
    for pid, (regular, chess) in players.items():
        if pid not in rated:
            assert (regular, chess) == (before[pid], None)  # the others keep theirs on draughts 64
