"""Blueprint `titles`: the federation's national titles (staff settings; a public page)."""
from damas.web.titles.routes import bp

__all__ = ["bp"]
