"""Load benchmark of the public pages under gunicorn (not a test; issue 16's targets: warm
standings >= 500 requests/s at p95 < 50 ms, 304 answers >= 1,000 requests/s, cold standings of
1,000 players < 150 ms of server time, 0 errors).

    python benchmarks/load.py [--players 1000] [--rounds 9] [--requests 600] [--clients 8]
                              [--workers 4] [--database postgresql://...] [--no-cache]
                              [--servers 2] [--phones 500 --poll-seconds 5 --duration 30]

Builds a running Swiss (all rounds played) in the given database (default TEST_DATABASE_URL,
else a SQLite file in a temporary folder), starts gunicorn itself on 127.0.0.1 with a fresh
SECRET_KEY, then for each page: the first request after start, the median of cold requests, a
bounded burst of warm requests (the server-side cache, every worker primed first) and the same
burst with If-None-Match (304).
"cold" is the answer right after the event's revision moved (as when a result is recorded):
the page is computed, by a worker that has served before.
`--no-cache` serves without the page cache (the figures before issue 16).
It prints requests/s, p50, p95, p99 and errors per page and mode, then stops the server.

`--servers 2` (issue 30, point 5) starts two gunicorn servers (each with `--workers`) on one
database and one redis-server started here (the page cache and the throttles on it, as the
README's production setup), and spreads every burst over both, request by request.
`--phones N` then simulates N phones with the round page open, each asking the event's revision
every `--poll-seconds` with its ETag (as the self-updating page's script does) and fetching the
page when it moved, for `--duration` seconds, while a result is recorded every 10 s: the answers
(304, or 200 and the page after a change), their p50/p95 and errors.
"""
from __future__ import annotations

import argparse
import itertools
import os
import random
import secrets
import shutil
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

SECRET = secrets.token_hex(32)  # one key for every server started here (one site)
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
    from tests.web.serving.test_public_queries import build_event

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


def start_redis(port: int, folder: str) -> subprocess.Popen:
    if shutil.which("redis-server") is None:
        raise SystemExit("--servers 2 needs redis-server (make test installs it)")
    redis = subprocess.Popen(["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                              "--appendonly", "no", "--dir", folder], stdout=subprocess.DEVNULL,
                             start_new_session=True)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                if sock.recv(16).startswith(b"+PONG"):
                    return redis
        except OSError:
            time.sleep(0.1)
    stop_server(redis)
    raise SystemExit("redis-server did not answer")


def start_server(url: str, port: int, workers: int, page_cache: bool = True, redis_url: str = "") -> subprocess.Popen:
    env = {**os.environ, "DATABASE_URL": url, "SECRET_KEY": SECRET, "WEB_CONCURRENCY": str(workers),
           "BIND": f"127.0.0.1:{port}", "ACCESS_LOG": "/dev/null", "FLASK_DEBUG": "0",
           "DAMAS_PAGE_CACHE": "1" if page_cache else "0", "DAMAS_SERVER_TIMING": "1",
           "DAMAS_PUBLIC_URL": os.environ.get("DAMAS_PUBLIC_URL", "https://damas.federacao.example")}  # one site
    if redis_url:  # servers sharing the page cache and the throttles' counts
        env.update(CACHE_URL=redis_url, RATELIMIT_STORAGE_URI=redis_url)
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


def burst(ports: list[int], path: str, requests: int, clients: int, etag: str | None) -> dict[str, float]:
    """`requests` GETs from `clients` threads, spread over the servers' ports in turn."""
    expected = 304 if etag else 200

    def one(n: int) -> tuple[bool, float]:
        try:
            status, _, seconds, _ = get(ports[n % len(ports)], path, etag)
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


def phones(ports: list[int], url: str, event_id: int, path: str, count: int, poll: float, duration: float,
           clients: int) -> dict[str, float]:
    """`count` phones with `path` open, each asking the event's revision (`/eventos/<id>/revisao`,
    as the self-updating page does) every `poll` seconds (random phase) for `duration` seconds
    with the ETag of its last answer, and fetching the page when it moved; a result recorded (the
    revision moved) every 10 s. A 200 answer's time includes the page's."""
    revision = f"/eventos/{event_id}/revisao"
    rng = random.Random(1)
    schedule = sorted((rng.uniform(0, poll) + k * poll, phone)
                      for phone in range(count) for k in range(int(duration / poll)))
    etags: dict[int, str] = {}
    answers: list[tuple[int, float]] = []
    late: list[float] = []
    start = time.perf_counter()
    turn = itertools.count()

    def one(item: tuple[float, int]) -> None:
        at, phone = item
        wait = start + at - time.perf_counter()
        if wait > 0:
            time.sleep(wait)
        else:
            late.append(-wait)
        port = ports[next(turn) % len(ports)]
        try:
            status, etag, seconds, _ = get(port, revision, etags.get(phone))
            if status == 200:  # the revision moved: the page's live parts are fetched (static/app.js)
                etags[phone] = etag
                page_status, _, page_seconds, _ = get(port, path)
                status, seconds = (status if page_status == 200 else page_status), seconds + page_seconds
        except OSError:
            status, seconds = 0, 0.0
        answers.append((status, seconds))

    def results_recorded() -> None:
        for _ in changes(url, event_id, int(duration // 10)):
            time.sleep(10)

    with ThreadPoolExecutor(max_workers=clients + 1) as pool:
        pool.submit(results_recorded)
        list(pool.map(one, schedule))
    elapsed = time.perf_counter() - start
    times = sorted(s for status, s in answers if status in (200, 304)) or [0.0]
    q = statistics.quantiles(times, n=100) if len(times) > 1 else [times[0]] * 99
    return {"rps": len(answers) / elapsed, "p50": q[49] * 1000, "p95": q[94] * 1000,
            "not modified": sum(1 for status, _ in answers if status == 304),
            "changed": sum(1 for status, _ in answers if status == 200),
            "errors": sum(1 for status, _ in answers if status not in (200, 304)),
            "late p95": (statistics.quantiles(late, n=100)[94] * 1000) if len(late) > 1 else 0.0}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--players", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--requests", type=int, default=600, help="requests per page and mode")
    parser.add_argument("--clients", type=int, default=8, help="client threads")
    parser.add_argument("--workers", type=int, default=4, help="gunicorn workers (per server)")
    parser.add_argument("--servers", type=int, default=1, choices=(1, 2),
                        help="app servers on one database (2: and one Redis, started here)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--database", default=os.environ.get("TEST_DATABASE_URL", ""))
    parser.add_argument("--no-cache", action="store_true",
                        help="serve without the page cache and ETags (the figures before issue 16)")
    parser.add_argument("--phones", type=int, default=0, help="phones polling the round page (0: none)")
    parser.add_argument("--poll-seconds", type=float, default=5.0)
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--pages", default="", help="comma-separated page names (default: all)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        url = args.database or f"sqlite:///{Path(folder) / 'load.db'}"
        t0 = time.perf_counter()
        event_id, player_id = build(url, args.players, args.rounds)
        print(f"built {args.players} players x {args.rounds} rounds on {url.split('@')[-1]} "
              f"in {time.perf_counter() - t0:.1f} s")
        ports = [args.port + k for k in range(args.servers)]
        redis = start_redis(args.port + 100, folder) if args.servers > 1 else None
        redis_url = f"redis://127.0.0.1:{args.port + 100}/0" if redis else ""
        servers = []
        try:
            for port in ports:
                servers.append(start_server(url, port, args.workers, page_cache=not args.no_cache, redis_url=redis_url))
            print(f"{args.servers} server(s) x {args.workers} gunicorn workers"
                  f"{' on one Redis' if redis else ''}; {args.requests} requests per line from {args.clients} clients")
            print(f"{'page':16} {'mode':14} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}"
                  f" {'server ms':>10} {'cpu ms':>8}")
            wanted = {name.strip() for name in args.pages.split(",") if name.strip()}
            for name, template in PAGES:
                if wanted and name not in wanted:
                    continue
                path = template.format(e=event_id, r=args.rounds, p=player_id)
                status, etag, first, timing = get(ports[0], path)
                print(f"{name:16} {'first':14} {'':>8} {first * 1000:8.1f} {'':>8} {'':>8} {0 if status == 200 else 1:7}"
                      f" {timing.get('app', 0):10.1f} {timing.get('cpu', 0):8.1f}")
                cold = [get(ports[k % len(ports)], path) for k in changes(url, event_id, 3 * args.workers)]
                wall = statistics.median(c[2] for c in cold) * 1000
                app_ms = statistics.median(c[3].get("app", 0) for c in cold)
                cpu_ms = statistics.median(c[3].get("cpu", 0) for c in cold)
                errors = sum(1 for c in cold if c[0] != 200)
                print(f"{name:16} {'cold':14} {'':>8} {wall:8.1f} {'':>8} {'':>8} {errors:7} {app_ms:10.1f} {cpu_ms:8.1f}")
                for k in range(4 * args.workers * len(ports)):  # every worker has it in its cache
                    status, etag, _, _ = get(ports[k % len(ports)], path)  # the ETag of the current revision
                for mode, tag in (("warm", None), ("If-None-Match", etag)) if etag else (("warm", None),):
                    fig = burst(ports, path, args.requests, args.clients, tag)
                    print(f"{name:16} {mode:14} {fig['rps']:8.0f} {fig['p50']:8.1f} {fig['p95']:8.1f} "
                          f"{fig['p99']:8.1f} {fig['errors']:7.0f}")
            if args.phones:
                path = f"/eventos/{event_id}/rodadas/{args.rounds}"
                fig = phones(ports, url, event_id, path, args.phones, args.poll_seconds, args.duration,
                             max(args.clients, 64))
                print(f"{args.phones} phones polling {path} every {args.poll_seconds:g} s for {args.duration:g} s: "
                      f"{fig['rps']:.0f} req/s, p50 {fig['p50']:.1f} ms, p95 {fig['p95']:.1f} ms, "
                      f"{fig['not modified']:.0f} x 304, {fig['changed']:.0f} x 200, {fig['errors']:.0f} errors "
                      f"(requests sent late by the client: p95 {fig['late p95']:.0f} ms)")
        finally:
            for server in servers:
                stop_server(server)
            if redis is not None:
                stop_server(redis)


if __name__ == "__main__":
    main()
