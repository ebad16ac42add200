"""Blueprint `auth`: Login, logout and the user's own password (`/conta`)."""
from damas.web.auth.routes import bp

__all__ = ["bp"]
