"""Whether an event asks its players to check in, and for which round the check-in is open now.

[ours] "Antes de todas as rodadas" includes round 1. The check-in of a round is open while that
round is the next to pair (the rounds before it paired, it not yet) and the event is taking
entries or running: it closes when the round is paired, so a late check-in is refused with
that reason. This service writes only the check-in fields of `VenueSettings` (the wall screen's
fields are another page's)."""
from __future__ import annotations

from flask_babel import gettext as _

from damas.extensions import db
from damas.formats.mapping import event_rounds
from damas.models import Event, EventStatus, User
from damas.models.venue import VenueSettings
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError

SETTINGS_ACTION = "venue_checkin_settings"
MODES = ("", "round_one", "every_round")  # no check-in, before round 1, before every round


def settings_of(event: Event) -> VenueSettings | None:
    return db.session.get(VenueSettings, event.id)


def checkin_mode(event: Event) -> str:
    """One of `MODES`."""
    row = settings_of(event)
    if row is None:
        return ""
    if row.checkin_every_round:
        return "every_round"
    return "round_one" if row.checkin_round_one else ""


def asks_checkin(event: Event, round_number: int) -> bool:
    """Whether the players check in before round `round_number`."""
    mode = checkin_mode(event)
    return mode == "every_round" or (mode == "round_one" and round_number == 1)


def next_round_number(event: Event) -> int:
    return len(event_rounds(event)) + 1


def open_round(event: Event) -> int | None:
    """The round whose check-in is open now, None when none is."""
    if event.status not in (EventStatus.REGISTRATION, EventStatus.RUNNING):
        return None
    number = next_round_number(event)
    if number > event.planned_rounds or not asks_checkin(event, number):
        return None
    return number


def save_checkin_mode(actor: User, event: Event, mode: str) -> None:
    """Set when the event's players check in (one of `MODES`), audited."""
    if mode not in MODES:
        raise ServiceError(_("Escolha uma das opções de presença."), "mode")
    before = checkin_mode(event)
    if mode == before:
        return
    with transaction():
        row = settings_of(event)
        if row is None:
            row = VenueSettings(event_id=event.id)
            db.session.add(row)
        row.checkin_round_one = mode in ("round_one", "every_round")
        row.checkin_every_round = mode == "every_round"
        record(actor, SETTINGS_ACTION, "event", event.id, {"checkin": before}, {"checkin": mode}, event.id)
