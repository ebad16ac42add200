"""Web layer: one blueprint per area, thin routes (form -> one service call -> page)."""
from __future__ import annotations

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from damas.web import auth, clubs, events, main, players, rounds, users
    from damas.web.errors import register_error_handlers

    for module in (main, auth, players, clubs, events, rounds, users):
        app.register_blueprint(module.bp)
    register_error_handlers(app)
