"""A second finished section for the club and prize tests: a rapid of four of the Swiss's players
with distinct totals, A 6, E 4, B 2, C 0 (2 points a win)."""
from __future__ import annotations

from typing import Any, Callable

from damas.models import Event, EventStatus, GameResult
from damas.models.championships import ChampionshipSection
from tests.web.championships.stage_world import play

W = GameResult.WHITE_WIN
RAPID_GAMES = {1: [("A", "E", W), ("B", "C", W)], 2: [("A", "B", W), ("E", "C", W)], 3: [("A", "C", W), ("E", "B", W)]}


def add_rapid(db: Any, make_event: Callable[..., Event], world: dict[str, Any], position: int = 4) -> Event:
    players = world["players"]
    rapid = make_event(name="Rápido", pairing_system="berger", planned_rounds=3, status=EventStatus.RUNNING,
                       players=tuple(players[x] for x in "AEBC"))
    by_letter = {x: next(e.id for e in rapid.entries if e.player_id == players[x].id) for x in "AEBC"}
    play(db, rapid, RAPID_GAMES, by_letter)
    rapid.status = EventStatus.FINISHED
    db.session.add(ChampionshipSection(event_id=rapid.id, championship_id=world["championship"].id, position=position))
    db.session.commit()
    db.session.refresh(world["championship"])
    return rapid
