"""A championship's public page as plain data (the page, the regulations page, the brochure PDF
and the API read the same dicts): its sections with state, current round and leaders, and one
schedule of every section's rounds.

A section still in draft is left out for visitors (as every draft event: `Event.is_public`);
staff see it, marked. The leaders are the top of each section's own table
(`services.standings.standings_of`, the one every output shares), after its last complete round.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from sqlalchemy import func, select

from damas.engine.types import EngineError
from damas.extensions import db
from damas.formats import get_format
from damas.formats.event_rules import event_ruleset
from damas.models import Event, EventStatus, Round, RoundStatus
from damas.models.championships import Championship, SectionQualification
from damas.presentation.dates import round_times_rows
from damas.presentation.labels import DISCIPLINE_NAMES, STATUS_NAMES, pick
from damas.services.championships.championships import section_events
from damas.services.standings.compute import standings_of
from damas.views.summaries import rate_of_play

LEADERS = 3  # the top of each section's table on the championship page

Leaders = Callable[[Event], list[dict[str, Any]]]


def dates_text(start: Any, end: Any) -> str:
    """"14/03/2026" or "14/03/2026 – 16/03/2026"."""
    first = start.strftime("%d/%m/%Y")
    return first if end == start else f"{first} – {end.strftime('%d/%m/%Y')}"


def championship_summary(championship: Championship) -> dict[str, Any]:
    return {"id": championship.id, "name": championship.name, "start_date": championship.start_date,
            "end_date": championship.end_date, "dates": dates_text(championship.start_date, championship.end_date),
            "venue": championship.venue, "organiser": championship.organiser,
            "regulations": championship.regulations, "club_best_n": championship.club_best_n,
            "one_prize_per_player": championship.one_prize_per_player, "published": championship.published}


def visible_sections(championship: Championship, show_drafts: bool) -> list[Event]:
    """The section events in order; drafts only when `show_drafts` (staff)."""
    return [e for e in section_events(championship) if show_drafts or e.is_public]


def leaders(event: Event) -> list[dict[str, Any]]:
    """The top LEADERS of a running or finished section's individual table (`rank, name, points`);
    none for a section ranked on its own pages (knockout bracket, team table) or before any
    complete round."""
    if event.status not in (EventStatus.RUNNING, EventStatus.FINISHED) or get_format(event).pages.standings is not None:
        return []
    try:
        table = standings_of(event)
    except EngineError:
        return []
    if not table.snap.complete_rounds:
        return []
    rs = event_ruleset(event)
    return [{"rank": row.rank_label, "name": table.snap.rows_by_no[row.start_no].full_name,
             "player_id": table.snap.rows_by_no[row.start_no].player_id, "points": rs.format_points(row.points)}
            for row in table.standings.rows[:LEADERS]]


def _published_rounds(ids: list[int]) -> dict[int, int]:
    """Event id -> its latest published round's number (one query for every section)."""
    if not ids:
        return {}
    rows = db.session.execute(select(Round.event_id, func.max(Round.number))
                              .where(Round.event_id.in_(ids), Round.status == RoundStatus.PUBLISHED)
                              .group_by(Round.event_id))
    return {event_id: number for event_id, number in rows}


def feeders(ids: list[int]) -> dict[int, list[int]]:
    """Event id -> the ids of the events that feed it (its stages' feeding sections), in order."""
    out: dict[int, list[int]] = {i: [] for i in ids}
    if not ids:
        return out
    for event_id, source in db.session.execute(
            select(SectionQualification.event_id, SectionQualification.source_event_id)
            .where(SectionQualification.event_id.in_(ids)).order_by(SectionQualification.id)):
        if source not in out[event_id]:
            out[event_id].append(source)
    return out


def section_rows(events: list[Event], top: Leaders = leaders) -> list[dict[str, Any]]:
    """One row per section: state, current round ("3 / 7"), leaders, the sections feeding it.
    `top` computes the leaders (the web layer passes a cached one)."""
    ids = [e.id for e in events]
    current, fed = _published_rounds(ids), feeders(ids)
    names = {e.id: e.name for e in events}
    rows = []
    for e in events:
        rows.append({
            "event_id": e.id, "name": e.name, "status": e.status.value, "status_name": pick(STATUS_NAMES[e.status.value]),
            "dates": dates_text(e.start_date, e.end_date), "discipline": pick(DISCIPLINE_NAMES[e.discipline]),
            "rate": rate_of_play(e)["label"], "planned_rounds": e.planned_rounds,
            "current_round": current.get(e.id), "leaders": top(e),
            "qualifies_from": fed[e.id], "fed_by": [names[i] for i in fed[e.id] if i in names],
        })
    return rows


def schedule(events: list[Event]) -> dict[str, Any]:
    """One schedule of every section's rounds from their planned times (the invitation's
    `round_times`), in time order; `unscheduled` names the sections with no times given."""
    published = _published_rounds([e.id for e in events])
    rows = []
    for order, e in enumerate(events):
        for t in round_times_rows(e.round_times):
            rows.append({**t, "section": e.name, "event_id": e.id, "order": order,
                         "played": t["round"] <= published.get(e.id, 0)})
    rows.sort(key=lambda r: (r["iso"], r["order"], r["round"]))
    days: list[dict[str, Any]] = []
    for r in rows:
        if not days or days[-1]["date"] != r["date"]:
            days.append({"date": r["date"], "rounds": []})
        days[-1]["rounds"].append(r)
    return {"days": days, "unscheduled": [{"event_id": e.id, "name": e.name, "dates": dates_text(e.start_date, e.end_date),
                                           "planned_rounds": e.planned_rounds} for e in events if not e.round_times]}


def page_context(championship: Championship, show_drafts: bool, top: Leaders = leaders) -> dict[str, Any]:
    """What the championship page, its regulations page and its brochure render."""
    events = visible_sections(championship, show_drafts)
    return {"championship": championship_summary(championship), "sections": section_rows(events, top),
            "schedule": schedule(events)}
