"""The "Variação de rating" of an event as plain rows: what the page, the
PDF sheet, the CSV and the player card show of `services.rating_change`, its figures written by
`damas.presentation.rating_figures` (exact figures as text, no float)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from flask_babel import gettext as _

from damas.engine.points import format_decimal
from damas.engine.rating import EloParameters
from damas.models import Event
from damas.presentation.labels import pick, rating_list_name
from damas.presentation.rating_figures import SYSTEM_NAMES, hundredths, signed
from damas.services.ratings.change import EventRatings, PlayerRating, event_rating_list, event_ratings, system_code
from damas.services.ratings.parameters import PARAMETER_NAMES, rating_parameters

__all__ = ["rating_change_context", "rating_rules_context", "player_rating_change", "rating_row"]


def rating_row(row: PlayerRating) -> dict[str, Any]:
    """One player's line: Ro, W, We, K, K·(W − We), ΔR, the new rating and his rated games."""
    c = row.change
    if c.initial:
        new = str(c.new_rating)
        state = _("primeiro rating")
    elif c.new_rating is None:
        new, state = "—", (_("sem rating ainda") if not c.rating else _("abaixo do piso: sem rating"))
    else:
        new, state = str(c.new_rating), ""
    return {
        "player_id": row.player_id, "name": row.name, "federation_id": row.federation_id, "club": row.club,
        "state": row.state, "ro": c.rating, "counted": c.counted, "w": format_decimal(Fraction(c.score, 2)),
        "we": hundredths(c.expected) if c.rating else "—", "k": c.k or "—",
        "exact": hundredths(c.exact_delta) if c.rating else "—",
        "delta": signed(c.delta) if c.rating else "—", "new": new, "note": state,
        "performance": c.performance or "—", "initial": c.initial,
        "opponents": [{"round": g.round, "name": g.name, "rating": g.rating or "—",
                       "score": format_decimal(Fraction(g.score, 2))} for g in row.games],
    }


def _context(ratings: EventRatings) -> dict[str, Any]:
    return {"rating_rows": [rating_row(r) for r in ratings.rows], "rating_teams": ratings.teams,
            "rating_club_label": _("Equipe") if ratings.teams else _("Clube"),
            "rating_system": pick(SYSTEM_NAMES[ratings.system]), "rating_system_code": ratings.system,
            "rating_list_name": rating_list_name(ratings.discipline, ratings.rating_list)}


def player_rating_change(event: Event, player_id: int) -> dict[str, Any] | None:
    """The player card's line (None when he has neither a rating nor a rated game)."""
    ratings = event_ratings(event)
    row = next((r for r in ratings.rows if r.player_id == player_id), None)
    return None if row is None else {**rating_row(row), "system": pick(SYSTEM_NAMES[ratings.system]),
                                     "list_name": rating_list_name(ratings.discipline, ratings.rating_list)}


def rating_rules_context(event: Event) -> dict[str, Any]:
    """The regulations page's "Rating" section: the event's system, and for the federation list
    its parameters in force beside our defaults."""
    code = system_code(event)
    out: dict[str, Any] = {"code": code, "system": pick(SYSTEM_NAMES[code]),
                           "list_name": rating_list_name(event.discipline, event_rating_list(event))}
    if code == "cbjd":
        current, defaults = rating_parameters().as_dict(), EloParameters().as_dict()
        out["parameters"] = [{"name": name, "value": current[name], "default": defaults[name],
                              "changed": current[name] != defaults[name]} for name in PARAMETER_NAMES]
    return out


def rating_change_context(event: Event) -> dict[str, Any]:
    """Every player's line, the system and the list."""
    return _context(event_ratings(event))
