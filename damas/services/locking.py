"""One change to an event at a time: lock the event's row before reading its state.

Two requests changing the same event (a rush of registrations, a double click on "publish" or
"pair next round") must not both read the state and then both write: the second would number a
starting list that no longer exists, publish a round already published or pair the same round
twice. Every service that decides from an event's state calls `lock_event` before reading it:

* PostgreSQL: ``SELECT ... FOR UPDATE`` on the event's row; the other requests wait for the
  first to commit, then read what it wrote (READ COMMITTED reads afresh at each statement).
* SQLite: ``BEGIN IMMEDIATE`` takes the database's write lock at once (the driver would begin the
  transaction only at the first write, after the state was read); writers wait their turn up to
  the busy timeout (`sqlite_engine_options`).

Then everything the session had loaded is expired, so the state is read again under the lock
(the route loaded the event, its entries and its rounds before calling the service).

`retrying` is the last resort around a service call: a unique-constraint clash or a
serialisation failure that still happens is retried on a fresh transaction, and then refused
with a clear message instead of an error page.
"""
from __future__ import annotations

import hashlib
from typing import Any, Callable, TypeVar

from flask import current_app
from flask_babel import gettext as _
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError, OperationalError

from damas.extensions import db
from damas.models import Event
from damas.services.errors import ServiceError

T = TypeVar("T")
_LOCKS = "damas_event_locks"
SQLITE_BUSY_TIMEOUT = 30  # seconds a writer waits for SQLite's write lock (the driver's default is 5)


def lock_event(event: Event) -> None:
    """Hold the event's write lock until the transaction ends, then re-read its state.

    Called again for the same event in the same transaction (a service calling another), it
    does nothing: the lock is held and the state already re-read."""
    session = db.session()  # the request's Session (get_transaction is not proxied)
    event_id = event.id
    transaction = session.get_transaction()
    held = session.info.get(_LOCKS)
    if held is not None and transaction is not None and held[0] is transaction and event_id in held[1]:
        return
    _write_lock(session, select(Event.id).where(Event.id == event_id).with_for_update())
    transaction = session.get_transaction()
    if held is None or held[0] is not transaction:
        held = (transaction, set())
        session.info[_LOCKS] = held
    held[1].add(event_id)


def lock_rating_list(rating_list: str) -> None:
    """Hold the write lock of a rating list (closing or reopening one of its periods) until the
    transaction ends, then re-read: two staff closing the same period at once take turns, and
    the second sees the first's period. PostgreSQL: a transaction-scoped advisory lock keyed by
    the list (no row stands for a list); SQLite: the database's write lock, as `lock_event`."""
    key = int.from_bytes(hashlib.sha1(f"rating_list:{rating_list}".encode()).digest()[:4], "big")
    _write_lock(db.session(), select(func.pg_advisory_xact_lock(key)))


def _write_lock(session: Any, postgres_lock: Any) -> None:
    """Flush what the session holds, take the write lock (`postgres_lock`, or SQLite's BEGIN
    IMMEDIATE) and expire everything, so the state is read again under the lock."""
    if session.new or session.dirty or session.deleted:
        session.flush()  # expiring below must not drop a change made before the lock
    connection = session.connection()
    if connection.dialect.name == "sqlite":
        raw = connection.connection.dbapi_connection
        if raw is not None and not raw.in_transaction:
            connection.exec_driver_sql("BEGIN IMMEDIATE")
    else:
        session.execute(postgres_lock)
    session.expire_all()


def _concurrent(error: Exception) -> bool:
    """A clash with a simultaneous change: a unique constraint, a lock wait, a serialisation failure."""
    if isinstance(error, IntegrityError):
        return True
    text = str(getattr(error, "orig", error)).lower()
    return any(word in text for word in ("database is locked", "could not serialize", "deadlock"))


def retrying(action: Callable[[], T], attempts: int = 3) -> T:
    """Run a service call; retry it when it clashed with a simultaneous change, then refuse it
    with a message (nothing of it is written)."""
    for attempt in range(1, attempts + 1):
        try:
            return action()
        except (IntegrityError, OperationalError) as error:
            db.session.rollback()
            if not _concurrent(error):
                raise
            current_app.logger.warning("concurrent change (attempt %s of %s): %s", attempt, attempts, error)
    raise ServiceError(_("Outra alteração deste evento foi gravada ao mesmo tempo e esta não pôde ser feita. "
                         "Confira a página e tente de novo."))


def sqlite_engine_options(uri: str, options: dict[str, Any] | None) -> dict[str, Any]:
    """Engine options with a longer SQLite busy timeout, so a rush of writers queues for the
    write lock instead of failing after the driver's 5 seconds."""
    options = dict(options or {})
    if uri.startswith("sqlite"):
        connect_args = dict(options.get("connect_args") or {})
        connect_args.setdefault("timeout", SQLITE_BUSY_TIMEOUT)
        options["connect_args"] = connect_args
    return options
