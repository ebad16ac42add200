"""Blueprint `clubs`: The clubs register (`/clubes`)."""
from damas.web.clubs.routes import bp

__all__ = ["bp"]
