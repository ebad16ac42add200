"""Blueprint `imports`: the registry, rating lists and many entries at once from a file (issue 17 points 1, 2)."""
from damas.web.imports.routes import bp

__all__ = ["bp"]
