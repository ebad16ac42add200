"""Real servers for tests: a redis-server and gunicorn app servers, each on a free port.

Used by the tests that prove what one process cannot show (issue 30, point 4): two app
servers on one database and one Redis, as the README's production setup runs them.
"""
from __future__ import annotations

import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator

import pytest
import requests
from redis import Redis

ROOT = Path(__file__).resolve().parents[1]
GUNICORN = Path(sys.executable).with_name("gunicorn")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def has_redis_server() -> bool:
    return shutil.which("redis-server") is not None


class RedisServer:
    """A throw-away redis-server (no persistence) on a free port of 127.0.0.1."""

    def __init__(self, directory: Path) -> None:
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.process = subprocess.Popen(
            ["redis-server", "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(directory)], stdout=subprocess.DEVNULL)
        connection = Redis.from_url(self.url)
        for _ in range(200):
            try:
                connection.ping()
                return
            except Exception:
                time.sleep(0.05)
        raise RuntimeError("redis-server did not answer")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            self.process.wait(10)


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    """The URL of a throw-away redis-server for one test (import the fixture where it is used)."""
    server = RedisServer(tmp_path)
    yield server.url
    server.stop()


class AppServer:
    """`gunicorn -c gunicorn.conf.py` (the production entry point, app:app) on a free port, one
    worker with threads, its log in a file."""

    def __init__(self, name: str, env: dict[str, str], log_dir: Path) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = log_dir / f"{name}.log"
        self._log_file = self.log.open("wb")
        self.process = subprocess.Popen(
            [str(GUNICORN), "-c", "gunicorn.conf.py"], cwd=ROOT, stdout=self._log_file, stderr=subprocess.STDOUT,
            env={**env, "BIND": f"127.0.0.1:{self.port}", "WEB_CONCURRENCY": "1", "WEB_THREADS": "4",
                 "ACCESS_LOG": "-"})

    def wait_ready(self, seconds: float = 120) -> None:
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"gunicorn exited: {self.log.read_text(errors='replace')[-2000:]}")
            try:
                if requests.get(self.url + "/", timeout=5).status_code < 500:
                    return
            except requests.RequestException:
                time.sleep(0.2)
        raise RuntimeError(f"gunicorn did not answer: {self.log.read_text(errors='replace')[-2000:]}")

    def log_text(self) -> str:
        self._log_file.flush()
        return self.log.read_text(errors="replace")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)
        self._log_file.close()


def server_env(database_url: str, redis_url: str) -> dict[str, str]:
    """A production environment: a strong random key, the database, the cache and the
    throttles' store on that Redis, and one public address (the servers are one site behind a
    balancer: without it each server's pages would name, and be cached under, its own host)."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(("TEST_", "PYTEST_", "DAMAS_"))}
    env.update(SECRET_KEY=secrets.token_hex(32), DATABASE_URL=database_url, CACHE_URL=redis_url,
               RATELIMIT_STORAGE_URI=redis_url, DAMAS_REPORT_WAIT_SECONDS="60", PYTHONPATH=str(ROOT),
               DAMAS_PUBLIC_URL="https://damas.federacao.example")
    return env


def session() -> requests.Session:
    browser = requests.Session()
    browser.trust_env = False  # no proxy for 127.0.0.1
    return browser


def csrf_token(html: str) -> str:
    """The form token of a page (the same for every form of a session)."""
    for tag in re.findall(r"<input[^>]*>", html):
        if 'name="csrf_token"' in tag:
            found = re.search(r'value="([^"]+)"', tag)
            if found:
                return found.group(1)
    raise AssertionError("no csrf_token on the page")


def log_in(browser: requests.Session, base: str, email: str, password: str) -> requests.Response:
    page = browser.get(f"{base}/conta/entrar", timeout=30)
    return browser.post(f"{base}/conta/entrar", data={"email": email, "password": password,
                                                      "csrf_token": csrf_token(page.text)},
                        allow_redirects=False, timeout=30)


def started(servers: list[AppServer]) -> Iterator[list[AppServer]]:
    """Wait for every server, yield them, stop them all (also on a failure)."""
    try:
        for server in servers:
            server.wait_ready()
        yield servers
    finally:
        for server in servers:
            server.stop()


__all__: list[Any] = ["AppServer", "RedisServer", "csrf_token", "free_port", "has_redis_server", "log_in",
                      "server_env", "session", "started"]
