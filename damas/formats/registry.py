"""The registry of event formats, keyed by the pairing system's family (the engine's registry,
`family_of`): the one place the application maps a pairing system to a kind of event."""
from __future__ import annotations

from damas.engine.pairing import family_of
from damas.formats.base import EventFormat
from damas.formats.individual import ROUND_ROBIN, SWISS
from damas.formats.knockout import KNOCKOUT
from damas.formats.mapping import micro_settings
from damas.formats.micro import MICRO, MICRO_TEAMS
from damas.models import Event

# family -> (individual format, team format or None)
_BY_FAMILY: dict[str, tuple[EventFormat, EventFormat | None]] = {
    "berger": (ROUND_ROBIN, None),
    "dutch": (SWISS, None),
    "sb-swiss": (SWISS, None),
    "micromatch": (MICRO, MICRO_TEAMS),
    "knockout": (KNOCKOUT, None),
}
FORMATS: dict[str, EventFormat] = {f.code: f for f in (SWISS, MICRO, MICRO_TEAMS, KNOCKOUT)}


def format_of(pairing_system: str, *, team: bool = False) -> EventFormat:
    """The format of events paired by `pairing_system` (`team`: a team micro-match event);
    an unknown system is paired as a Swiss (as the rule sets' defaults assume)."""
    individual, teams = _BY_FAMILY.get(family_of(pairing_system), (SWISS, None))
    return teams if team and teams is not None else individual


def get_format(event: Event) -> EventFormat:
    """The event's format; a micro-match event is a team event when its settings say so."""
    individual, teams = _BY_FAMILY.get(family_of(event.pairing_system), (SWISS, None))
    if teams is None:
        return individual
    settings = micro_settings(event)
    return teams if settings is not None and settings.team else individual
