"""Blueprint `registration`: Registration rules, sign-up and self-registration, reserve list, absences."""
from damas.web.registration.routes import bp

__all__ = ["bp"]
