"""Blueprint `awards`: Categories and prizes of an event (CBJD 124-126)."""
from damas.web.awards.routes import bp

__all__ = ["bp"]
