"""Each player's points before the round beside his name on the round's web pages (the round
page and the event page's current round), as chess-results and lichess show pairings: the
printed pairings sheet's numbers (`event_reports.points_before`), so page and sheet agree."""
from __future__ import annotations

from typing import Any

from damas.formats import get_format
from damas.formats.mapping import preload_entries
from damas.models import Event
from damas.reports.event_reports import points_before


def with_points_before(event: Event, number: int, rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """`rows` (`views.round_rows.board_rows`) with each side's ``points`` before round `number`
    (the rule set's text, "4½"); unchanged when there are none to show (a knockout, a team
    event, a round whose earlier rounds are not all complete)."""
    if get_format(event).team_based:
        return rows
    points = points_before(event, number)
    if not points:
        return rows
    by_player = {e.player_id: points.get(e.id) for e in preload_entries(event)}
    for row in rows:
        for player in (row["white"], row["black"]):
            if player is not None:
                player["points"] = by_player.get(player["player_id"])
    return rows
