"""Audit log writing: every service that changes data records who, when, before and after."""
from __future__ import annotations

import enum
import logging
from contextlib import contextmanager
from datetime import date, datetime
from typing import Any, Callable, Iterable, Iterator

from damas.extensions import db
from damas.models import AuditEntry, User


def _plain(value: Any) -> Any:
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, (date, datetime)):
        return value.isoformat()
    return value


def snapshot(obj: Any, fields: Iterable[str]) -> dict[str, Any]:
    """JSON-ready copy of the named attributes of a row (dates as ISO text, enums as values)."""
    return {name: _plain(getattr(obj, name)) for name in fields}


def record(
    actor: User | None,
    action: str,
    object_type: str,
    object_id: int | None,
    before: dict[str, Any] | None = None,
    after: dict[str, Any] | None = None,
    event_id: int | None = None,
) -> AuditEntry:
    """Add an audit entry to the current transaction (committed with the change itself)."""
    entry = AuditEntry(
        user_id=actor.id if actor is not None else None,
        action=action,
        object_type=object_type,
        object_id=object_id,
        event_id=event_id,
        before=before,
        after=after,
    )
    db.session.add(entry)
    return entry


@contextmanager
def transaction() -> Iterator[None]:
    """Commit the block as one unit; roll everything back on any error so nothing half-lands.

    Re-entrant: a service called inside another's block joins it (only the outermost block
    commits or rolls back), so e.g. starting an event and pairing its first round land together.
    """
    depth = db.session.info.get(_DEPTH, 0)
    db.session.info[_DEPTH] = depth + 1
    try:
        yield
        if depth == 0:
            db.session.commit()
    except BaseException:
        if depth == 0:
            db.session.info.pop(_AFTER_COMMIT, None)
            db.session.rollback()
        raise
    finally:
        db.session.info[_DEPTH] = depth
    if depth == 0:
        _run_after_commit()


def after_commit(action: Callable[[], Any]) -> None:
    """Run `action` once the outermost `transaction` block has committed (mails telling what
    changed), never when it rolls back. Called inside a block; outside one it runs at once."""
    if not db.session.info.get(_DEPTH, 0):
        _run_safely(action)
        return
    db.session.info.setdefault(_AFTER_COMMIT, []).append(action)


def _run_after_commit() -> None:
    for action in db.session.info.pop(_AFTER_COMMIT, []):
        _run_safely(action)


def _run_safely(action: Callable[[], Any]) -> None:
    """An action after the commit (a mail) never undoes nor breaks the operation: logged."""
    try:
        action()
    except Exception:
        log.exception("action after commit failed")


_DEPTH = "damas_transaction_depth"
_AFTER_COMMIT = "damas_after_commit"
log = logging.getLogger("damas.audit")
