"""Blueprints `norms` (an event's FIDE title norms: page, PDF, settings, IT1 and IT3) and
`norms_api` (`GET /api/v1/events/<id>/norms`)."""
from damas.web.norms.routes import api, bp

__all__ = ["api", "bp"]
