"""Printed reports rendered in the background: no silent wait.

A PDF view calls `deliver_pdf` once it has checked who may see the report. When the file is
in the server cache for the event's revision it is served; otherwise one rendering job is
started (two visitors asking at once share it) and the request waits up to
``REPORT_WAIT_SECONDS`` for it (most reports are ready well within that); after that the
visitor gets the "being prepared" page (202), which refreshes itself until the file is there.

The job's identity is the page's cache key (`caching.request_key`, the key the page cache
and its WSGI fast path serve from), so every app server computing the same key finds the same
job and the same file. The job re-runs the PDF view itself, for the same URL, language and
user, in a request of its own (`render_job`), with `g.damas_render_now` set, so the access
rules and the rendering are the view's own, and stores the answer under that key: files
rendered for a signed-in user under a key of their own, never served to a visitor.

Where the jobs run (`lanes`): by default in worker threads of this process; with ``CACHE_URL``
set to Redis, on RQ queues of that Redis, done by ``flask damas worker`` processes (and by
this process's threads while no worker is alive). Round sheets (pairings, results) have a lane
of their own, so the arbiter's pairings never wait behind a crosstable.
"""
from __future__ import annotations

import time
from dataclasses import asdict, dataclass
from typing import Any, Callable

from flask import Flask, Response, current_app, g, make_response, render_template, request, session
from flask_babel import get_locale
from flask_login import current_user

from damas.extensions import cache, db
from damas.models import User
from damas.web.serving.caching import kept_query, request_key
from damas.web.serving.pdf_lanes import REPORTS, SHEETS, lanes_of

__all__ = ["PdfJob", "deliver_pdf", "render_job", "SHEETS", "REPORTS"]

_FAILED = "pdf-failed:"


@dataclass(frozen=True)
class PdfJob:
    """What a rendering needs to replay the request: the cache key it fills, the view and its
    arguments, the URL, the language and the signed-in user (None: a visitor)."""

    key: str
    endpoint: str
    view_args: dict[str, Any]
    path: str
    query: str
    locale: str
    user_id: int | None
    lane: str
    base_url: str = ""  # the address the request came to (the QR codes name it)


def _pdf_response(data: bytes, filename: str) -> Response:
    return Response(data, mimetype="application/pdf",
                    headers={"Content-Disposition": f'inline; filename="{filename}.pdf"'})


def deliver_pdf(event_id: int, filename: str, render: Callable[[], bytes], lane: str = REPORTS) -> Response:
    """The PDF of the current request: from the cache, or rendered by a job (see the module)."""
    if g.get("damas_render_now") or not current_app.config.get("REPORT_JOBS", True):
        return _pdf_response(render(), filename)
    found = request_key(event_id)
    if found is None:  # no such event: the view's own answer
        return _pdf_response(render(), filename)
    key = found[0] + (":signed-in" if current_user.is_authenticated else "")
    stored = cache.get(key)
    if stored is None and not _cache_is_up():  # Redis away: no job could hand its file over
        return _pdf_response(render(), filename)
    if stored is None:
        if cache.get(_FAILED + key):  # the job failed: render here, errors as any view's
            return _pdf_response(render(), filename)
        job = PdfJob(key, str(request.endpoint), dict(request.view_args or {}), request.path,
                     kept_query(), str(get_locale()),
                     current_user.id if current_user.is_authenticated else None, lane, request.host_url)
        lanes_of(current_app).start(job.key, asdict(job), lane, render_job)
        stored = _wait(key, float(current_app.config.get("REPORT_WAIT_SECONDS", 2.0)))
        if stored is None:
            return _preparing()
    body, headers = stored
    return Response(body, status=200, headers=headers)


def _cache_is_up() -> bool:
    """Whether the shared cache answers (the Redis backend says; the in-process one always does)."""
    is_up = getattr(cache.cache, "is_up", None)
    return True if is_up is None else bool(is_up())


def _wait(key: str, seconds: float) -> Any:
    """The stored file once the job has put it in the cache, None after `seconds`."""
    deadline = time.monotonic() + seconds
    lanes = lanes_of(current_app)
    while True:
        stored = cache.get(key)
        if stored is not None or cache.get(_FAILED + key):
            return stored
        left = deadline - time.monotonic()
        if left <= 0:
            return None
        lanes.wait(key, min(left, 0.25))


def _preparing() -> Response:
    refresh = int(current_app.config.get("REPORT_REFRESH_SECONDS", 2))
    response = make_response(render_template("reports/preparing.html", refresh=refresh), 202)
    response.headers["Retry-After"] = str(refresh)
    response.headers["Cache-Control"] = "no-store"
    return response


def render_job(job: dict[str, Any]) -> bool:
    """Replay the PDF request of `job` (a `PdfJob` as a dict) and store its file under the
    job's key; True when stored. Runs inside an application context (a worker thread's, or
    the RQ worker's). A failure is remembered for a minute: the next request renders in place."""
    app: Flask = current_app._get_current_object()  # type: ignore[attr-defined]
    spec = PdfJob(**job)
    try:
        # an application context of its own (a fresh database session per job, also in a
        # worker that runs many jobs), then the request the visitor made
        with app.app_context(), app.test_request_context(spec.path, query_string=spec.query,
                                                          base_url=spec.base_url or None):
            g.damas_render_now = True
            session["lang"] = spec.locale
            if spec.user_id is not None:
                g._login_user = db.session.get(User, spec.user_id)  # Flask-Login's user of this request
            response = make_response(app.view_functions[spec.endpoint](**spec.view_args))
            if response.status_code != 200 or response.mimetype != "application/pdf":
                cache.set(_FAILED + spec.key, True, timeout=60)
                return False
            headers = [(h, response.headers[h]) for h in ("Content-Type", "Content-Disposition")]
            cache.set(spec.key, (response.get_data(), headers))
            return True
    except Exception:
        cache.set(_FAILED + spec.key, True, timeout=60)
        app.logger.exception("rendering %s failed", spec.path)
        return False
