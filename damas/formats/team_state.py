"""The engine's view of a team micro-match event (CBJD 120; RULES.md §4): every team's line-ups,
the scored matches of the complete rounds, the byes and the engine state. The team format's own
state: the team table, the rating export and the desk read it from here."""
from __future__ import annotations

from typing import Any

from sqlalchemy import select

from damas.engine.teams import team_state
from damas.extensions import db
from damas.formats.mapping import team_entry, team_match_of
from damas.models import Event
from damas.engine.types import Outcome
from damas.models.micromatch import MicroMatchSettings, Team, TeamLineup, TeamMatchRow, TeamRound


def event_lineups(event: Event, rnd: TeamRound | None = None) -> dict[tuple[int, int], dict[int, int | None]]:
    """(round id, team id) -> board -> player id (None: a board left empty); one round's only
    when `rnd` is given."""
    query = (select(TeamLineup).join(TeamRound, TeamLineup.round_id == TeamRound.id)
             .where(TeamRound.event_id == event.id))
    rows = db.session.scalars(query.where(TeamRound.id == rnd.id) if rnd is not None else query)
    out: dict[tuple[int, int], dict[int, int | None]] = {}
    for r in rows:
        out.setdefault((r.round_id, r.team_id), {})[r.board] = r.player_id
    return out


def event_teams(event: Event) -> list[Team]:
    return list(db.session.scalars(select(Team).where(Team.event_id == event.id).order_by(Team.number)))


def event_team_rounds(event: Event) -> list[TeamRound]:
    return list(db.session.scalars(select(TeamRound).where(TeamRound.event_id == event.id).order_by(TeamRound.number)))


def _bye(round_no: int, team: int, match: TeamMatchRow) -> tuple[int, int] | tuple[int, int, Outcome, int]:
    """A team's bye for `team_state`: the pairing bye, or its recorded kind and game points."""
    if not match.bye_outcome:
        return round_no, team
    return round_no, team, Outcome(match.bye_outcome), match.bye_game_points or 0


def team_snapshot(event: Event, settings: MicroMatchSettings) -> dict[str, Any]:
    """Teams, scored matches of the complete (published, every match scored) rounds, byes and the
    engine state."""
    teams = event_teams(event)
    by_id = {t.id: t for t in teams}
    entries = {t.id: team_entry(t) for t in teams}
    lineups = event_lineups(event)
    matches, byes, complete = [], [], 0
    for rnd in event_team_rounds(event):
        scored = []
        done = True
        for m in rnd.matches:
            if m.team_b_id is None:
                continue
            tm = team_match_of(m, lineups, by_id, settings.boards, rnd.number, event.ruleset,
                               settings.games_per_board)
            if tm is None:
                done = False
                break
            scored.append(tm)
        if not done or not rnd.published:
            break
        complete = rnd.number
        matches.extend(scored)
        byes.extend(_bye(rnd.number, by_id[m.team_a_id].number, m) for m in rnd.matches if m.team_b_id is None)
    state = team_state(list(entries.values()), matches, boards=settings.boards, total_rounds=event.planned_rounds,
                       byes=byes, ruleset=event.ruleset, name=event.name, games_per_board=settings.games_per_board)
    return {"settings": settings, "teams": teams, "entries": entries, "matches": matches, "byes": byes,
            "state": state, "complete": complete}
