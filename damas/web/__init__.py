"""Web layer: one blueprint per area, thin routes (form -> one service call -> page)."""
from __future__ import annotations

from flask import Flask


def register_blueprints(app: Flask) -> None:
    from damas.web import auth, clubs, events, health, main, players, rounds, users
    from damas.web.converters import DatabaseIntConverter

    app.url_map.converters["int"] = DatabaseIntConverter  # before any route is added
    from damas.web.errors import register_error_handlers

    for module in (main, health, auth, players, clubs, events, rounds, users):
        app.register_blueprint(module.bp)
    from damas.web import knockout

    app.register_blueprint(knockout.bp)
    from damas.web import public, registration

    app.register_blueprint(registration.bp)
    app.register_blueprint(public.bp)
    app.register_blueprint(public.api)
    from damas.web import awards, reports

    app.register_blueprint(awards.bp)
    app.register_blueprint(reports.bp)
    from damas.web import desk

    app.register_blueprint(desk.bp)
    from damas.web import micromatch

    app.register_blueprint(micromatch.bp)
    register_error_handlers(app)
    from damas.web.input_guard import register_input_guard

    register_input_guard(app)
    from damas.web.display import register_filters

    register_filters(app)
    from damas.web.find_name import register_find_name

    register_find_name(app)
