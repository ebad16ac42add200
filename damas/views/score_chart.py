"""The player card's pictures of an event: his points after each round
against the leader's (`services.score_progress`, the standings pipeline), drawn by
`damas.presentation.score_chart`, and his performance and expected points from the event's
rating change (`services.rating_change`, FIDE B.02 8.1-8.3 / the federation's Elo)."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _

from damas.formats.event_rules import event_ruleset
from damas.models import Event
from damas.presentation.score_chart import score_chart_of
from damas.services.standings.progress import Progress, score_progress

__all__ = ["score_chart", "progress_of", "rating_summary"]


def progress_of(event: Event) -> Progress:
    """The tables after each round (for the route to cache per revision)."""
    return score_progress(event)


def score_chart(event: Event, progress: Progress, player_id: int, name: str) -> dict[str, Any] | None:
    """The chart and its table for one player (None without a complete round)."""
    no = progress.start_no.get(player_id)
    if no is None or not progress.rounds:
        return None
    rs = event_ruleset(event)
    rows = [{"round": r.round, "mine": r.points.get(no), "leader": r.points[r.leader],
             "leader_name": progress.names.get(r.leader, "")} for r in progress.rounds]
    return score_chart_of(rows, rs.format_points, rs.units_per_point, name)


def rating_summary(rating: dict[str, Any] | None) -> dict[str, Any] | None:
    """Performance and expected points against his rated opponents (`player_rating_change`'s
    line), where ratings exist: Rp once he met a rated opponent, We beside W only when he has a
    rating himself; None when neither exists."""
    if rating is None or not rating["counted"]:
        return None
    performance = rating["performance"] if rating["performance"] != "—" else None
    expected = rating["we"] if rating["ro"] else None
    if performance is None and expected is None:
        return None
    return {"performance": performance, "expected": expected, "score": rating["w"], "counted": rating["counted"],
            "games_label": _("%(n)s partidas contra adversários com rating", n=rating["counted"])}
