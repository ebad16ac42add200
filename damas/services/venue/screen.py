"""What an event's wall screen shows: seconds per page and how many players of the standings
(`VenueSettings.screen_seconds`, `screen_top_n`), read with the defaults and saved by the event's
editors with the audit log.

[ours] Bounds: at least 3 seconds a page (the table's constraint: a page must stay long enough
to find one's name from the far end of the hall), at most 600 (one page per ten minutes is a
still picture); the standings from the top 1 to the top 200 (twenty pages of ten: a longer
table belongs on paper or on the phone's standings page)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from flask_babel import gettext as _

from damas.engine.integers import parse_int
from damas.extensions import db
from damas.models import Event, User
from damas.models.venue import VenueSettings
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError

__all__ = ["DEFAULT_SECONDS", "SECONDS_MAX", "SECONDS_MIN", "TOP_N_MAX", "TOP_N_MIN", "ScreenSettings", "save_screen_settings",
           "screen_settings"]

SECONDS_MIN, SECONDS_MAX = 3, 600
TOP_N_MIN, TOP_N_MAX = 1, 200
DEFAULT_SECONDS, DEFAULT_TOP_N = 12, 20  # the table's server defaults


@dataclass(frozen=True)
class ScreenSettings:
    seconds: int
    top_n: int


def screen_settings(event: Event) -> ScreenSettings:
    """The event's wall screen settings, or the defaults when the event has no venue settings."""
    row = db.session.get(VenueSettings, event.id)
    if row is None:
        return ScreenSettings(DEFAULT_SECONDS, DEFAULT_TOP_N)
    return ScreenSettings(row.screen_seconds or DEFAULT_SECONDS, row.screen_top_n or DEFAULT_TOP_N)


def _number(value: Any, low: int, high: int, message: str, field: str) -> int:
    number = parse_int(value, minimum=low, maximum=high)
    if number is None:
        raise ServiceError(message, field)
    return number


def save_screen_settings(actor: User, event: Event, data: dict[str, Any]) -> ScreenSettings:
    """Save `screen_seconds` and `screen_top_n`; bad input raises ServiceError and nothing changes.
    The check-in settings of the same row are left as they are."""
    seconds = _number(data.get("screen_seconds"), SECONDS_MIN, SECONDS_MAX,
                      _("Segundos por página: um número inteiro de %(low)s a %(high)s.", low=SECONDS_MIN,
                        high=SECONDS_MAX), "screen_seconds")
    top_n = _number(data.get("screen_top_n"), TOP_N_MIN, TOP_N_MAX,
                    _("Classificação no telão: um número inteiro de %(low)s a %(high)s jogadores.", low=TOP_N_MIN,
                      high=TOP_N_MAX), "screen_top_n")
    with transaction():
        row = db.session.get(VenueSettings, event.id)
        before = None if row is None else {"screen_seconds": row.screen_seconds, "screen_top_n": row.screen_top_n}
        if row is None:
            row = VenueSettings(event_id=event.id, checkin_round_one=False, checkin_every_round=False)
            db.session.add(row)
        row.screen_seconds, row.screen_top_n = seconds, top_n
        record(actor, "screen_settings", "venue_settings", event.id, before,
               {"screen_seconds": seconds, "screen_top_n": top_n}, event_id=event.id)
    return ScreenSettings(seconds, top_n)
