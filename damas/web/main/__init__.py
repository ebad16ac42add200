"""Blueprint `main`: The home page."""
from damas.web.main.routes import bp

__all__ = ["bp"]
