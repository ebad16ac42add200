"""Who may get the federation's notifications by e-mail."""
from __future__ import annotations

from damas.models import User


def receives_notifications(user: User | None) -> bool:
    """An active account whose owner proved the address (a link sent to it): never mail an
    address nobody confirmed, nor a deactivated account."""
    return bool(user is not None and user.active and user.email and user.email_verified_at is not None)
