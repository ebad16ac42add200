"""Blueprint `players`: The players register (`/jogadores`)."""
from damas.web.players.routes import bp

__all__ = ["bp"]
