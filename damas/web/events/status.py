"""The event page's status selector: the current status first, and the changes that ask
for a confirmation step before they are applied.

[ours] Going back from open registration to draft hides the event and its entry form from
the public; the server asks once more (a second POST with ``confirm=1``), not only a
browser dialog, so a stray "Aplicar" never does it.
"""
from __future__ import annotations

from typing import Iterable

from flask_babel import gettext as _

from damas.models import EventStatus
from damas.web.forms_util import choices
from damas.presentation.labels import STATUS_NAMES, pick

CONFIRM = {(EventStatus.REGISTRATION, EventStatus.DRAFT)}


def status_choices(current: EventStatus, allowed: Iterable[EventStatus]) -> list:
    """The current status (selected, "no change") followed by the allowed changes."""
    first = (current.value, f"{pick(STATUS_NAMES[current.value])} ({_('atual')})")
    return choices([first] + [(s.value, pick(STATUS_NAMES[s.value])) for s in allowed if s != current])


def needs_confirmation(current: EventStatus, target: str) -> bool:
    try:
        return (current, EventStatus(target)) in CONFIRM
    except ValueError:
        return False
