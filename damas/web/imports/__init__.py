"""Blueprint `imports`: the registry, rating lists and many entries at once from a file."""
from damas.web.imports.routes import bp

__all__ = ["bp"]
