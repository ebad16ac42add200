"""The `rounds` blueprint object, apart so `routes` and `rules` both add to it without a cycle."""
from __future__ import annotations

from flask import Blueprint

bp = Blueprint("rounds", "damas.web.rounds", url_prefix="/eventos/<int:event_id>")
