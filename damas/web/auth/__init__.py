"""Blueprint `auth`: Login, logout, the user's own password (`/conta`), and the pages behind the
account mails (a new password from a link, the address confirmed)."""
from damas.web.auth import mail_routes  # noqa: F401  (registers its routes on `bp`)
from damas.web.auth.routes import bp

__all__ = ["bp"]
