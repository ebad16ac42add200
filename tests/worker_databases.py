"""One PostgreSQL database per pytest-xdist worker (the suite runs in parallel, `make test`).

Every test drops and creates the schema of the database it is given; two workers on one
database would drop each other's tables. So a worker `gwN` rewrites TEST_DATABASE_URL and
TEST_MIGRATIONS_DATABASE_URL to `<name>_gwN` (created on first use; the test role has CREATEDB,
scripts/pg-test-db.sh) before the app's config reads them. SQLite needs nothing: each test app
opens its own in-memory database or a file under its own tmp_path.
"""
from __future__ import annotations

import os

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

URL_VARIABLES = ("TEST_DATABASE_URL", "TEST_MIGRATIONS_DATABASE_URL")


def worker_url(url: str, worker: str) -> str:
    """The URL of this worker's own database beside `url`'s."""
    parsed = make_url(url)
    return parsed.set(database=f"{parsed.database}_{worker}").render_as_string(hide_password=False)


def ensure_database(url: str) -> None:
    """Create the database `url` names if the server does not have it yet."""
    parsed = make_url(url)
    engine = create_engine(parsed.set(database="postgres"), isolation_level="AUTOCOMMIT")
    try:
        with engine.connect() as connection:
            exists = connection.execute(text("SELECT 1 FROM pg_database WHERE datname = :name"),
                                        {"name": parsed.database}).scalar()
            if not exists:
                connection.execute(text(f'CREATE DATABASE "{parsed.database}"'))
    finally:
        engine.dispose()


def use_worker_databases() -> None:
    """Point this process's test URLs at the worker's own PostgreSQL databases."""
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    if not worker:
        return
    for variable in URL_VARIABLES:
        url = os.environ.get(variable, "")
        if url.startswith("postgresql"):
            own = worker_url(url, worker)
            ensure_database(own)
            os.environ[variable] = own
