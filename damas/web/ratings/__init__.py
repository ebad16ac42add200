"""Blueprint `ratings`: rating periods (staff) and the public rating list (`/rating`)."""
from damas.web.ratings.routes import bp

__all__ = ["bp"]
