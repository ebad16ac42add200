""""Find my name" over an event's lists: the server-side half.

The search box above the start list, the standings and the pairings is a GET form with ``q``;
static/app.js jumps to the matching row as the player types, without a reload. Without script
the form is sent and the page comes back with only the matching rows (``?q=``). Both compare
names folded the same way: accents and case ignored ("jose" finds "José"), spaces collapsed.
"""
from __future__ import annotations

from flask import Flask, request

from damas.engine.folding import fold

MAX_QUERY = 80  # a name, not a document: longer input is cut


def find_query() -> str:
    """The request's ``q``, folded ('' when there is none)."""
    return fold((request.args.get("q") or "")[:MAX_QUERY])


def name_matches(query: str, *names: str | None) -> bool:
    """True when the (folded) query is part of one of the names, or there is no query."""
    return not query or any(query in fold(name) for name in names if name)


def register_find_name(app: Flask) -> None:
    app.jinja_env.globals["find_query"] = find_query
    app.jinja_env.globals["name_matches"] = name_matches
