"""Blueprint `ratings`: rating periods (staff) and the public rating list (`/rating`), issue 29."""
from damas.web.ratings.routes import bp

__all__ = ["bp"]
