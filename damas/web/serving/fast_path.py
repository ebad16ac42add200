"""A visitor's repeated GET of an event page, answered before Flask runs (304 answers at
1,000 requests/s or more).

On the last round hundreds of phones re-ask for the standings with ``If-None-Match``. The
answer, a 304 or the stored page, depends only on what `caching.page_key` reads: the event's
revision, the federation settings' version, the language, the path, the query parameters the
view reads and (only while no public address is configured) the host. Through Flask it cost
1.2 ms of CPU of which 0.2 ms was that work; the rest was the session, the login manager, the
rate limiter's bookkeeping, Babel and the input guard, none of which can change a visitor's
cached answer. This WSGI layer answers those requests itself and hands every other one to
Flask unchanged:

- a GET of a cached endpoint (the URL map says so) with an integer ``event_id``;
- no session or remember-me cookie: no logged-in user, no flash message, no language kept in
  the session (Flask's path keys and skips those the same way, only slower);
- an ASCII URL with no NUL in the query (the input guard's 400 comes from Flask);
- the event exists and is not a draft, and the ETag matches (304) or the page is in the
  server-side cache (200 with the stored body); a miss goes to Flask, which renders and stores.

The language is read as `factory.select_locale` reads it without a session (``?lang=``), and
the answer carries the headers Flask's would (ETag, ``Cache-Control: no-cache``, ``Vary:
Cookie``, the security headers): tests compare both paths header by header.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable
from urllib.parse import parse_qsl

from flask import Flask, Response
from sqlalchemy.engine import Connection, Engine
from werkzeug.exceptions import HTTPException
from werkzeug.http import parse_cookie, parse_etags
from werkzeug.routing import RequestRedirect
from werkzeug.sansio.utils import host_is_trusted
from werkzeug.wsgi import get_host

from damas.extensions import cache, db
from damas.models import EventStatus
from damas.presentation.site_url import host_in_key
from damas.security import add_security_headers
from damas.web.serving.caching import cached_endpoints, page_key, query_names, query_part, revision_row

__all__ = ["CachedPageAnswers", "install_fast_path"]

LANGUAGES = ("pt_BR", "en")


class CachedPageAnswers:
    """WSGI middleware in front of `app`'s own WSGI callable (see the module docstring)."""

    def __init__(self, app: Flask, wsgi_app: Callable[..., Any], version: str) -> None:
        self.app = app
        self.wsgi_app = wsgi_app
        self.version = version
        self.endpoints = frozenset(cached_endpoints(app))
        self.private_cookies = (app.config.get("SESSION_COOKIE_NAME", "session"),
                                app.config.get("REMEMBER_COOKIE_NAME", "remember_token"))

    def __call__(self, environ: dict[str, Any], start_response: Callable[..., Any]) -> Iterable[bytes]:
        response = self.answer(environ)
        if response is None:
            return self.wsgi_app(environ, start_response)
        return response(environ, start_response)

    def answer(self, environ: dict[str, Any]) -> Response | None:
        """The 304 or stored page for this request, None when Flask must answer it."""
        if environ.get("REQUEST_METHOD") != "GET":
            return None
        cookies = environ.get("HTTP_COOKIE")
        if cookies and any(name in parse_cookie(cookies) for name in self.private_cookies):
            return None
        if not host_is_trusted(get_host(environ), self.app.config.get("TRUSTED_HOSTS")):
            return None  # Flask answers it: 400, before any work
        path, query = environ.get("PATH_INFO") or "/", environ.get("QUERY_STRING", "")
        if not (path.isascii() and query.isascii()) or "\x00" in query or "%00" in query:
            return None
        try:
            adapter = self.app.url_map.bind_to_environ(environ, server_name=self.app.config.get("SERVER_NAME"))
            endpoint, args = adapter.match()
        except (HTTPException, RequestRedirect):
            return None
        event_id = args.get("event_id")
        if endpoint not in self.endpoints or not isinstance(event_id, int):
            return None
        pairs = parse_qsl(query, keep_blank_values=True, errors="werkzeug.url_quote")  # as `request.args`
        lang = next((v for k, v in pairs if k == "lang"), "")
        locale = lang if lang in LANGUAGES else "pt_BR"
        full_path = "/" + path.lstrip("/") + "?" + query_part(pairs, query_names(self.app, endpoint))
        with self.app.app_context():
            with _reading(db.engine) as connection:
                row = revision_row(connection, event_id)
            if row is None or row.status == EventStatus.DRAFT:
                return None
            host = get_host(environ) if host_in_key() else ""  # werkzeug's `request.host` (trusted above)
            key, etag = page_key(event_id, row.revision, row.status, self.version, locale, row.settings or 0,
                                 full_path, host)
            if parse_etags(environ.get("HTTP_IF_NONE_MATCH")).contains_weak(etag):
                response = Response(status=304)
            else:
                stored = cache.get(key)
                if stored is None:
                    return None
                body, headers = stored
                response = Response(body, status=200, headers=headers)
        response.set_etag(etag, weak=True)
        response.headers["Cache-Control"] = "no-cache"
        response.vary.add("Cookie")  # as Flask's answer: the language may come from the session
        return add_security_headers(response)


def _reading(engine: Engine) -> Connection:
    """A connection for the one read: on a server database without a transaction to open and
    roll back (on PostgreSQL one round trip instead of three, a third of the CPU of a 304). Not
    on SQLite, where there is no round trip and switching a shared connection's isolation level
    would commit what it holds."""
    connection = engine.connect()
    if engine.dialect.name == "sqlite":
        return connection
    return connection.execution_options(isolation_level="AUTOCOMMIT")


def install_fast_path(app: Flask, version: str | None) -> None:
    """Put `CachedPageAnswers` in front of the application (when the page cache is on and the
    ``PAGE_FAST_PATH`` setting is not off)."""
    if version is None or not app.config.get("PAGE_FAST_PATH", True):
        return
    app.wsgi_app = CachedPageAnswers(app, app.wsgi_app, version)  # type: ignore[method-assign]
