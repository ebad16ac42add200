"""Blueprint `federation`: the federation's settings page (staff) and its logo (public)."""
from damas.web.federation.routes import bp, register

__all__ = ["bp", "register"]
