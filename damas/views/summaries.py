"""Rows as plain data for templates and PDFs (never hand ORM objects to a template): players,
clubs, users, events, the events list's cards and the starting list. What they read comes from
the rows and services here; the words and numbers from `damas.presentation` (labels, the rate
of play, dates)."""
from __future__ import annotations

from typing import Any

from flask_babel import get_locale
from sqlalchemy import func, inspect, select

from damas.engine.event_rules import no_show_text
from damas.engine.pairing import family_of, get_system
from damas.engine.rating.lists import DISCIPLINES, FEDERATION_GAME, RATES, RatingListKey
from damas.engine.rulesets import get_ruleset
from damas.extensions import db
from damas.formats import get_format
from damas.formats.event_rules import order_is_drawn, published_order, shown_tiebreak_order
from damas.formats.mapping import preload_entries, starting_order
from damas.formats.rows import player_title
from damas.models import Club, Entry, Event, Player, User
from damas.models.micromatch import MicroMatchSettings, Team
from damas.presentation.dates import age_in, round_times_rows
from damas.presentation.labels import DISCIPLINE_NAMES, ENTRY_STATUS_NAMES, RULESET_NAMES, STATUS_NAMES, pick
from damas.presentation.rate_text import rate_facts
from damas.presentation.tiebreak_choices import order_names
from damas.services.entries.add_remove import rating_list_of
from damas.services.micromatch.matches import get_settings
from damas.services.norms import fide_norms_apply
from damas.services.registration.limits import active_count
from damas.services.teams.entries import team_summary, teams_of

__all__ = ["player_summary", "club_summary", "rate_of_play", "team_count", "event_teams", "event_summary",
           "planned_round_times", "player_ratings", "team_counts", "event_list_item", "entry_row", "start_list", "user_summary"]


def player_summary(p: Player) -> dict[str, Any]:
    return {
        "id": p.id,
        "full_name": p.full_name,
        "sex": p.sex,
        "birth_date": p.birth_date,
        "birth_year": p.birth_date.year if p.birth_date else None,
        "club": p.club.name if p.club else "",
        "club_short": (p.club.short_name or p.club.name) if p.club else "",
        "state": p.state,
        "federation_id": p.federation_id or "",
        "fide_id": p.fide_id or "",
        "rating_regular": p.rating_regular,
        "rating_rapid": p.rating_rapid,
        "rating_blitz": p.rating_blitz,
        "ratings": player_ratings(p),
        "email": p.email or "",
        "fide_title": p.fide_title or "",
        "draughts_title": p.draughts_title or "",
    }


def player_ratings(p: Player) -> list[dict[str, Any]]:
    """His ratings game by game (one list per discipline and rate): draughts 64, the federation's
    game, always; another game when he has a rating on one of its lists."""
    out = []
    for discipline in DISCIPLINES:
        values = {rate: p.rating_value(RatingListKey(discipline, rate)) for rate in RATES}
        if discipline == FEDERATION_GAME or any(values.values()):
            out.append({"discipline": discipline, "name": pick(DISCIPLINE_NAMES[discipline]), **values})
    return out


def club_summary(c: Club) -> dict[str, Any]:
    return {"id": c.id, "name": c.name, "short_name": c.short_name, "city": c.city,
            "state": c.state, "players": len(c.players)}


def rate_of_play(event: Event) -> dict[str, Any]:
    """The event's rate of play, and the list of its starting order."""
    return rate_facts(event.time_minutes, event.time_increment, rating_list_of(event), event.discipline)


def team_count(e: Event) -> int | None:
    """How many teams a team micro-match event has (None for every other event: no query)."""
    if not get_format(e).team_based:
        return None
    return len(teams_of(e))


def event_teams(e: Event) -> list[dict[str, Any]] | None:
    """A team event's teams for its page (start rank, name, club, players), else None."""
    if team_count(e) is None:
        return None
    boards = get_settings(e).boards  # type: ignore[union-attr]
    return [team_summary(t, boards) for t in teams_of(e)]


def _registered(e: Event) -> int:
    """Players registered: counted on the loaded entries (a list of events preloads them), else
    by one query (a page of a 1,000-player event does not load 1,000 rows to count them)."""
    if "entries" not in inspect(e).unloaded:
        return sum(1 for x in e.entries if x.status.value == "registered")
    return active_count(e)


def event_summary(e: Event) -> dict[str, Any]:
    system = get_system(e.pairing_system)
    fmt = get_format(e)
    order = published_order(e, shown_tiebreak_order(e))
    return {
        "id": e.id,
        "name": e.name,
        "discipline": pick(DISCIPLINE_NAMES[e.discipline]),
        "ruleset": pick(RULESET_NAMES[e.ruleset]),
        "ruleset_code": e.ruleset,
        "pairing_system": system.name_en if str(get_locale()) == "en" else system.name_pt,
        "pairing_system_code": e.pairing_system,
        "pairing_family": family_of(e.pairing_system),  # "dutch" for every Dutch edition
        "pairing_article": system.article,
        # what the event's format says (templates ask these, never the pairing system)
        "format": fmt.code, "micro_match": fmt.micro_match, "has_bracket": fmt.has_bracket,
        "round_robin": fmt.round_robin, "renumbers_late_entries": fmt.renumbers_late_entries,
        "tabs": fmt.pages.tabs, "substitution": fmt.substitution,
        "fide_norms": fide_norms_apply(e),  # B.01 1.4: a chess event under FIDE rules has a norms page
        "planned_rounds": e.planned_rounds,
        "start_date": e.start_date,
        "end_date": e.end_date,
        "venue": e.venue,
        "organiser": e.organiser,
        "chief_arbiter": e.chief_arbiter,
        "notes": e.notes,
        "status": e.status.value,
        "status_name": pick(STATUS_NAMES[e.status.value]),
        "rate": rate_of_play(e),
        "entries": _registered(e),
        "arbiters": [{"id": a.user.id, "name": a.user.name, "email": a.user.email} for a in e.arbiters],
        # after the draw, the drawn order with its seed (CBJD 123, 127): the one the tables use
        "tiebreaks": ", ".join(order),  # the codes (what the API and TRF write)
        "tiebreak_names": order_names(order),  # the names, what the pages show
        "tiebreaks_drawn": order_is_drawn(e), "tiebreak_lot_seed": e.tiebreak_lot_seed,
        "teams": team_count(e),
        "tiebreak_by_lot": e.tiebreak_by_lot,
        "acceleration": e.acceleration,
        "provisional_rating": e.provisional_rating,
        "contact_email": e.contact_email, "contact_phone": e.contact_phone, "website": e.website,
        "round_times": planned_round_times(e),
        # the default time (CBJD 95 e, 109 i) and restricted pairings (FIDE-GR g)
        "no_show": no_show_text(e.ruleset, e.no_show_minutes, "en" if str(get_locale()) == "en" else "pt"),
        "no_show_minutes": e.no_show_minutes,
        "no_show_ours": e.no_show_minutes is None and get_ruleset(e.ruleset).no_show_default_ours,
        "pair_restriction": e.pair_restriction,
        "player_reports": bool(e.player_reports),
        "revision": e.revision,  # the live pages compare it
    }


def planned_round_times(e: Event) -> list[dict[str, Any]]:
    """The invitation's planned start of each round (`presentation.dates.round_times_rows`)."""
    return round_times_rows(e.round_times)


def team_counts() -> dict[int, int]:
    """Event id -> number of teams, for every team micro-match event, in one query (events list)."""
    rows = db.session.execute(
        select(MicroMatchSettings.event_id, func.count(Team.id))
        .outerjoin(Team, Team.event_id == MicroMatchSettings.event_id)
        .where(MicroMatchSettings.team.is_(True)).group_by(MicroMatchSettings.event_id))
    return {event_id: n for event_id, n in rows}


def event_list_item(e: Event, entries: int, teams: int | None = None, withdrawn: int = 0) -> dict[str, Any]:
    """The card of the events list: no relationship is loaded (`entries` counted by the caller
    in one query for every event), so the list costs the same queries for 1 or 100 events.
    `entries` counts every entry, withdrawn and excluded players too (their games stand);
    `withdrawn` says how many of them left (an exclusion counts as a withdrawal, RULES.md §5)."""
    system = get_system(e.pairing_system)
    return {
        "id": e.id, "name": e.name, "status": e.status.value, "status_name": pick(STATUS_NAMES[e.status.value]),
        "start_date": e.start_date, "end_date": e.end_date, "venue": e.venue,
        "discipline": pick(DISCIPLINE_NAMES[e.discipline]), "ruleset": pick(RULESET_NAMES[e.ruleset]),
        "pairing_system": system.name_en if str(get_locale()) == "en" else system.name_pt,
        "pairing_system_code": e.pairing_system, "rate": rate_of_play(e), "entries": entries,
        "teams": teams,  # a team event counts its teams, not individual entries
        "withdrawn": withdrawn,
    }


def entry_row(entry: Entry, year: int) -> dict[str, Any]:
    p = entry.player
    return {
        "id": entry.id,
        "pairing_number": entry.pairing_number,
        "player_id": p.id,
        "name": p.full_name,
        "title": player_title(entry.event, p),
        "sex": p.sex,
        "birth_year": p.birth_date.year if p.birth_date else None,
        "age": age_in(p.birth_date, year),
        "club": (p.club.short_name or p.club.name) if p.club else "",
        "state": p.state,
        "federation_id": p.federation_id or "",
        "rating": entry.rating_at_entry,
        "status": entry.status.value,
        "status_name": pick(ENTRY_STATUS_NAMES[entry.status.value]),
    }


def start_list(event: Event) -> list[dict[str, Any]]:
    """Starting list rows: registered entries by pairing number, the rest after them."""
    year = event.start_date.year
    entries = preload_entries(event)
    registered = [e for e in entries if e.status.value == "registered"]
    others = [e for e in entries if e.status.value != "registered"]
    ordered = sorted(starting_order(registered, event.provisional_rating), key=lambda e: (e.pairing_number or 10**9))
    return [entry_row(e, year) for e in ordered + starting_order(others, event.provisional_rating)]


def user_summary(u: User) -> dict[str, Any]:
    return {"id": u.id, "email": u.email, "name": u.name, "role": u.role.value, "active": u.active,
            "player": u.player.full_name if u.player else "", "email_verified_at": u.email_verified_at}
