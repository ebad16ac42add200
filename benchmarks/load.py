"""Load benchmark of the public pages under gunicorn (not a test; issue 16's targets: warm
standings >= 500 requests/s at p95 < 50 ms, 304 answers >= 1,000 requests/s, cold standings of
1,000 players < 150 ms of server time, 0 errors).

    python benchmarks/load.py [--players 1000] [--rounds 9] [--requests 600] [--clients 8]
                              [--workers 4] [--database postgresql://...] [--no-cache]

Builds a running Swiss (all rounds played) in the given database (default TEST_DATABASE_URL,
else a SQLite file in a temporary folder), starts gunicorn itself on 127.0.0.1 with a fresh
SECRET_KEY, then for each page: the first request after start, the median of cold requests, a
bounded burst of warm requests (the server-side cache, every worker primed first) and the same
burst with If-None-Match (304).
"cold" is the answer right after the event's revision moved (as when a result is recorded):
the page is computed, by a worker that has served before.
`--no-cache` serves without the page cache (the figures before issue 16).
It prints requests/s, p50, p95, p99 and errors per page and mode, then stops the server.
"""
from __future__ import annotations

import argparse
import os
import secrets
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

PAGES = (
    ("standings", "/eventos/{e}/classificacao"),
    ("round pairings", "/eventos/{e}/rodadas/{r}"),
    ("player card", "/eventos/{e}/jogadores/{p}"),
    ("category page", "/eventos/{e}/categorias/sub-16"),
    ("API standings", "/api/v1/events/{e}/standings"),
)


def build(url: str, players: int, rounds: int) -> tuple[int, int]:
    from damas import create_app
    from damas.config import TestConfig
    from damas.extensions import db
    from tests.web.test_public_queries import build_event

    config = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    config["SQLALCHEMY_DATABASE_URI"] = url
    app = create_app(config)
    with app.app_context():
        db.drop_all()
        db.create_all()
        ids = build_event(db, players, rounds)
        db.session.remove()
        db.engine.dispose()
    return ids


def start_server(url: str, port: int, workers: int, page_cache: bool = True) -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": secrets.token_hex(32), "WEB_CONCURRENCY": str(workers),
           "BIND": f"127.0.0.1:{port}", "ACCESS_LOG": "/dev/null", "FLASK_DEBUG": "0",
           "DAMAS_PAGE_CACHE": "1" if page_cache else "0", "DAMAS_SERVER_TIMING": "1"}
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py")],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            status, *_ = get(port, "/healthz")
            if status == 200:
                return server
        except OSError:
            pass
        if server.poll() is not None:
            raise SystemExit("gunicorn did not start:\n" + server.stderr.read().decode(errors="replace"))
        time.sleep(0.3)
    stop_server(server)
    raise SystemExit("gunicorn did not answer /healthz within 60 s")


def stop_server(server: subprocess.Popen) -> None:
    if server.poll() is None:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def changes(url: str, event_id: int, count: int) -> Iterator[int]:
    """Move the event's revision `count` times (as recording a result does), yielding after each:
    the request that follows computes the page (a cold answer, by a warm worker)."""
    from sqlalchemy import create_engine, text

    engine = create_engine(url)
    try:
        for k in range(count):
            with engine.begin() as connection:
                connection.execute(text("UPDATE event SET revision = revision + 1 WHERE id = :id"), {"id": event_id})
            yield k
    finally:
        engine.dispose()


def get(port: int, path: str, etag: str | None = None) -> tuple[int, str, float, dict[str, float]]:
    """One request on its own connection, as a phone behind a proxy makes it: (status, ETag,
    seconds, the server's own timing: {"app": wall ms, "cpu": CPU ms} from Server-Timing). A plain socket, not http.client, whose header parsing cost more CPU than the
    server's 304 answer: the client must not be what is measured. A body shorter than its
    Content-Length counts as an error (status 0)."""
    request = (f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nConnection: close\r\n"
               + (f"If-None-Match: {etag}\r\n" if etag else "") + "\r\n").encode("ascii")
    started = time.perf_counter()
    chunks = []
    with socket.create_connection(("127.0.0.1", port), timeout=30) as sock:
        sock.sendall(request)
        while chunk := sock.recv(262144):
            chunks.append(chunk)
    seconds = time.perf_counter() - started
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict((k.strip().lower(), v.strip()) for k, _, v in (line.partition(":") for line in lines[1:]))
    status = int(lines[0].split()[1]) if lines[0].startswith("HTTP/") else 0
    if "content-length" in headers and int(headers["content-length"]) != len(body):
        status = 0
    timing = {}
    for metric in headers.get("server-timing", "").split(","):
        name, _, duration = metric.strip().partition(";dur=")
        if duration:
            timing[name] = float(duration)
    return status, headers.get("etag", ""), seconds, timing


def burst(port: int, path: str, requests: int, clients: int, etag: str | None) -> dict[str, float]:
    expected = 304 if etag else 200

    def one(_: int) -> tuple[bool, float]:
        try:
            status, _, seconds, _ = get(port, path, etag)
            return status == expected, seconds
        except OSError:
            return False, 0.0

    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=clients) as pool:
        results = list(pool.map(one, range(requests)))
    elapsed = time.perf_counter() - started
    times = sorted(s for ok, s in results if ok) or [0.0]
    q = statistics.quantiles(times, n=100) if len(times) > 1 else [times[0]] * 99
    return {"rps": requests / elapsed, "p50": q[49] * 1000, "p95": q[94] * 1000, "p99": q[98] * 1000,
            "errors": sum(1 for ok, _ in results if not ok)}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=600, help="requests per page and mode")
    parser.add_argument("--clients", type=int, default=8, help="client threads")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--database", default=os.environ.get("TEST_DATABASE_URL", ""))
    parser.add_argument("--no-cache", action="store_true",
                        help="serve without the page cache and ETags (the figures before issue 16)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'load.db'}"
        t0 = time.perf_counter()
        event_id, player_id = build(url, args.players, args.rounds)
        print(f"built {args.players} players x {args.rounds} rounds on {url.split('@')[-1]} "
              f"in {time.perf_counter() - t0:.1f} s")
        server = start_server(url, args.port, args.workers, page_cache=not args.no_cache)
        try:
            print(f"gunicorn: {args.workers} workers; {args.requests} requests per line from {args.clients} clients")
            print(f"{'page':16} {'mode':14} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}"
                  f" {'server ms':>10} {'cpu ms':>8}")
            for name, template in PAGES:
                path = template.format(e=event_id, r=args.rounds, p=player_id)
                status, etag, first, timing = get(args.port, path)
                print(f"{name:16} {'first':14} {'':>8} {first * 1000:8.1f} {'':>8} {'':>8} {0 if status == 200 else 1:7}"
                      f" {timing.get('app', 0):10.1f} {timing.get('cpu', 0):8.1f}")
                cold = [get(args.port, path) for _ in changes(url, event_id, 3 * args.workers)]
                wall = statistics.median(c[2] for c in cold) * 1000
                app_ms = statistics.median(c[3].get("app", 0) for c in cold)
                cpu_ms = statistics.median(c[3].get("cpu", 0) for c in cold)
                errors = sum(1 for c in cold if c[0] != 200)
                print(f"{name:16} {'cold':14} {'':>8} {wall:8.1f} {'':>8} {'':>8} {errors:7} {app_ms:10.1f} {cpu_ms:8.1f}")
                for _ in range(4 * args.workers):  # every worker has it in its cache
                    status, etag, _, _ = get(args.port, path)  # the ETag of the current revision
                for mode, tag in (("warm", None), ("If-None-Match", etag)) if etag else (("warm", None),):
                    fig = burst(args.port, path, args.requests, args.clients, tag)
                    print(f"{name:16} {mode:14} {fig['rps']:8.0f} {fig['p50']:8.1f} {fig['p95']:8.1f} "
                          f"{fig['p99']:8.1f} {fig['errors']:7.0f}")
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
