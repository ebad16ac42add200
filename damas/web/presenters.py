"""Turn rows into plain data for templates and PDFs (never hand ORM objects to a template)."""
from __future__ import annotations

from datetime import date
from typing import Any

from flask_babel import get_locale

from damas.engine.event_rules import no_show_text
from damas.engine.pairing import family_of, get_system
from damas.engine.rate_of_play import NAMES, classify
from damas.web.rate_text import rate_text
from damas.models import Club, Entry, Event, Player, User
from damas.reports.standings import shown_tiebreak_order
from damas.services.entries import starting_order
from damas.services.mapping import preload_entries

DISCIPLINE_NAMES = {
    "damas-64": ("Damas 64 casas", "Draughts 64"),
    "damas-100": ("Damas 100 casas", "Draughts 100"),
    "xadrez": ("Xadrez", "Chess"),
}
RULESET_NAMES = {"cbjd": ("CBJD", "CBJD"), "fide": ("FIDE", "FIDE"), "club": ("Clube / online", "Club / online")}
STATUS_NAMES = {
    "draft": ("Rascunho", "Draft"),
    "registration": ("Inscrições abertas", "Registration open"),
    "running": ("Em andamento", "Running"),
    "finished": ("Encerrado", "Finished"),
    "cancelled": ("Cancelado", "Cancelled"),
}
ENTRY_STATUS_NAMES = {
    "registered": ("Inscrito", "Registered"),
    "withdrawn": ("Desistente", "Withdrawn"),
    "excluded": ("Excluído", "Excluded"),
}
RATING_LIST_NAMES = {"regular": ("lista clássica (normal)", "standard list"), "rapid": ("lista rápida", "rapid list")}


def pick(names: tuple[str, str]) -> str:
    """The pt-BR or English name by the current locale."""
    return names[1] if str(get_locale()) == "en" else names[0]


def age_in(birth: date | None, year: int) -> int | None:
    """Age by year of birth (FIDE-TB 'Date limit for age'; RULES.md §1)."""
    return None if birth is None else year - birth.year


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
        "email": p.email or "",
    }


def club_summary(c: Club) -> dict[str, Any]:
    return {"id": c.id, "name": c.name, "short_name": c.short_name, "city": c.city,
            "state": c.state, "players": len(c.players)}


def rate_of_play(event: Event) -> dict[str, Any]:
    rop = classify(event.time_minutes, event.time_increment)
    return {
        "label": rop.label,
        "text": rate_text(rop, str(get_locale()) == "en"),  # "60x60, normal": what pages and PDFs print
        "class_name": pick(NAMES[rop.rate_class]),
        "rating_list": rop.rating_list,
        "rating_list_name": pick(RATING_LIST_NAMES[rop.rating_list]),
        "notation_required": rop.notation_required,
    }


def team_count(e: Event) -> int | None:
    """How many teams a team micro-match event has (None for every other event: no query)."""
    if e.pairing_system != "micromatch":
        return None
    from damas.services.micromatch import is_team_event
    from damas.services.team_entries import teams_of

    return len(teams_of(e)) if is_team_event(e) else None


def event_teams(e: Event) -> list[dict[str, Any]] | None:
    """A team event's teams for its page (start rank, name, club, players), else None."""
    if team_count(e) is None:
        return None
    from damas.services.micromatch import get_settings
    from damas.services.team_entries import team_summary, teams_of

    boards = get_settings(e).boards  # type: ignore[union-attr]
    return [team_summary(t, boards) for t in teams_of(e)]


def event_summary(e: Event) -> dict[str, Any]:
    system = get_system(e.pairing_system)
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
        "entries": sum(1 for x in e.entries if x.status.value == "registered"),
        "arbiters": [{"id": a.user.id, "name": a.user.name, "email": a.user.email} for a in e.arbiters],
        "tiebreaks": ", ".join(shown_tiebreak_order(e)),
        "teams": team_count(e),
        "tiebreak_by_lot": e.tiebreak_by_lot,
        "acceleration": e.acceleration,
        "provisional_rating": e.provisional_rating,
        "contact_email": e.contact_email, "contact_phone": e.contact_phone, "website": e.website,
        "round_times": planned_round_times(e),
        # issue 18: the default time (CBJD 95 e, 109 i) and restricted pairings (FIDE-GR g)
        "no_show": no_show_text(e.ruleset, e.no_show_minutes, "en" if str(get_locale()) == "en" else "pt"),
        "no_show_minutes": e.no_show_minutes,
        "pair_restriction": e.pair_restriction,
    }


def planned_round_times(e: Event) -> list[dict[str, Any]]:
    """The invitation's planned start of each round: `round, date` (dd/mm/aaaa), `time` (hh:mm),
    `iso` (local time at the venue, as stored)."""
    return [{"round": n, "date": f"{t[8:10]}/{t[5:7]}/{t[0:4]}", "time": t[11:16], "iso": t}
            for n, t in enumerate(e.round_times or [], start=1)]


def team_counts() -> dict[int, int]:
    """Event id -> number of teams, for every team micro-match event, in one query (events list)."""
    from sqlalchemy import func, select

    from damas.extensions import db
    from damas.models.micromatch import MicroMatchSettings, Team

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
            "player": u.player.full_name if u.player else ""}
