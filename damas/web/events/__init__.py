"""Blueprint `events`: Events from draft to finished (`/eventos`): the event, entries, status, arbiters."""
from damas.web.events.routes import bp

__all__ = ["bp"]
