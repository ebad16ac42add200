"""Blueprint `micromatch`: micro-match events (CBJD 119-122), individual (`routes`) and teams
(`teams`, CBJD 120), both adding routes to the one blueprint."""
from damas.web.micromatch import teams  # noqa: F401 (adds the team routes to bp)
from damas.web.micromatch.routes import bp

__all__ = ["bp"]
