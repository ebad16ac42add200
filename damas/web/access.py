"""Who may do what: staff administer, an event's arbiters edit that event, players read."""
from __future__ import annotations

from functools import wraps
from typing import Any, Callable, TypeVar

from flask import abort
from flask_login import current_user, login_required

from damas.extensions import db, login_manager
from damas.models import Event, Role, User
from damas.services.events.lifecycle import can_edit_event
from damas.engine.integers import parse_int

F = TypeVar("F", bound=Callable[..., Any])


@login_manager.user_loader
def load_user(login_id: str) -> User | None:
    """The user of a session or remember-me cookie ("<id>:<session version>", `User.get_id`).

    A cookie of an older session version (after a password change, deactivation or logout) or
    of the old plain-id form opens nothing.
    """
    user_id, _sep, version = (login_id or "").partition(":")
    number, session_version = parse_int(user_id), parse_int(version)
    if number is None or session_version is None:
        return None
    user = db.session.get(User, number)
    if user is None or not user.active or user.session_version != session_version:
        return None
    return user


def visible_event(event_id: int) -> tuple[Event, bool]:
    """The event and whether the current user may edit it; drafts exist only for their editors."""
    event = db.session.get(Event, event_id) or abort(404)
    editable = can_edit_event(current_user, event)
    if not event.is_public and not editable:
        abort(404)
    return event, editable


def staff_required(view: F) -> F:
    """Federation staff only (403 for other roles, login page for visitors)."""

    @wraps(view)
    @login_required
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        if current_user.role != Role.STAFF:
            abort(403)
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]


def event_editor_required(view: F) -> F:
    """Staff, or an arbiter assigned to the event named by the `event_id` URL argument."""

    @wraps(view)
    @login_required
    def wrapped(*args: Any, **kwargs: Any) -> Any:
        event = db.session.get(Event, kwargs["event_id"])
        if event is None:
            abort(404)
        if not can_edit_event(current_user, event):
            abort(403)
        return view(*args, **kwargs)

    return wrapped  # type: ignore[return-value]
