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
    done: list[Callable[[], None]] = []
    try:
        yield
        if depth == 0:
            db.session.commit()
            done = db.session.info.pop(_ON_COMMIT, [])
    except BaseException:
        if depth == 0:
            db.session.rollback()
            db.session.info.pop(_ON_COMMIT, None)  # what was refused is told to nobody
        raise
    finally:
        db.session.info[_DEPTH] = depth
    for callback in done:
        try:
            callback()
        except Exception:  # the change is committed: a failed notification never undoes nor hides it
            log.exception("after-commit step %r failed", callback)


def on_commit(callback: Callable[[], None]) -> None:
    """Run `callback` once the outermost `transaction` block has committed; dropped if it rolls
    back. For what tells people of a change (mails): never about a change that did not land,
    and never while the change still holds its locks."""
    db.session.info.setdefault(_ON_COMMIT, []).append(callback)


_DEPTH = "damas_transaction_depth"
_ON_COMMIT = "damas_on_commit"
log = logging.getLogger("damas.audit")
