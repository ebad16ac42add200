"""`/healthz` for load balancers and process managers: 200 when the database answers, else 503.

It keeps no state and reads nothing of an event, so any app server behind a proxy can answer.
"""
from __future__ import annotations

from flask import Blueprint, jsonify
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from damas.extensions import db

bp = Blueprint("health", __name__)


@bp.get("/healthz")
def healthz():  # type: ignore[no-untyped-def]
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        response = jsonify(status="error", database="unreachable")
        response.status_code = 503
    else:
        response = jsonify(status="ok", database="ok")
    response.headers["Cache-Control"] = "no-store"
    return response
