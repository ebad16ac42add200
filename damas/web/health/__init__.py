"""Blueprint `health`: `/healthz`: 200 while the database answers, 503 otherwise (load balancers)."""
from damas.web.health.routes import bp

__all__ = ["bp"]
