"""Blueprint `seasons`: season rankings (`/temporadas`), issue 29 point 4."""
from damas.web.seasons.routes import bp

__all__ = ["bp"]
