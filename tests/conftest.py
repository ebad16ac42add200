"""Shared fixtures: the app on the test config (SQLite in memory, or TEST_DATABASE_URL)."""
from __future__ import annotations

import itertools
import os
from datetime import date
from typing import Any, Callable, Iterator

import pytest
from flask import g
from sqlalchemy import inspect, text
from hypothesis import settings as hypothesis_settings

from tests.worker_databases import use_worker_databases

use_worker_databases()  # before damas.config reads TEST_DATABASE_URL (one database per xdist worker)

import damas.cli as damas_cli_module  # noqa: E402
from damas import create_app  # noqa: E402
from damas.config import TestConfig  # noqa: E402
from damas.extensions import db as _db  # noqa: E402
from damas.models import Club, Entry, EntryStatus, Event, EventArbiter, EventStatus, Player, Role, User  # noqa: E402
from tests.demo_snapshot import loader  # noqa: E402

# CI replays the same examples every run (a red CI blocks landing); locally they are random.
hypothesis_settings.register_profile("ci", derandomize=True, print_blob=True)
if os.environ.get("CI"):
    hypothesis_settings.load_profile("ci")

_counter = itertools.count(1)


# The fixtures through which a test reaches the database TEST_DATABASE_URL names (an app on
# it, a served app, two apps, an empty database for the migrations, an app whose mails go
# through RQ).
DATABASE_FIXTURES = frozenset({"app", "live_server", "demo_server", "two_apps", "two_servers", "live",
                               "empty_database_app", "queued_app"})


def runs_on_postgresql(item: Any) -> bool:
    """Whether the PostgreSQL pass of `make test` runs this test too: it reaches the database
    and is not heavy and database-independent (`@pytest.mark.once_per_suite`), nor a browser
    test (what they check is drawn by the browser; every route they take is also walked through
    the test client on PostgreSQL). Pure engine tests, for example, run once, on SQLite."""
    if item.get_closest_marker("once_per_suite") or item.get_closest_marker("browser"):
        return False
    return bool(DATABASE_FIXTURES.intersection(getattr(item, "fixturenames", ())))


# Module-scoped servers (the served demo, two gunicorn servers): a module using one runs on one
# parallel worker, in the file's order, so the server is built once (`--dist loadgroup`; every
# other test goes to whichever worker is free).
MODULE_FIXTURES = frozenset({"demo_server", "two_servers"})


@pytest.hookimpl(tryfirst=True)  # before pytest-xdist reads the groups
def pytest_collection_modifyitems(config: Any, items: list[Any]) -> None:
    """Group the modules of a shared server on one worker; on PostgreSQL (TEST_DATABASE_URL),
    keep only the tests that depend on the database."""
    for item in items:
        if MODULE_FIXTURES.intersection(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.xdist_group(item.module.__name__))
    if not os.environ.get("TEST_DATABASE_URL", "").startswith("postgresql"):
        return
    kept = [item for item in items if runs_on_postgresql(item)]
    deselected = [item for item in items if not runs_on_postgresql(item)]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
        items[:] = kept


@pytest.fixture(autouse=True)
def _demo_once_per_worker(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """`flask damas demo` in a test restores the worker's snapshot of the demo (loaded for real
    once, tests/demo_snapshot.py); `@pytest.mark.real_demo` loads it for real."""
    monkeypatch.setattr(damas_cli_module, "load_demo", loader(request.node.get_closest_marker("real_demo") is not None))


@pytest.fixture
def app(request: pytest.FixtureRequest) -> Iterator[Any]:
    """The test app. TestConfig has the login / sign-up / password throttles off (most tests log
    in many times); a test marked `@pytest.mark.rate_limited` gets them on, counters at zero, and
    one marked `@pytest.mark.csrf` has CSRF protection on (forms write a token into the session);
    `@pytest.mark.app_config(NAME=value, ...)` sets config values the factory reads at build time."""
    settings = request.node.get_closest_marker("app_config")
    if settings is not None:
        yield from _test_app({**{k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()},
                              **settings.kwargs})
    elif request.node.get_closest_marker("rate_limited"):
        yield from _test_app({**{k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()},
                              "RATELIMIT_ENABLED": True})
    elif request.node.get_closest_marker("csrf"):
        yield from _test_app({**{k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()},
                              "WTF_CSRF_ENABLED": True})
    else:
        yield from _test_app(TestConfig)


def _test_app(config: Any) -> Iterator[Any]:
    app = create_app(config)

    @app.before_request
    def _fresh_request_globals() -> None:
        # Tests hold one app context open (for db.session), which Flask 3.1 reuses for every
        # request; a real server gives each request a fresh `g` (Flask-Login caches the user there).
        for name in list(vars(g)):
            delattr(g, name)

    with app.app_context():
        empty_schema()
        yield app
        _db.session.remove()
        if _db.engine.dialect.name != "postgresql":  # PostgreSQL: the next test empties the tables
            _db.drop_all()
        _db.engine.dispose()  # close pooled connections: one engine per test app


# The PostgreSQL databases whose schema this process built from the models (a database reused
# from an earlier run may hold the tables of older models: built once per process, for certain).
_BUILT: set[str] = set()


def empty_schema() -> None:
    """The models' tables, empty, on the app's database. SQLite (a new in-memory database per
    app) gets them created. PostgreSQL keeps the tables between tests and deletes their rows,
    the sequences starting again from 1 as on new tables: dropping and creating ~80 tables cost
    each test half a second, TRUNCATE (new files for every table) a quarter, DELETE a twentieth.
    They are built afresh the first time in a process, and again when a test before dropped them
    (the served apps and the migrations' tests drop what they built)."""
    engine = _db.engine
    url = engine.url.render_as_string(hide_password=True)
    if engine.dialect.name == "postgresql" and url in _BUILT and \
            set(inspect(engine).get_table_names()) >= set(_db.metadata.tables):
        with engine.begin() as connection:
            for table in reversed(_db.metadata.sorted_tables):  # the rows that point at others first
                connection.execute(table.delete())
            sequences = connection.scalars(text("SELECT sequence_name FROM information_schema.sequences "
                                                "WHERE sequence_schema = current_schema()")).all()
            for sequence in sequences:
                connection.execute(text(f'ALTER SEQUENCE "{sequence}" RESTART'))
        return
    _db.drop_all()
    _db.create_all()
    if engine.dialect.name == "postgresql":
        _BUILT.add(url)


@pytest.fixture
def client(app: Any) -> Any:
    return app.test_client()


@pytest.fixture
def db(app: Any) -> Any:
    return _db


@pytest.fixture
def make_user(db: Any) -> Callable[..., User]:
    def factory(role: Role = Role.STAFF, password: str = "secret123", **kw: Any) -> User:
        n = next(_counter)
        user = User(email=kw.pop("email", f"user{n}@test.br"), name=kw.pop("name", f"User {n}"), role=role, **kw)
        user.set_password(password)
        db.session.add(user)
        db.session.commit()
        return user

    return factory


@pytest.fixture
def make_club(db: Any) -> Callable[..., Club]:
    def factory(**kw: Any) -> Club:
        n = next(_counter)
        club = Club(name=kw.pop("name", f"Clube {n}"), short_name=kw.pop("short_name", f"C{n}"),
                    city=kw.pop("city", "Fortaleza"), state=kw.pop("state", "CE"), **kw)
        db.session.add(club)
        db.session.commit()
        return club

    return factory


@pytest.fixture
def make_player(db: Any) -> Callable[..., Player]:
    def factory(**kw: Any) -> Player:
        n = next(_counter)
        values = {
            "full_name": f"Jogador {n:04d}",
            "sex": "M",
            "birth_date": date(1990, 1, 1),
            "state": "CE",
            "federation_id": f"F{n}",
            "rating_regular": 1500,
            "rating_rapid": 1500,
        }
        values.update(kw)
        player = Player(**values)
        db.session.add(player)
        db.session.commit()
        return player

    return factory


@pytest.fixture
def make_event(db: Any) -> Callable[..., Event]:
    def factory(arbiters: tuple[User, ...] = (), players: tuple[Player, ...] = (), **kw: Any) -> Event:
        n = next(_counter)
        values = {
            "name": f"Evento {n}",
            "discipline": "damas-64",
            "ruleset": "cbjd",
            "pairing_system": "berger",
            "planned_rounds": 5,
            "time_minutes": 45,
            "time_increment": 0,
            "start_date": date(2026, 12, 5),
            "end_date": date(2026, 12, 6),
            "status": EventStatus.REGISTRATION,
        }
        values.update(kw)
        event = Event(**values)
        db.session.add(event)
        db.session.flush()
        for user in arbiters:
            db.session.add(EventArbiter(event_id=event.id, user_id=user.id))
        for number, player in enumerate(players, start=1):
            db.session.add(Entry(event_id=event.id, player_id=player.id, pairing_number=number,
                                 rating_at_entry=player.rating_regular or 0, status=EntryStatus.REGISTERED))
        db.session.commit()
        return event

    return factory


def login(client: Any, user: User, password: str = "secret123") -> None:
    """Log `user` in, first logging out whoever is logged in (the login page skips known users)."""
    client.post("/conta/sair")
    response = client.post("/conta/entrar", data={"email": user.email, "password": password})
    assert response.status_code == 302, response.data[:500]
    with client.session_transaction() as session:
        assert session.get("_user_id") == user.get_id()


@pytest.fixture
def login_as(client: Any) -> Callable[[User], None]:
    return lambda user: login(client, user)


def xlsx_bytes(*rows: list[Any]) -> bytes:
    """An XLSX workbook of one sheet with these rows, as a spreadsheet program saves it."""
    import io

    from openpyxl import Workbook

    book = Workbook()
    for row in rows:
        book.active.append(row)
    data = io.BytesIO()
    book.save(data)
    return data.getvalue()
