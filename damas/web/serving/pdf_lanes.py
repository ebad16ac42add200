"""Where the PDF jobs of `pdf_jobs` run.

Two lanes, each worked one job at a time: ``sheets`` (a round's pairings and results, short)
and ``reports`` (standings, categories, crosstable, ...), so a round's pairings are never queued
behind a crosstable.

- `ThreadLanes` (default): one worker thread per lane in this process; a key already being
  rendered is not started again (two visitors, one rendering).
- `RqLanes` (``CACHE_URL=redis://...``): RQ queues ``damas-sheets`` and ``damas-reports`` on that
  Redis, worked by ``flask damas worker`` processes on any machine, so every app server shares
  the work and the file. The job id is derived from the page's cache key, and a short Redis
  lock (SET NX) lets only one server enqueue it; while the key's job is queued or started
  nobody enqueues it again. With no RQ worker alive the jobs run in this process's threads.
"""
from __future__ import annotations

import hashlib
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, Callable

from flask import Flask
from redis import Redis
from redis.exceptions import RedisError
from rq import Queue, SimpleWorker, Worker
from rq.exceptions import NoSuchJobError
from rq.job import Job, JobStatus

SHEETS, REPORTS = "sheets", "reports"
LANES = (SHEETS, REPORTS)
QUEUES = {lane: f"damas-{lane}" for lane in LANES}
_PENDING = (JobStatus.QUEUED, JobStatus.STARTED, JobStatus.DEFERRED, JobStatus.SCHEDULED)
_CREATE = threading.Lock()

Run = Callable[[dict[str, Any]], bool]


def job_id(key: str) -> str:
    """The RQ job id of a cache key (RQ ids are letters, digits, '-' and '_')."""
    return "pdf-" + hashlib.sha1(key.encode()).hexdigest()


class ThreadLanes:
    """Worker threads of this process, one per lane, each job in an app context of `app`."""

    def __init__(self, app: Flask) -> None:
        self.app = app._get_current_object() if hasattr(app, "_get_current_object") else app  # not the proxy
        self.lock = threading.Lock()
        self.running: dict[str, Future[bool]] = {}
        self.pools = {lane: ThreadPoolExecutor(max_workers=1, thread_name_prefix=f"damas-pdf-{lane}")
                      for lane in LANES}

    def start(self, key: str, job: dict[str, Any], lane: str, run: Run) -> None:
        with self.lock:
            future = self.running.get(key)
            if future is not None and not future.done():
                return  # already being rendered: the second visitor waits for the same file
            future = self.pools[lane].submit(self._run, run, job)
            self.running[key] = future
        future.add_done_callback(lambda done, key=key: self._forget(key, done))

    def _run(self, run: Run, job: dict[str, Any]) -> bool:
        with self.app.app_context():
            return run(job)

    def _forget(self, key: str, done: Future[bool]) -> None:
        with self.lock:
            if self.running.get(key) is done:
                del self.running[key]

    def wait(self, key: str, seconds: float) -> None:
        """Until the key's job is done or `seconds` have passed."""
        with self.lock:
            future = self.running.get(key)
        if future is None:
            time.sleep(seconds)
            return
        try:
            future.result(timeout=seconds)
        except Exception:  # a timeout, or the job's own failure (it logged and recorded it)
            pass


class RqLanes:
    """RQ queues on the cache's Redis (see the module docstring)."""

    def __init__(self, app: Flask, url: str) -> None:
        self.redis = Redis.from_url(url)
        self.queues = {lane: Queue(name, connection=self.redis) for lane, name in QUEUES.items()}
        self.local = ThreadLanes(app)

    def start(self, key: str, job: dict[str, Any], lane: str, run: Run) -> None:
        try:
            self._enqueue(key, job, lane, run)
        except RedisError:  # Redis went away: render in this server
            self.local.start(key, job, lane, run)

    def _enqueue(self, key: str, job: dict[str, Any], lane: str, run: Run) -> None:
        if not Worker.count(connection=self.redis):  # nobody works the queues: render here
            self.local.start(key, job, lane, run)
            return
        ident = job_id(key)
        if not self.redis.set(f"damas:pdf-enqueue:{ident}", 1, nx=True, ex=30):
            return  # another request (this server or another) is enqueueing it
        try:
            if Job.fetch(ident, connection=self.redis).get_status(refresh=False) in _PENDING:
                return
        except NoSuchJobError:
            pass
        self.queues[lane].enqueue(run, job, job_id=ident, job_timeout=600, result_ttl=60, failure_ttl=600)

    def wait(self, key: str, seconds: float) -> None:
        self.local.wait(key, seconds)


def is_redis(url: str) -> bool:
    return url.startswith(("redis://", "rediss://", "unix://"))


def work(app: Flask, lane: str = "all", burst: bool = False, others: tuple[str, ...] = ()) -> bool:
    """`flask damas worker`: work the RQ queues of `app`'s Redis in this process (no fork per
    job: the app and the fonts stay loaded); ``lane="sheets"`` only the round sheets (a worker
    that a crosstable never keeps busy); ``lane="others"`` only the queues `others` names (the
    mail). With "all", `others` come after the sheets and before the long reports. `burst`:
    stop when the queues are empty (tests)."""
    if lane == "others":
        names = list(others)
    else:
        names = [QUEUES[SHEETS]] if lane == SHEETS else [QUEUES[SHEETS], *others, QUEUES[REPORTS]]
    worker = SimpleWorker(names, connection=Redis.from_url(app.config["CACHE_URL"]))
    return worker.work(burst=burst, with_scheduler=False)


def lanes_of(app: Flask) -> ThreadLanes | RqLanes:
    """The app's lanes, made on first use: RQ when the page cache is on Redis."""
    lanes = app.extensions.get("damas_pdf_lanes")
    if lanes is None:
        with _CREATE:
            lanes = app.extensions.get("damas_pdf_lanes")
            if lanes is None:
                url = app.config.get("CACHE_URL", "")
                lanes = RqLanes(app, url) if is_redis(url) else ThreadLanes(app)
                app.extensions["damas_pdf_lanes"] = lanes
    return lanes
