"""The demo loaded once per test worker, then copied into each test's database.

`flask damas demo` takes ~10 s (seven kinds of event played through the services), and some
hundred tests start from it: they read its pages, PDFs and exports, or change one thing in it.
Loading it for each would cost most of the suite's time. So the first load of a worker runs
the real thing on an empty database and keeps what it wrote: every table's rows and the mails it
sent (the tests' outbox); each later load into an empty database of the same kind (SQLite or
PostgreSQL), seed and day writes those rows back and puts the same mails in the outbox. The rows
are the demo's own, ids included, so a test sees exactly what a load would have given it; a
test still changes its own copy only.

Not cached: a load into a database that already holds rows (the services would number what
they add after them), another seed or day than the first load's (a new snapshot), and a test
marked `@pytest.mark.real_demo` (the demo's own tests: determinism, the CLI's idempotence).
What the demo writes outside the database (the bank statement file in the instance folder) is
kept too and written again with the rows: another test, or another worker, may have loaded the
demo for real into a database that already held rows, and written that file with other ids.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Callable

from flask import current_app
from sqlalchemy import func, insert, select, text

from damas.demo import DEFAULT_SEED, load_demo
from damas.extensions import db


@dataclass
class Snapshot:
    """What one real load wrote: the rows per table (in dependency order), the mails sent and
    the summary `load_demo` returned."""

    rows: dict[str, list[dict[str, Any]]]
    mails: list[Any] = field(default_factory=list)
    summary: str = ""
    files: dict[Path, bytes] = field(default_factory=dict)


_SNAPSHOTS: dict[tuple[str, int, date], Snapshot] = {}


def _outbox() -> list[Any]:
    mailman = current_app.extensions["mailman"]
    if not hasattr(mailman, "outbox"):
        mailman.outbox = []
    return mailman.outbox  # type: ignore[no-any-return]


def _instance_files() -> dict[Path, int]:
    """The files at the top of the instance folder (not its outbox or the tests' artefacts) with
    their modification times."""
    folder = Path(current_app.instance_path)
    return {path: path.stat().st_mtime_ns for path in folder.iterdir() if path.is_file()} if folder.is_dir() else {}


def _database_is_empty() -> bool:
    return all(db.session.scalar(select(func.count()).select_from(table)) == 0
               for table in db.metadata.sorted_tables)


def _take(summary: str, mails: list[Any], files_before: dict[Path, int]) -> Snapshot:
    rows = {table.name: [dict(row._mapping) for row in db.session.execute(select(table))]
            for table in db.metadata.sorted_tables}
    written = {path: path.read_bytes() for path, mtime in _instance_files().items() if files_before.get(path) != mtime}
    return Snapshot(rows, [copy.copy(mail) for mail in mails], summary, written)


def _restore(snapshot: Snapshot) -> None:
    for table in db.metadata.sorted_tables:
        rows = snapshot.rows.get(table.name)
        if rows:
            db.session.execute(insert(table), rows)
    if db.engine.dialect.name == "postgresql":
        # the rows carry their ids: each table's sequence continues after the largest one
        for table in db.metadata.sorted_tables:
            key = table.autoincrement_column
            if key is not None and snapshot.rows.get(table.name):
                db.session.execute(text(
                    f"SELECT setval(pg_get_serial_sequence('{table.name}', '{key.name}'), "
                    f"(SELECT max({key.name}) FROM {table.name}))"))
    db.session.commit()
    _outbox().extend(copy.copy(mail) for mail in snapshot.mails)
    for path, content in snapshot.files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(content)


def cached_load_demo(seed: int = DEFAULT_SEED, today: date | None = None) -> str:
    """`load_demo` with the worker's snapshot: the same signature and result."""
    day = today or date.today()
    if not _database_is_empty():
        return load_demo(seed, today)
    key = (db.engine.dialect.name, seed, day)
    snapshot = _SNAPSHOTS.get(key)
    if snapshot is not None:
        _restore(snapshot)
        return snapshot.summary
    sent_before, files_before = len(_outbox()), _instance_files()
    summary = load_demo(seed, today)
    db.session.commit()
    _SNAPSHOTS[key] = _take(summary, _outbox()[sent_before:], files_before)
    return summary


def loader(real: bool) -> Callable[..., str]:
    """The demo loader a test gets: the real one when it asks for it."""
    return load_demo if real else cached_load_demo
