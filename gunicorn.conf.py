"""gunicorn settings for `make serve` (production): every value comes from the environment.

    WEB_CONCURRENCY  worker processes (default: 2 per core + 1)
    WEB_THREADS      threads per worker (default 1: sync workers)
    BIND             address to listen on (default 127.0.0.1:8000, behind a reverse proxy)

The app keeps no state in the process but its page cache (in-process, or Redis with CACHE_URL):
start as many servers as you like against one PostgreSQL.
"""
from __future__ import annotations

import multiprocessing
import os

wsgi_app = "app:app"
bind = os.environ.get("BIND", "127.0.0.1:8000")
workers = int(os.environ.get("WEB_CONCURRENCY", multiprocessing.cpu_count() * 2 + 1))
threads = int(os.environ.get("WEB_THREADS", "1"))
timeout = int(os.environ.get("WEB_TIMEOUT", "60"))
accesslog = os.environ.get("ACCESS_LOG", "-")
forwarded_allow_ips = os.environ.get("FORWARDED_ALLOW_IPS", "127.0.0.1")


def post_worker_init(worker) -> None:  # type: ignore[no-untyped-def]
    """Load WeasyPrint's fonts before the first report request (the first PDF took 3.3 s), then
    freeze what is alive (the app, the fonts: 180,000 objects) out of the garbage collector's
    scans, which a 1,000-player page otherwise triggered over the whole heap."""
    import gc

    from damas.reports.pdf import warm_up

    warm_up()
    gc.collect()
    gc.freeze()
