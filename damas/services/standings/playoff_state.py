"""The playoffs stored for an event and where each stands (RULES.md §7; FIDE-GR "Playoff"): what
the standings apply (`standings._with_playoffs`) and the playoff pages show. Below both
`standings` and `playoffs` (which checks ties on the standings), so they form no cycle.
"""
from __future__ import annotations

from sqlalchemy import select

from damas.engine.playoffs import GameResult, PlayoffPlan, PlayoffStatus, playoff_plan, playoff_status
from damas.extensions import db
from damas.models import Event, Playoff


def playoffs_of(event: Event, category_code: str | None = None) -> list[Playoff]:
    query = select(Playoff).where(Playoff.event_id == event.id)
    if category_code is not None:
        query = query.where(Playoff.category_code == category_code)
    return list(db.session.scalars(query.order_by(Playoff.id)))


def plan_of(playoff: Playoff) -> PlayoffPlan:
    return playoff_plan([int(n) for n in playoff.tied], lot_seed=playoff.lot_seed)


def results_of(playoff: Playoff) -> dict[str, GameResult]:
    return {gid: GameResult(int(r["white"]), int(r["black"]), r["score"], r.get("moves"))
            for gid, r in (playoff.results or {}).items()}


def status_of(playoff: Playoff) -> PlayoffStatus:
    return playoff_status(plan_of(playoff), results_of(playoff))
