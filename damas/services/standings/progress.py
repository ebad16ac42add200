"""Every player's points after each round and the leader of each round (the player card's
chart), from the standings pipeline itself (`standings_of`): the table after round n is the
event's table computed over its first n complete rounds, so a point on the chart is the point
the standings page showed then, and the last one the page's points now.

The leader after round n is the first line of that table (its points are the most, the
tie-breaks decide between equals). **[ours]** A withdrawal counts in the table after round n
when the player left after round n or earlier: before that he was still playing.
"""
from __future__ import annotations

from dataclasses import dataclass, replace

from damas.engine.types import EngineError, EntrantStatus, TournamentState
from damas.formats import get_format
from damas.formats.mapping import EventSnapshot
from damas.models import EntryStatus, Event
from damas.services.standings.compute import standings_of

__all__ = ["Progress", "RoundScores", "score_progress"]


@dataclass(frozen=True)
class RoundScores:
    """The table after one round: points (rule-set units) per starting number, its leader."""

    round: int
    points: dict[int, int]
    leader: int  # starting number of the table's first line


@dataclass(frozen=True)
class Progress:
    """The tables after each round, and who the starting numbers are."""

    rounds: tuple[RoundScores, ...]
    start_no: dict[int, int]  # player id -> starting number
    names: dict[int, str]  # starting number -> name


def _after(full: EventSnapshot, n: int) -> EventSnapshot:
    """The snapshot of the first `n` rounds: withdrawals after a later round not yet made."""
    rows, back = dict(full.rows_by_no), set()
    for no, row in full.rows_by_no.items():
        if row.status == EntryStatus.WITHDRAWN and (row.withdrawn_after_round or 0) > n:
            rows[no] = replace(row, status=EntryStatus.REGISTERED, withdrawn_after_round=None)
            back.add(no)
    state = full.state
    entrants = tuple(replace(e, status=EntrantStatus.ACTIVE) if e.start_no in back else e for e in state.entrants)
    truncated = TournamentState(entrants=entrants, results={no: rs[:n] for no, rs in state.results.items()},
                                total_rounds=state.total_rounds, name=state.name, extra=state.extra)
    return EventSnapshot(state=truncated, rows_by_no=rows, complete_rounds=n, event_id=full.event_id)


def score_progress(event: Event) -> Progress:
    """The table after each complete round (empty for a knockout, which has no rounds of boards,
    and a team event, which ranks teams)."""
    fmt = get_format(event)
    if fmt.has_bracket or fmt.team_based:
        return Progress((), {}, {})
    full = fmt.snapshot(event)
    out = []
    for n in range(1, full.complete_rounds + 1):
        try:
            table = standings_of(event, snap=full if n == full.complete_rounds else _after(full, n)).standings
        except EngineError:
            break
        ranked = [r for r in table.rows if not r.excluded] or list(table.rows)
        if not ranked:
            break
        out.append(RoundScores(n, {r.start_no: r.points for r in table.rows}, ranked[0].start_no))
    return Progress(tuple(out), {row.player_id: no for no, row in full.rows_by_no.items()},
                    {no: row.full_name for no, row in full.rows_by_no.items()})
