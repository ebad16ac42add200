"""Blueprint `seasons`: season rankings (`/temporadas`)."""
from damas.web.seasons.routes import bp

__all__ = ["bp"]
