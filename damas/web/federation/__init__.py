"""Blueprint `federation`: the federation's settings page (staff) and its logo (public), issue 17 point 4."""
from damas.web.federation.routes import bp, register

__all__ = ["bp", "register"]
