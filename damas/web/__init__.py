"""Web layer: one package per blueprint (`routes.py`, `forms.py`, small modules as needed), thin
routes (form -> one service call -> page).

The modules at this level are the helpers every blueprint shares: `access` (who may see or edit),
`audit_log`, `display` (Jinja filters), `downloads`, `errors`, `find_name`, `forms_util`. Two
packages hold what wraps every request: `guards` (what a request may send: ids, NUL characters,
body sizes, throttles, login waits) and `serving` (page cache, ETags, the fast 304, background
PDFs). The page data shared with the PDFs comes from `damas.views`, its labels and number
formatting from `damas.presentation`.
"""
from __future__ import annotations

from flask import Flask

from damas.web import (
    auth,
    championships,
    awards,
    clubs,
    desk,
    events,
    federation,
    fees,
    games,
    health,
    imports,
    knockout,
    mail,
    main,
    norms,
    micromatch,
    players,
    public,
    ratings,
    registration,
    reports,
    rounds,
    seasons,
    titles,
    trf_import,
    users,
    venue,
)
from damas.web.guards.body_limits import register_body_limits
from damas.web.guards.converters import DatabaseIntConverter
from damas.web.display import register_filters
from damas.web.errors import register_error_handlers
from damas.web.guards.input_guard import register_input_guard
from damas.web.find_name import register_find_name


def register_blueprints(app: Flask) -> None:
    app.url_map.converters["int"] = DatabaseIntConverter  # before any route is added
    for blueprint in (main.bp, health.bp, auth.bp, players.bp, clubs.bp, events.bp, rounds.bp, users.bp,
                      knockout.bp, registration.bp, public.bp, public.api, awards.bp, reports.bp, desk.bp,
                      micromatch.bp, imports.bp, trf_import.bp, games.bp, ratings.bp, seasons.bp, mail.bp,
                      fees.bp, titles.bp, norms.bp, norms.api,
                      championships.bp, venue.bp):
        app.register_blueprint(blueprint)
    federation.register(app)
    games.links.register(app)
    register_body_limits(app)
    register_error_handlers(app)
    register_input_guard(app)
    register_filters(app)
    register_find_name(app)
