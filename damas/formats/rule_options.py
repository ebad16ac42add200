"""An event's rules as its row states them, without its format (RULES.md §1, §4; CBJD 123, 127):
the unplayed-games rule, the pairing-bye score, the tiebreak switches and the order it set itself.

The formats compute their tables with these, so this module sits below them (and below the
registry); `event_rules` adds what needs the event's format (its rule set, its default order)
and re-exports these, the module the rest of the application reads an event's rules from.
"""
from __future__ import annotations

from typing import Any

from damas.engine.pairing import family_of
from damas.engine.rulesets import get_ruleset
from damas.engine.standings import draw_tiebreak_order
from damas.engine.teams import default_team_tiebreaks
from damas.engine.tiebreaks import get_tiebreak
from damas.models import Event

# Pairing-system family -> the kind the rule sets key their default tiebreaks on.
SYSTEM_KINDS = {"berger": "roundrobin", "dutch": "swiss", "sb-swiss": "swiss", "micromatch": "micromatch",
                "knockout": "knockout"}


def system_kind_of(pairing_system: str) -> str:
    """The default-tiebreak kind of a pairing system (any Dutch edition: ``swiss``)."""
    return SYSTEM_KINDS.get(family_of(pairing_system), "swiss")


def system_kind(event: Event) -> str:
    return system_kind_of(event.pairing_system)


def unplayed_rule(event: Event) -> str:
    """The event's unplayed-games rule for the tiebreaks (§4): its own choice, else the rule
    set's default on its start date (FIDE events from 1 March 2026: ``fide-2026``)."""
    chosen = (event.tiebreak_options or {}).get("unplayed")
    return chosen or get_ruleset(event.ruleset).unplayed_on(event.start_date)


def bye_override(event: Event) -> dict[str, int]:
    """The event's pairing-bye score as a rule-set option (RULES.md §1), {} for the default."""
    if not event.pairing_bye_score:
        return {}
    base = get_ruleset(event.ruleset)
    return {"pairing_bye": {"win": base.win, "draw": base.draw, "zero": 0}[event.pairing_bye_score]}


def ruleset_overrides(event: Event) -> dict[str, Any]:
    """The event's options of its rule set: its unplayed-games rule (§4, `unplayed_rule`) and its
    pairing-bye score (§1); its format scores with them (`EventFormat.ruleset`)."""
    overrides: dict[str, Any] = {"unplayed": unplayed_rule(event)}
    overrides.update(bye_override(event))
    return overrides


def tiebreak_settings(event: Event) -> dict[str, Any]:
    """The event's tiebreak switches the engine reads (``win_forfeits``, ``tpr_350``)."""
    stored = event.tiebreak_options or {}
    return {key: True for key in ("win_forfeits", "tpr_350") if stored.get(key)}


def own_order(event: Event) -> tuple[str, ...]:
    """The order the event set itself (codes upper-cased), () when it keeps the defaults."""
    return tuple(c.strip().upper() for c in event.tiebreak_order.split(",") if c.strip())


def team_tiebreak_order(event: Event, scoring: str) -> tuple[str, ...]:
    """The order ranking the teams: the event's own, or the team default for its scoring
    (GP/MP, then TSB, OPP-MP, OPP-GP...); the event and regulations pages show this one."""
    return own_order(event) or tuple(default_team_tiebreaks(scoring))


def drawable_order(event: Event, order: tuple[str, ...]) -> tuple[str, ...]:
    """The order without LOT until its lot is drawn (when the event finishes): players
    still equal share their place meanwhile."""
    if event.tiebreak_lot_seed is None:
        return tuple(c for c in order if c != "LOT")
    return order


def order_is_drawn(event: Event) -> bool:
    """The tiebreak order announced as drawn by lot has been drawn (CBJD 123, 127: after the
    last round, when the event finishes; the seed is recorded)."""
    return bool(event.tiebreak_by_lot) and event.tiebreak_lot_seed is not None


def published_order(event: Event, order: tuple[str, ...]) -> tuple[str, ...]:
    """`order` as the tables rank with it: once drawn (`order_is_drawn`), the drawn order, the
    one `compute_standings` uses with the recorded seed (CBJD 123, 127); before, the announced one
    (LOT left out until its lot is drawn, `drawable_order`)."""
    codes = tuple(get_tiebreak(code).code for code in drawable_order(event, order))
    if order_is_drawn(event):
        return draw_tiebreak_order(codes, event.tiebreak_lot_seed)  # type: ignore[arg-type]
    return codes
