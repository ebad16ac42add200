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
    What `after_commit` registered runs once the outermost block has committed (outside the
    block: the change's locks are released), and is dropped when it rolls back.
    """
    depth = db.session.info.get(_DEPTH, 0)
    db.session.info[_DEPTH] = depth + 1
    done: list[Callable[[], Any]] = []
    try:
        yield
        if depth == 0:
            db.session.commit()
            done = db.session.info.pop(_AFTER_COMMIT, [])
    except BaseException:
        if depth == 0:
            db.session.rollback()
            db.session.info.pop(_AFTER_COMMIT, None)  # what was refused is told to nobody
        raise
    finally:
        db.session.info[_DEPTH] = depth
    for action in done:
        _run_safely(action)


def after_commit(action: Callable[[], Any]) -> None:
    """Run `action` once the outermost `transaction` block has committed (mails telling what
    changed): never about a change that did not land, never while the change holds its locks.
    Outside a block it runs at once."""
    if not db.session.info.get(_DEPTH, 0):
        _run_safely(action)
        return
    db.session.info.setdefault(_AFTER_COMMIT, []).append(action)


def _run_safely(action: Callable[[], Any]) -> None:
    """The change is committed: a failed step after it (a mail) never undoes nor hides it; logged."""
    try:
        action()
    except Exception:
        log.exception("after-commit step %r failed", action)


_DEPTH = "damas_transaction_depth"
_AFTER_COMMIT = "damas_after_commit"
log = logging.getLogger("damas.audit")
