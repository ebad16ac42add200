"""Issue 26, point 3 with ``CACHE_URL`` on Redis: the PDF jobs go to RQ queues on that Redis and
a `flask damas worker` process renders them (a real redis-server on a free port, a worker in a
subprocess on the same database file); the job id comes from the page's cache key and a second
request does not enqueue it again; with no worker alive the app renders in its own threads.
"""
from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from redis import Redis
from rq import Queue, Worker
from rq.job import Job

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db
from damas.web.serving.caching import page_key
from damas.web.serving.pdf_lanes import QUEUES, REPORTS, job_id
from tests.live_servers import has_redis_server, redis_url  # noqa: F401 (the fixture)
from tests.web.reports.report_events import build_report_event

ROOT = Path(__file__).resolve().parents[3]
pytestmark = pytest.mark.skipif(not has_redis_server(), reason="redis-server is not installed")


@pytest.fixture
def redis_app(tmp_path, redis_url):  # type: ignore[no-untyped-def]
    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config.update(SQLALCHEMY_DATABASE_URI=f"sqlite:///{tmp_path / 'rq.db'}", CACHE_URL=redis_url, REPORT_WAIT_SECONDS=0)
    app = create_app(config)
    with app.app_context():
        db.create_all()
        yield app
        db.session.remove()
        db.engine.dispose()


def _stop(worker: subprocess.Popen) -> None:  # type: ignore[type-arg]
    """SIGTERM (RQ's warm shutdown), then SIGKILL if it is still there a minute later."""
    worker.terminate()
    try:
        worker.wait(60)
    except subprocess.TimeoutExpired:
        worker.kill()
        worker.wait(20)


def _start_worker(app, tmp_path):  # type: ignore[no-untyped-def]
    script = ("import sys; from damas import create_app; from damas.config import TestConfig; "
              "from damas.web.serving.pdf_lanes import work; "
              "config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}; "
              "config.update(SQLALCHEMY_DATABASE_URI=sys.argv[1], CACHE_URL=sys.argv[2]); "
              "app = create_app(config); ctx = app.app_context(); ctx.push(); work(app)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    with open(tmp_path / "worker.log", "w") as log:  # the child keeps its own copy of the descriptor
        worker = subprocess.Popen([sys.executable, "-c", script, app.config["SQLALCHEMY_DATABASE_URI"],
                                   app.config["CACHE_URL"]], cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT)
    connection = Redis.from_url(app.config["CACHE_URL"])
    deadline = time.monotonic() + 300  # importing the app takes a while on a loaded machine
    while time.monotonic() < deadline and worker.poll() is None:
        if Worker.count(connection=connection):
            return worker
        time.sleep(0.2)
    _stop(worker)
    raise AssertionError("the RQ worker did not start: " + (tmp_path / "worker.log").read_text())


def test_reports_are_rendered_by_the_rq_worker(redis_app, tmp_path):  # type: ignore[no-untyped-def]
    event = build_report_event(db, 12, 3)
    connection = Redis.from_url(redis_app.config["CACHE_URL"])
    worker = _start_worker(redis_app, tmp_path)
    try:
        client = redis_app.test_client()
        url = f"/eventos/{event.id}/relatorios/classificacao.pdf"
        assert client.get(url).status_code == 202
        client.get(url)  # asked again at once: not enqueued twice
        row = db.session.get(type(event), event.id)
        key = page_key(event.id, row.revision, row.status, redis_app.extensions["damas_page_cache"][0], "pt_BR",
                       0, url + "?", "localhost")[0]
        job = Job.fetch(job_id(key), connection=connection)
        assert job.args[0]["key"] == key and job.origin == QUEUES[REPORTS]
        deadline = time.monotonic() + 120
        while (response := client.get(url)).status_code == 202 and time.monotonic() < deadline:
            time.sleep(0.2)
        assert response.status_code == 200 and response.data.startswith(b"%PDF")
        # the worker stores the PDF a moment before RQ marks its job finished: wait for that mark
        while (status := Job.fetch(job_id(key), connection=connection).get_status()) != "finished" \
                and time.monotonic() < deadline:
            time.sleep(0.1)
        assert status == "finished"
        assert len(Queue(QUEUES[REPORTS], connection=connection)) == 0
        assert "rendering" not in (tmp_path / "worker.log").read_text()  # no failure logged
    finally:
        _stop(worker)


def test_without_a_worker_the_app_renders_in_its_threads(redis_app):  # type: ignore[no-untyped-def]
    event = build_report_event(db, 12, 3)
    redis_app.config["REPORT_WAIT_SECONDS"] = 60
    response = redis_app.test_client().get(f"/eventos/{event.id}/relatorios/tabela.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert len(Queue(QUEUES[REPORTS], connection=Redis.from_url(redis_app.config["CACHE_URL"]))) == 0
