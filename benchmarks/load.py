"""Load benchmark of the public pages under gunicorn (not a test; issue 16's targets: warm
standings >= 500 requests/s at p95 < 50 ms, 304 answers >= 1,000 requests/s, cold standings of
1,000 players < 150 ms of server time, 0 errors).

    python benchmarks/load.py [--players 1000] [--rounds 9] [--requests 600] [--clients 8]
                              [--workers 4] [--database postgresql://...] [--no-cache]

Builds a running Swiss (all rounds played) in the given database (default TEST_DATABASE_URL,
else a SQLite file in a temporary folder), starts gunicorn itself on 127.0.0.1 with a fresh
SECRET_KEY, then for each page: the first request after start, the median of cold requests (a
new URL each time: computed by a warm process), a bounded burst of warm requests (the
server-side cache, every worker primed first) and the same burst with If-None-Match (304).
`--no-cache` serves without the page cache (the figures before issue 16).
It prints requests/s, p50, p95, p99 and errors per page and mode, then stops the server.
"""
from __future__ import annotations

import argparse
import http.client
import os
import secrets
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

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
           "DAMAS_PAGE_CACHE": "1" if page_cache else "0"}
    server = subprocess.Popen([str(Path(sys.executable).parent / "gunicorn"), "-c", str(ROOT / "gunicorn.conf.py")],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                              start_new_session=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            status, _, _ = get(port, "/healthz")
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


def get(port: int, path: str, etag: str | None = None) -> tuple[int, str, float]:
    started = time.perf_counter()
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        conn.request("GET", path, headers={"If-None-Match": etag} if etag else {})
        response = conn.getresponse()
        response.read()
        return response.status, response.getheader("ETag") or "", time.perf_counter() - started
    finally:
        conn.close()


def burst(port: int, path: str, requests: int, clients: int, etag: str | None) -> dict[str, float]:
    expected = 304 if etag else 200

    def one(_: int) -> tuple[bool, float]:
        try:
            status, _, seconds = get(port, path, etag)
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
            print(f"{'page':16} {'mode':14} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8} {'errors':>7}")
            for name, template in PAGES:
                path = template.format(e=event_id, r=args.rounds, p=player_id)
                status, etag, first = get(args.port, path)
                print(f"{name:16} {'first':14} {'':>8} {first * 1000:8.1f} {'':>8} {'':>8} {0 if status == 200 else 1:7}")
                cold = sorted(get(args.port, path + ("&" if "?" in path else "?") + f"cold={k}")[2]
                              for k in range(2 * args.workers))  # a new URL each time: computed
                print(f"{name:16} {'cold':14} {'':>8} {cold[len(cold) // 2] * 1000:8.1f} {'':>8} {'':>8} {0:7}")
                for _ in range(4 * args.workers):  # every worker has it in its cache
                    get(args.port, path)
                for mode, tag in (("warm", None), ("If-None-Match", etag)) if etag else (("warm", None),):
                    fig = burst(args.port, path, args.requests, args.clients, tag)
                    print(f"{name:16} {mode:14} {fig['rps']:8.0f} {fig['p50']:8.1f} {fig['p95']:8.1f} "
                          f"{fig['p99']:8.1f} {fig['errors']:7.0f}")
        finally:
            stop_server(server)


if __name__ == "__main__":
    main()
