"""Blueprint `registration`: Registration rules, sign-up and self-registration, reserve list, absences."""
from damas.web.registration import unmatched as unmatched  # noqa: F401  (registers the staff page)
from damas.web.registration.routes import bp

__all__ = ["bp"]
