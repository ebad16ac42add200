"""`flask db upgrade` on an empty database builds exactly the schema the models describe."""
from __future__ import annotations

import os

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from flask_migrate import downgrade, upgrade
from sqlalchemy import inspect

from damas import create_app
from damas.config import TestConfig
from damas.extensions import db


@pytest.fixture
def empty_database_app(tmp_path):  # type: ignore[no-untyped-def]
    url = os.environ.get("TEST_MIGRATIONS_DATABASE_URL") or f"sqlite:///{tmp_path / 'migrations.db'}"
    app = create_app({**{k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()},
                      "SQLALCHEMY_DATABASE_URI": url})
    with app.app_context():
        _drop_everything()
        yield app
        _drop_everything()
        db.engine.dispose()


def _drop_everything() -> None:
    db.drop_all()
    with db.engine.begin() as conn:
        conn.exec_driver_sql("DROP TABLE IF EXISTS alembic_version")


def test_upgrade_builds_the_models_schema(empty_database_app):  # type: ignore[no-untyped-def]
    upgrade()
    with db.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn), db.metadata)
    assert diff == [], f"models and migrations differ: {diff}"
    tables = set(inspect(db.engine).get_table_names())
    assert {"club", "player", "user_account", "event", "event_arbiter", "entry", "audit_entry",
            "round", "game", "round_request"} <= tables


def test_downgrade_to_base_and_up_again(empty_database_app):  # type: ignore[no-untyped-def]
    upgrade()
    downgrade(revision="base")
    assert set(inspect(db.engine).get_table_names()) <= {"alembic_version"}
    upgrade()
    assert "player" in inspect(db.engine).get_table_names()
