"""Who may get notification mails: an active account whose owner proved the address (a link
sent to it). Until then an address gets only account mails (password, verification), so a
sign-up with someone else's address cannot fill that person's mailbox."""
from __future__ import annotations

from damas.models import User


def receives_notifications(user: User | None) -> bool:
    return bool(user is not None and user.active and user.email and user.email_verified_at is not None)
