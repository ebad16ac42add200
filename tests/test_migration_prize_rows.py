"""Migration 0010_i3_prize_rows keeps the existing prizes: the old per-kind rows of a place
become one row with cash, trophy and medal together (issue 17, point 5), and back."""
from __future__ import annotations

from datetime import date, datetime

import sqlalchemy as sa
from flask_migrate import downgrade, upgrade

from damas.extensions import db
from tests.test_migrations import empty_database_app  # noqa: F401 (fixture)

BEFORE = "0009_a1_session_version"


def _value(column: sa.Column) -> object:
    kind = column.type
    if getattr(kind, "enums", None):
        return kind.enums[0]
    python = None
    try:
        python = kind.python_type
    except NotImplementedError:
        pass
    return {int: 1, str: "x", bool: False, date: date(2026, 1, 1), datetime: datetime(2026, 1, 1),
            dict: "{}", list: "[]"}.get(python, "1")


def _an_event(conn: sa.Connection) -> int:
    event = sa.Table("event", sa.MetaData(), autoload_with=conn)
    values = {c.name: _value(c) for c in event.columns
              if not c.nullable and c.server_default is None and not c.primary_key}
    values.update(status="draft") if "status" in values else None
    return conn.execute(event.insert().values(**values).returning(event.c.id)).scalar_one()


def test_old_prizes_merge_into_one_row_per_place(empty_database_app):  # type: ignore[no-untyped-def]  # noqa: F811
    upgrade(revision=BEFORE)
    with db.engine.begin() as conn:
        event_id = _an_event(conn)
        rows = [("absoluto", 1, "trophy", 0), ("absoluto", 1, "cash", 50000), ("absoluto", 2, "cash", 30000),
                ("absoluto", 3, "medal", 0), ("feminino", 1, "trophy", 0), ("feminino", 1, "medal", 0)]
        for code, place, kind, amount in rows:
            conn.execute(sa.text("INSERT INTO event_prize (event_id, category_code, place, kind, amount) "
                                 "VALUES (:e, :c, :p, :k, :a)"), {"e": event_id, "c": code, "p": place, "k": kind, "a": amount})
    upgrade()
    with db.engine.connect() as conn:
        got = {(r.category_code, r.place): (r.amount, bool(r.trophy), bool(r.medal)) for r in conn.execute(sa.text(
            "SELECT category_code, place, amount, trophy, medal FROM event_prize"))}
    assert got == {("absoluto", 1): (50000, True, False), ("absoluto", 2): (30000, False, False),
                   ("absoluto", 3): (0, False, True), ("feminino", 1): (0, True, True)}
    downgrade(revision=BEFORE)
    with db.engine.connect() as conn:
        back = sorted((r.category_code, r.place, r.kind, r.amount) for r in conn.execute(sa.text(
            "SELECT category_code, place, kind, amount FROM event_prize")))
    assert back == sorted(rows)
