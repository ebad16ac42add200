"""The rules of an event in one module: rows -> rule set, tiebreak order and settings (RULES.md §1,
§2, §4; CBJD 123, 127).

Services, reports, web and exports all read an event's rules here. What differs by kind of event
(a micro-match event's scoring, a team event's order) is asked of the event's format, so this
module sits above the registry; what the row alone says is in `rule_options` (below the formats,
which compute their tables with it) and re-exported here.
"""
from __future__ import annotations

from typing import Any

from damas.formats.registry import get_format
from damas.formats.rule_options import (
    SYSTEM_KINDS,
    bye_override,
    drawable_order,
    order_is_drawn,
    own_order,
    published_order,
    ruleset_overrides,
    system_kind,
    system_kind_of,
    team_tiebreak_order,
    tiebreak_settings,
    unplayed_rule,
)
from damas.models import Event

__all__ = ["SYSTEM_KINDS", "bye_override", "drawable_order", "event_ruleset", "order_is_drawn", "own_order",
           "pairing_ruleset", "published_order", "ruleset_overrides", "shown_tiebreak_order", "system_kind",
           "system_kind_of", "team_tiebreak_order", "tiebreak_order", "tiebreak_settings", "unplayed_rule"]


def event_ruleset(event: Event) -> Any:
    """The rule set scoring this event: the event's unplayed-games rule (§4, `unplayed_rule`)
    and pairing-bye score, scored the way its format scores (micro-match game/match points, §2)."""
    return get_format(event).ruleset(event, ruleset_overrides(event))


def pairing_ruleset(event: Event) -> Any:
    """What the pairing systems score with: the rule-set code, or the event's own rule set when
    it changes what a pairing bye scores (so pairing and standings agree)."""
    return event_ruleset(event) if event.pairing_bye_score else event.ruleset


def tiebreak_order(event: Event) -> tuple[str, ...]:
    """The event's own order, or its format's default (RULES.md §4); a micro-match event's
    default follows its game/match-points choice (§2)."""
    return own_order(event) or get_format(event).default_tiebreaks(event)


def shown_tiebreak_order(event: Event) -> tuple[str, ...]:
    """The order the event's pages announce: a team event ranks its teams (the table that
    matters) by the team order; every other event by `tiebreak_order`."""
    return get_format(event).shown_tiebreaks(event)
