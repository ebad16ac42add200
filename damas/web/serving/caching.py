"""Public pages, PDFs and API answers of an event, cached by the event's revision.

On the last round of a big open hundreds of phones refresh the same standings. Every GET page
of an event (a URL with an ``event_id``) is therefore answered, for visitors who are not logged
in, from the event's revision (damas/services/events/revision.py) at the cost of one indexed query:

- an ``ETag`` names (event, revision, language, URL, code version); a request whose
  ``If-None-Match`` matches gets ``304 Not Modified`` without computing anything;
- otherwise the rendered body is looked up in the server-side cache (Flask-Caching: in-process
  by default, Redis when ``CACHE_URL`` is set so several app servers share it) under the same
  key, and rendered and stored only on a miss;
- ``Cache-Control: no-cache`` makes browsers revalidate every time, so a new result is on the
  very next request, on any app server: the revision is read from the database each time.

Not cached: logged-in users (their pages show edit buttons, their name and a CSRF token), a
response that writes the session or a cookie (a flash message, a CSRF token), anything but a
200. Events still taking registrations also key by the minute, since their pages say whether
registration is open at this moment.

The URL part of the key is the path and only the query parameters the view reads (``?x=N``
must not render and store a new PDF per N). Which ones those are is learned:
the view renders with a `request.args` that records what it reads, and the set of names read
per endpoint (`query_names`) only grows. The names are part of the key, so a page is served
only for a request agreeing with it on every parameter its rendering read, whatever a process
learned so far (a process that knows fewer names just misses). ``lang`` is left out: the
language is in the key already.
"""
from __future__ import annotations

import hashlib
import time
from functools import lru_cache, wraps
from pathlib import Path
from typing import Any, Callable
from urllib.parse import urlencode

from flask import Flask, Response, current_app, g, make_response, request, session
from flask_login import current_user
from sqlalchemy import bindparam, func, select
from werkzeug.datastructures import ImmutableMultiDict

from damas.config import BASE_DIR
from damas.extensions import cache, db
from damas.models import Event, EventStatus, FederationSettings
from damas.presentation.site_url import host_in_key

__all__ = ["install_page_cache", "code_version", "cached_endpoints", "page_key", "request_key", "revision_row",
           "kept_query", "query_part", "query_names"]

_KEPT_HEADERS = ("Content-Type", "Content-Disposition")
# Core statement built once: the only query of a 304 or a cache hit.
_EVENT = Event.__table__
# The federation settings' version rides along (its name and logo are in every header).
_SETTINGS = select(func.max(FederationSettings.__table__.c.version)).scalar_subquery()
_REVISION = select(_EVENT.c.revision, _EVENT.c.status, _SETTINGS.label("settings")).where(
    _EVENT.c.id == bindparam("event_id"))
_SAFE = {"GET", "HEAD", "OPTIONS"}
EVERY = "*"  # the view read the whole query (iterated it): every parameter is in the key
_UNKEYED = frozenset({"lang"})  # in the key as the language


class RecordingArgs(ImmutableMultiDict):  # type: ignore[type-arg]
    """`request.args` of a render: remembers the names the view reads (`EVERY`: all of them)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.read: set[str] = set()

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None, type: Any = None) -> Any:  # noqa: A002 (MultiDict's name)
        self.read.add(key)
        return super().get(key, default, type)

    def getlist(self, key: str, type: Any = None) -> Any:  # noqa: A002
        self.read.add(key)
        return super().getlist(key, type)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)

    def _whole(self) -> None:
        self.read.add(EVERY)

    def items(self, multi: bool = False) -> Any:  # type: ignore[override]
        self._whole()
        return super().items(multi)

    def lists(self) -> Any:
        self._whole()
        return super().lists()

    def keys(self) -> Any:  # type: ignore[override]
        self._whole()
        return super().keys()

    def values(self) -> Any:  # type: ignore[override]
        self._whole()
        return super().values()

    def __iter__(self) -> Any:
        self._whole()
        return super().__iter__()

    def __len__(self) -> int:
        self._whole()
        return super().__len__()

    def to_dict(self, flat: bool = True) -> Any:
        self._whole()
        return super().to_dict(flat)


def query_names(app: Flask, endpoint: str) -> frozenset[str]:
    """The query parameters `endpoint`'s view has been seen to read in this process."""
    return app.extensions.get("damas_page_params", {}).get(endpoint, frozenset())


def _learn(app: Flask, endpoint: str, read: set[str]) -> None:
    learned = app.extensions.setdefault("damas_page_params", {})
    names = frozenset(read - _UNKEYED)
    if not names <= learned.get(endpoint, frozenset()):
        learned[endpoint] = learned.get(endpoint, frozenset()) | names


def _kept(pairs: list[tuple[str, str]], names: frozenset[str]) -> list[tuple[str, str]]:
    if EVERY in names:
        return pairs
    return sorted((k, v) for k, v in pairs if k in names)


def query_part(pairs: list[tuple[str, str]], names: frozenset[str]) -> str:
    """The query's share of the key: the names known to be read and those parameters' values."""
    if not names:
        return ""
    return repr((sorted(names), _kept(pairs, names)))


@lru_cache(maxsize=None)
def code_version() -> str:
    """A digest of the application's code and templates: a new release changes every ETag.
    Read once per process: a release starts new processes, and reading ~800 files for each app
    built in one process (the tests build thousands) would only find the same digest again."""
    digest = hashlib.sha1()
    for folder in ("damas", "templates"):
        for path in sorted((BASE_DIR / folder).rglob("*")):
            if path.suffix in (".py", ".html", ".css", ".mo") and path.is_file():
                digest.update(str(path.relative_to(BASE_DIR)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:12]


def cached_endpoints(app: Flask) -> list[str]:
    """Endpoints of the event's pages: a URL with ``event_id`` answering GET only."""
    out = []
    for rule in app.url_map.iter_rules():
        if "event_id" in rule.arguments and rule.methods and rule.methods <= _SAFE:
            out.append(rule.endpoint)
    return sorted(set(out))


def _personal() -> bool:
    return bool(current_user.is_authenticated) or "_flashes" in session


def page_key(event_id: int, revision: int, status: EventStatus, version: str, locale: str, settings: int,
             full_path: str, host: str = "") -> tuple[str, str]:
    """(cache key, ETag) of an event page for visitors: event, revision, federation settings,
    language, URL (path and query) and code version; by the minute while registration is open.
    `host` is the request's host while no public address is configured (the QR codes then name
    it: `damas.presentation.site_url`), else "": no header a visitor sets is in the key."""
    path = hashlib.sha1(f"{host.lower()}|{full_path}".encode()).hexdigest()[:16]
    minute = f".m{int(time.time() // 60)}" if status == EventStatus.REGISTRATION else ""
    key = f"e{event_id}.r{revision}.f{settings}.{locale}.{path}.{version}{minute}"
    return "page:" + key, hashlib.sha1(key.encode()).hexdigest()[:20]


def revision_row(connection: Any, event_id: int) -> Any:
    """(revision, status, settings version) of an event, None when there is none: the one query."""
    return connection.execute(_REVISION, {"event_id": event_id}).first()


def _keyed(event_id: int, version: str, locale: Callable[[], str]) -> tuple[Any, str, str] | None:
    """(revision row, cache key, ETag) of the current request's page of `event_id`."""
    row = revision_row(db.session.connection(), event_id)
    if row is None:
        return None
    return (row, *_key_of(event_id, row, version, locale))


def _key_of(event_id: int, row: Any, version: str, locale: Callable[[], str]) -> tuple[str, str]:
    """(cache key, ETag) of the current request's page from its event's revision row."""
    host = request.host if host_in_key() else ""
    names = query_names(current_app, str(request.endpoint))
    pairs = list(ImmutableMultiDict.items(request.args, multi=True))  # not a read of the view's
    g.damas_kept_query = urlencode(_kept(pairs, names))
    return page_key(event_id, row.revision, row.status, version, locale(), row.settings or 0,
                    request.path + "?" + query_part(pairs, names), host)


def kept_query() -> str:
    """The current request's query with only the parameters its page key holds: what a PDF job
    renders with, so the file stored under the key cannot depend on anything else."""
    return str(g.get("damas_kept_query", ""))


def _render_recording(view: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """The view's answer; the query parameter names it read are learned for its endpoint."""
    real = request._get_current_object()  # type: ignore[attr-defined]
    recording = RecordingArgs(real.args)
    real.args = recording
    try:
        return make_response(view(*args, **kwargs))
    finally:
        _learn(current_app._get_current_object(), str(request.endpoint), recording.read)  # type: ignore[attr-defined]


def request_key(event_id: int) -> tuple[str, str] | None:
    """(cache key, ETag) the page cache gives the current request's page of `event_id` (None:
    no such event, or the cache is off): what the PDF jobs (`web.pdf_jobs`) are keyed by."""
    installed = current_app.extensions.get("damas_page_cache")
    if installed is None:
        return None
    found = _keyed(event_id, *installed)
    return None if found is None else found[1:]


def _cached_view(view: Callable[..., Any], version: str, locale: Callable[[], str]) -> Callable[..., Any]:
    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        event_id = kwargs.get("event_id")
        if not isinstance(event_id, int) or _personal():
            return view(*args, **kwargs)
        found = _keyed(event_id, version, locale)
        if found is None or found[0].status == EventStatus.DRAFT:
            return view(*args, **kwargs)  # 404 or an editor's page: the view decides
        row, key, etag = found
        if request.if_none_match.contains_weak(etag):
            response = Response(status=304)
        else:
            stored = cache.get(key)
            if stored is not None:
                body, headers = stored
                response = Response(body, status=200, headers=headers)
            else:
                response = _render_recording(view, *args, **kwargs)
                if response.status_code != 200 or session.modified or response.headers.get("Set-Cookie"):
                    return response  # no ETag either: a 202 "being prepared" page is asked again
                response.direct_passthrough = False
                key, etag = _key_of(event_id, row, version, locale)  # with the names the render read
                headers = [(h, response.headers[h]) for h in _KEPT_HEADERS if h in response.headers]
                cache.set(key, (response.get_data(), headers))
        response.set_etag(etag, weak=True)
        response.headers["Cache-Control"] = "no-cache"
        return response

    wrapper.damas_page_cache = True  # type: ignore[attr-defined]
    return wrapper


def install_page_cache(app: Flask, locale: Callable[[], str]) -> str | None:
    """Wrap every event page's view (after the blueprints are registered); `locale` gives the
    request's language (part of the key). Returns the code version in the keys (None: no cache)."""
    if not app.config.get("PAGE_CACHE", True):
        return None
    version = code_version()
    app.extensions["damas_page_cache"] = (version, locale)
    for endpoint in cached_endpoints(app):
        view = app.view_functions[endpoint]
        if not getattr(view, "damas_page_cache", False):
            app.view_functions[endpoint] = _cached_view(view, version, locale)
    return version


def cache_config(url: str) -> dict[str, Any]:
    """Flask-Caching settings: Redis when a URL is given, else this process's memory."""
    if url:
        # a Redis that goes away is a cache miss and a warning, not an error page; short socket
        # timeouts so an unreachable host does not hold the request either
        return {"CACHE_TYPE": "damas.web.serving.resilient_cache.ResilientRedisCache", "CACHE_REDIS_URL": url,
                "CACHE_KEY_PREFIX": "damas:", "CACHE_OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 2}}
    return {"CACHE_TYPE": "SimpleCache", "CACHE_THRESHOLD": 2000}


def static_fingerprints(app: Flask) -> None:
    """`url_for('static', ...)` adds ``?v=<digest of the file>``; such URLs are cached a year."""
    folder = Path(app.static_folder or BASE_DIR / "static")
    digests: dict[str, str] = {}

    def digest(filename: str) -> str:
        if filename not in digests:
            path = folder / filename
            digests[filename] = hashlib.sha1(path.read_bytes()).hexdigest()[:10] if path.is_file() else ""
        return digests[filename]

    @app.url_defaults
    def _fingerprint(endpoint: str, values: dict[str, Any]) -> None:
        if endpoint == "static" and "filename" in values and "v" not in values:
            fingerprint = digest(values["filename"])
            if fingerprint:
                values["v"] = fingerprint

    @app.after_request
    def _long_cache(response: Response) -> Response:
        if request.endpoint == "static" and request.args.get("v") and response.status_code in (200, 304):
            response.cache_control.public = True
            response.cache_control.max_age = 31_536_000
            response.cache_control.immutable = True
        return response
