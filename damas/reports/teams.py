"""Plain data for the printed reports of a team micro-match event (CBJD 119-122; RULES.md §2-3):
the pairing sheet and the results sheet of a team round, and the team standings. Pages and PDFs
render the same dicts.
"""
from __future__ import annotations

from typing import Any

from flask_babel import get_locale

from damas.formats import get_format
from damas.models import Event
from damas.models.micromatch import TeamRound
from damas.reports.event_reports import base_context
from damas.services.micromatch import openings as opening_service
from damas.services.micromatch import team_events as team_service
from damas.presentation.labels import GAME_LABELS  # one game from team A's player's side, as on the round page



def find_team_round(event: Event, number: int, editable: bool) -> TeamRound | None:
    """The round `number`; an unpublished one exists only for the event's editors."""
    return get_format(event).find_round(event, number, drafts=editable)


def team_round_list(event: Event, editable: bool) -> list[dict[str, Any]]:
    """The team rounds the reports index lists (published ones only for visitors)."""
    return [{"number": r.number, "published": r.published} for r in team_service.team_rounds(event)
            if editable or r.published]


def team_round_context(event: Event, rnd: TeamRound) -> dict[str, Any]:
    """Every match of the round: the two teams, each board's players with the colours of both
    games (team A has White in game 1 on odd boards), the drawn opening(s), results and scores."""
    draws = opening_service.round_draws(event, rnd.number)
    by_board = {d["board"]: d for d in draws}
    matches = []
    for m in get_format(event).round_view(event, rnd):
        if not m["bye"]:
            m["boards"] = [{**b, "game1": GAME_LABELS.get(b["game1"], b["game1"]),
                            "game2": GAME_LABELS.get(b["game2"], b["game2"]),
                            "opening": by_board.get(b["board"]) or by_board.get(0)} for b in m["boards"]]
        matches.append(m)
    return {**base_context(event), "number": rnd.number, "published": rnd.published, "matches": matches,
            "draws": draws, "per_board": any(d["board"] for d in draws),
            "complete": team_service.round_complete(event, rnd)}


def team_standings_context(event: Event) -> dict[str, Any]:
    """The team table of /eventos/<id>/micro/classificacao (team tiebreaks) and the board prizes."""
    return {**base_context(event), **team_service.standings_context(event, str(get_locale()) == "en")}
