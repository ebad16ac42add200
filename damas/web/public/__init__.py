"""Blueprints `public` (an event's public pages: start list, pairings, standings, the player card)
and `api` (the JSON API `/api/v1`, read-only, the same data)."""
from damas.web.public import live  # noqa: F401 (adds the live page and its QR to bp)
from damas.web.public.routes import api, bp

__all__ = ["api", "bp"]
