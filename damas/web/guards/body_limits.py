"""Request bodies larger than the app's MAX_CONTENT_LENGTH for the few routes that take a
bigger upload (the bank statement: its limit is checked by its reader, which says so in a
message on the form; a body past the app's limit would get the 413 page instead).

`body_limit(n)` marks a view; `register_body_limits` sets that request's limit before any other
hook reads the body (the CSRF check and the NUL guard read the form). Past the view's own limit
the 413 page still answers."""
from __future__ import annotations

from typing import Callable, TypeVar

from flask import Flask, request

F = TypeVar("F", bound=Callable[..., object])
ATTRIBUTE = "damas_body_limit"


def body_limit(size: int) -> Callable[[F], F]:
    """Let this view receive a request body of up to `size` bytes (put it under `@bp.route`)."""

    def mark(view: F) -> F:
        setattr(view, ATTRIBUTE, size)
        return view

    return mark


def register_body_limits(app: Flask) -> None:
    def raise_limit() -> None:
        view = app.view_functions.get(request.endpoint or "")
        size = getattr(view, ATTRIBUTE, None)
        if size:
            request.max_content_length = size

    # First of the app's hooks: Flask-WTF's CSRF check, registered when the extension starts,
    # reads the form (and so the body) before any hook added later.
    app.before_request_funcs.setdefault(None, []).insert(0, raise_limit)
