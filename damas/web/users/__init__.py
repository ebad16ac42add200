"""Blueprint `users`: User administration by staff (`/usuarios`), with the audit log."""
from damas.web.users.routes import bp

__all__ = ["bp"]
