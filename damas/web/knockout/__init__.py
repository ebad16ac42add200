"""Blueprint `knockout`: Knockout events: settings, bracket, tie games and corrections."""
from damas.web.knockout.routes import bp

__all__ = ["bp"]
