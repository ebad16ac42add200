"""Configuration classes; secrets and the database URL come from the environment.

Outside tests the app refuses to start without a real `SECRET_KEY` (`damas.security.check_secret_key`):
there is no built-in fallback, since anyone knowing a fallback could sign a staff session cookie.
`make run` keeps a random key in the instance folder (`instance/secret_key`) and passes it on.
"""
from __future__ import annotations

import os
from datetime import timedelta
from pathlib import Path
from urllib.parse import urlsplit

BASE_DIR = Path(__file__).resolve().parent.parent


def _database_url() -> str:
    url = os.environ.get("DATABASE_URL", "")
    if not url:
        return f"sqlite:///{BASE_DIR / 'instance' / 'damas.db'}"
    if url.startswith("postgres://"):  # Heroku-style URL
        url = "postgresql+psycopg://" + url[len("postgres://"):]
    elif url.startswith("postgresql://"):
        url = "postgresql+psycopg://" + url[len("postgresql://"):]
    return url


def _flag(name: str, default: bool = False) -> bool:
    value = os.environ.get(name)
    if value is None or not value.strip():
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


# The names this machine answers to by itself (`make run`, a health check, the tests' servers).
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "[::1]")


def trusted_hosts(public_url: str, extra: str) -> list[str]:
    """The `Host` values the app answers (Flask's TRUSTED_HOSTS; any other gets 400 before any
    work, so a forged Host renders and stores nothing): the public address's host, the names of
    DAMAS_TRUSTED_HOSTS (comma-separated; ".example.br" takes its subdomains) and the local ones."""
    hosts = [name.strip() for name in extra.split(",") if name.strip()]
    host = urlsplit(public_url).hostname if public_url else None
    if host:
        hosts.append(host)
    return hosts + [name for name in LOCAL_HOSTS if name not in hosts]


class Config:
    """Production / development defaults (SQLite unless DATABASE_URL is set)."""

    SECRET_KEY = os.environ.get("SECRET_KEY") or None
    SQLALCHEMY_DATABASE_URI = _database_url()
    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    BABEL_DEFAULT_LOCALE = "pt_BR"
    BABEL_DEFAULT_TIMEZONE = "America/Sao_Paulo"
    LANGUAGES = ("pt_BR", "en")
    FEDERATION_NAME = os.environ.get("DAMAS_FEDERATION", "Federação de Damas do Estado (demo)")
    PER_PAGE = 25
    # Public pages, PDFs and API answers cached by event revision (damas/web/serving/caching.py): in this
    # process by default, in Redis when CACHE_URL (redis://host:6379/0) is set, shared by every
    # app server.
    CACHE_URL = os.environ.get("CACHE_URL", "")
    PAGE_CACHE = os.environ.get("DAMAS_PAGE_CACHE", "1") != "0"  # 0: compute every page (benchmarks)
    # Printed reports (damas/web/serving/pdf_jobs.py): a PDF not yet in the cache is rendered by a
    # background job; the request waits this long for it, then shows the "being prepared"
    # page, which asks again every REPORT_REFRESH_SECONDS.
    REPORT_WAIT_SECONDS = float(os.environ.get("DAMAS_REPORT_WAIT_SECONDS", "2") or 2)
    REPORT_REFRESH_SECONDS = 2
    REPORT_JOBS = True  # False: every PDF rendered in its own request (no background job)
    SERVER_TIMING = _flag("DAMAS_SERVER_TIMING")  # a Server-Timing header: the time a response took (benchmarks)
    # Largest request body, uploads included: a federation's openings list is a few
    # tens of KB; a bigger body is refused with a message page (413) before anything is read.
    MAX_CONTENT_LENGTH = int(os.environ.get("DAMAS_MAX_UPLOAD_BYTES", 1024 * 1024))
    OPENINGS_PER_PAGE = 100
    WTF_CSRF_TIME_LIMIT = None
    # CPython collector thresholds for the serving process (None keeps the interpreter's).
    # A page of a 500-player, 9-round event allocates ~100k short-lived ORM rows and engine
    # objects; at the default (700, 10, 10) the collector ran so often that it took about 60%
    # of the server time (benchmarks/public_pages.py: standings 150 ms -> 57 ms).
    GC_THRESHOLD: tuple[int, int, int] | None = (20_000, 50, 100)

    # Cookies: SameSite=Lax everywhere; Secure when the site is served over HTTPS
    # (DAMAS_SECURE_COOKIES=1). The remember-me cookie lasts 30 days, not Flask-Login's 365.
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_SECURE = _flag("DAMAS_SECURE_COOKIES")
    REMEMBER_COOKIE_HTTPONLY = True
    REMEMBER_COOKIE_SAMESITE = "Lax"
    REMEMBER_COOKIE_SECURE = _flag("DAMAS_SECURE_COOKIES")
    REMEMBER_COOKIE_DURATION = timedelta(days=30)
    # Number of reverse proxies in front of the app whose X-Forwarded-For / -Proto are trusted
    # (0: none). The login throttle counts per client address, so behind nginx this must be 1.
    PROXY_COUNT = int(os.environ.get("DAMAS_PROXY_COUNT", "0") or 0)
    # Whether those proxies' X-Forwarded-Host is trusted too (a visitor can send one;
    # only a proxy that always sets it may be trusted). Prefer DAMAS_PUBLIC_URL.
    PROXY_TRUST_HOST = _flag("DAMAS_PROXY_TRUST_HOST")

    # Flask-Limiter: in memory by default (one process); several gunicorn workers or servers
    # must share a store, e.g. RATELIMIT_STORAGE_URI=redis://localhost:6379/0.
    RATELIMIT_ENABLED = True
    RATELIMIT_STORAGE_URI = os.environ.get("RATELIMIT_STORAGE_URI", "memory://")
    RATELIMIT_HEADERS_ENABLED = True
    # If that store goes away the limits are counted in this process meanwhile (never an error
    # page), and a store error in a request is logged, not raised.
    RATELIMIT_IN_MEMORY_FALLBACK_ENABLED = True
    RATELIMIT_SWALLOW_ERRORS = True
    RATELIMIT_STORAGE_OPTIONS = ({"socket_connect_timeout": 1, "socket_timeout": 2}
                                 if RATELIMIT_STORAGE_URI.startswith(("redis://", "rediss://")) else {})
    # Limits of the account routes (limits' notation; see damas.web.guards.limits).
    # Failed logins from one address, whatever the account (guessing across accounts). Only
    # failures count: a venue's players share one address, and their right passwords cost nothing.
    LIMIT_LOGIN_IP = "60 per minute;200 per hour"
    # Failed logins of one account from one address: past LOGIN_DELAY_AFTER, the next attempt
    # waits LOGIN_DELAY_SECONDS, doubled at each further failure (damas.web.guards.login_delay).
    LOGIN_DELAY_AFTER = 5
    LOGIN_DELAY_SECONDS = 2
    LOGIN_DELAY_MAX_SECONDS = 3600
    LOGIN_DELAY_FORGET_SECONDS = 3600
    # Failed logins of one account from every address: past these, each attempt on the account
    # waits LOGIN_SLOWDOWN_SECONDS (slowed down, never refused: a stranger cannot lock it)
    LOGIN_SLOWDOWN_AFTER = "10 per minute;50 per hour"
    LOGIN_SLOWDOWN_SECONDS = 1.0
    LIMIT_SIGN_UP_IP = "10 per minute;60 per hour"
    LIMIT_GUEST_SIGN_UP_IP = "5 per hour"  # guest accounts created
    LIMIT_PASSWORD_IP = "10 per minute;60 per hour"
    LIMIT_PASSWORD_ACCOUNT = "5 per minute;20 per hour"  # wrong current password only
    # "Esqueci minha senha": requests per client address and per typed address (known or not:
    # the limit itself tells nothing), new passwords chosen from a link per address, and
    # "send the confirmation link again" per account.
    LIMIT_RESET_IP = "5 per minute;30 per hour"
    LIMIT_RESET_EMAIL = "3 per hour;10 per day"
    LIMIT_RESET_SET_IP = "10 per minute;60 per hour"
    LIMIT_VERIFY_RESEND_ACCOUNT = "3 per hour;10 per day"
    # How long the links in the account mails work: a new password (one hour, single use: the
    # link carries a digest of the password it replaces) and an address confirmation (7 days).
    PASSWORD_RESET_SECONDS = 3600
    EMAIL_VERIFY_SECONDS = 7 * 24 * 3600
    # The site's public address (https://...) the QR codes on paper carry; unset, the
    # address each request came to.
    PUBLIC_URL = os.environ.get("DAMAS_PUBLIC_URL", "")
    # The Host values answered (`trusted_hosts`); the factory fills TRUSTED_HOSTS from these when
    # the config does not set it.
    EXTRA_TRUSTED_HOSTS = os.environ.get("DAMAS_TRUSTED_HOSTS", "")
    # How often the public round, standings and player pages ask whether the event changed.
    LIVE_POLL_SECONDS = int(os.environ.get("DAMAS_LIVE_POLL_SECONDS", "15"))
    LIMIT_RESULT_REPORT_ACCOUNT = "10 per minute;60 per hour"  # a player's result reports

    # E-mail (Flask-Mailman, damas.services.mail): sent through MAIL_SERVER when it is set;
    # without it every mail is written to MAIL_OUTBOX_DIR (default instance/outbox/) and staff
    # read them on "E-mails enviados" (development). MAIL_BACKEND may name another backend.
    MAIL_SERVER = os.environ.get("MAIL_SERVER", "")
    MAIL_PORT = int(os.environ.get("MAIL_PORT", "587") or 587)
    MAIL_USE_TLS = _flag("MAIL_USE_TLS")
    MAIL_USE_SSL = _flag("MAIL_USE_SSL")
    MAIL_USERNAME = os.environ.get("MAIL_USERNAME") or None
    MAIL_PASSWORD = os.environ.get("MAIL_PASSWORD") or None
    MAIL_DEFAULT_SENDER = os.environ.get("MAIL_DEFAULT_SENDER", "")  # default: nao-responda@<public host>
    MAIL_TIMEOUT = 10
    MAIL_BACKEND = os.environ.get("MAIL_BACKEND", "")
    MAIL_OUTBOX_DIR = os.environ.get("MAIL_OUTBOX_DIR", "")
    MAIL_AFTER_RESPONSE = True  # a request's mails leave after its response (False: inside it)


class TestConfig(Config):
    """Test override: in-memory-like SQLite unless TEST_DATABASE_URL names PostgreSQL.

    The rate limits are off (tests log in hundreds of times); the tests of the limits turn them
    on with the `rate_limited_app` fixture.
    """

    TESTING = True
    SECRET_KEY = "test"
    WTF_CSRF_ENABLED = False
    SQLALCHEMY_DATABASE_URI = os.environ.get("TEST_DATABASE_URL", "sqlite://")
    SQLALCHEMY_ENGINE_OPTIONS: dict = {}
    SERVER_NAME = None
    SESSION_COOKIE_SECURE = False
    REMEMBER_COOKIE_SECURE = False
    RATELIMIT_ENABLED = False
    RATELIMIT_STORAGE_URI = "memory://"
    REPORT_WAIT_SECONDS = 120.0  # a test's PDF request gets its file (the browser test sets 0)
    MAIL_BACKEND = "locmem"  # the mails of a test in `mail.outbox`; the SMTP tests use a real server
    MAIL_AFTER_RESPONSE = False
