"""Configuration classes; secrets and the database URL come from the environment."""
from __future__ import annotations

import os
from pathlib import Path

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


class Config:
    """Production / development defaults (SQLite unless DATABASE_URL is set)."""

    SECRET_KEY = os.environ.get("SECRET_KEY", "dev-only-change-me")
    SQLALCHEMY_DATABASE_URI = _database_url()
    SQLALCHEMY_ENGINE_OPTIONS = {"pool_pre_ping": True}
    BABEL_DEFAULT_LOCALE = "pt_BR"
    BABEL_DEFAULT_TIMEZONE = "America/Sao_Paulo"
    LANGUAGES = ("pt_BR", "en")
    FEDERATION_NAME = os.environ.get("DAMAS_FEDERATION", "Federação de Damas do Estado (demo)")
    PER_PAGE = 25
    # Public pages, PDFs and API answers cached by event revision (damas/web/caching.py): in this
    # process by default, in Redis when CACHE_URL (redis://host:6379/0) is set, shared by every
    # app server.
    CACHE_URL = os.environ.get("CACHE_URL", "")
    PAGE_CACHE = True
    # Largest request body, uploads included (issue 14): a federation's openings list is a few
    # tens of KB; a bigger body is refused with a message page (413) before anything is read.
    MAX_CONTENT_LENGTH = int(os.environ.get("DAMAS_MAX_UPLOAD_BYTES", 1024 * 1024))
    OPENINGS_PER_PAGE = 100
    WTF_CSRF_TIME_LIMIT = None
    # CPython collector thresholds for the serving process (None keeps the interpreter's).
    # A page of a 500-player, 9-round event allocates ~100k short-lived ORM rows and engine
    # objects; at the default (700, 10, 10) the collector ran so often that it took about 60%
    # of the server time (benchmarks/public_pages.py: standings 150 ms -> 57 ms).
    GC_THRESHOLD: tuple[int, int, int] | None = (20_000, 50, 100)


class TestConfig(Config):
    """Test override: in-memory-like SQLite unless TEST_DATABASE_URL names PostgreSQL."""

    TESTING = True
    SECRET_KEY = "test"
    WTF_CSRF_ENABLED = False
    SQLALCHEMY_DATABASE_URI = os.environ.get("TEST_DATABASE_URL", "sqlite://")
    SQLALCHEMY_ENGINE_OPTIONS: dict = {}
    SERVER_NAME = None
