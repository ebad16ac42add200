"""Playoff plans for ties (FIDE-GR "Playoff" (e), (f), (j), (k) 1-12; RULES.md §7).

`playoff_plan(tied)` takes the tied players in tiebreak order (HT, best first) and returns the
plan of the source's table for 2 to 11+ players; `playoff_status(plan, results)` replays the
results entered so far and says which games are due or, once decided, the final places;
`apply_playoff(standings, status)` writes those places into a table.

* Rates: "rapid" = all moves in 3 min + 5 s per move from move 1 (1 a); Armageddon = White
  5 min, Black 4, a draw counts as a win for Black (1 b).
* Colours by lot (j) except round robins, which follow the Berger tables: with a recorded
  `lot_seed` the engine draws them (per game id), otherwise the arbiter enters them.
* Subsidiary places follow the playoff (e); players still level share places (f): losers of one
  knockout round share, and so do players level on score below the first place.

Readings **[ours]** where the table is silent: "fewest moves" (2 c, 4 a, 6) orders the whole
group still tied for first by the total moves of the games each won in that stage (a draw won
by Black in Armageddon counts), players without a win last; the 3 section winners of 9 play as
in 2 (b); 10 splits into sections (1,4,5,8,9) and (2,3,6,7,10) (the snake of 6's 1,4,5 / 2,3,6);
an 8-player knockout's semi-finals pair the winners of 1v8 and 4v5, 2v7 and 3v6; players
knocked out in sections share by their place in the section; if the first place is still level
after every rule the status says `unresolved` (the right reserved by (k) 11: arbiter's decision).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Mapping, Sequence

from damas.engine.playoffs.data import (
    _NUMBERS,
    _SECTIONS,
    GameResult,
    PlayoffGame,
    PlayoffPlan,
    PlayoffStatus,
)
from damas.engine.playoffs.replay import resolve, Run
from damas.engine.playoffs.text import plan_steps
from damas.engine.standings import Standings
from damas.engine.types import EngineError

__all__ = ["GameResult", "PlayoffGame", "PlayoffPlan", "PlayoffStatus", "apply_playoff",
           "playoff_plan", "playoff_status"]


def playoff_plan(tied: Sequence[int], *, knockout_matches: bool = True, armageddon_only: bool = False,
                 lot_seed: int | None = None) -> PlayoffPlan:
    """The plan for players tied in HT order (best first). `knockout_matches`: the 4-player
    knockout uses two-game matches (3, "if time permits"), else Armageddon; `armageddon_only`:
    no two-game matches at all, straight to Armageddon (12: "if the original games run very
    late"); `lot_seed`: the engine draws the colours (j), replayable from the recorded seed."""
    tied = tuple(tied)
    if len(tied) < 2:
        raise EngineError("a playoff needs at least two tied players")
    if len(set(tied)) != len(tied):
        raise EngineError("a player appears twice in the tie")
    n = len(tied)
    numbers: tuple[tuple[int, int], ...] = ()
    if n in _NUMBERS:
        numbers = tuple(sorted((num, p) for p, num in zip(tied, _NUMBERS[n])))
    sections = tuple(tuple(tied[i] for i in idx) for idx in _SECTIONS.get(n, ()))
    fmt = str(n) if n <= 10 else "11+"
    return PlayoffPlan(tied, fmt, numbers, sections, tied[8:] if n > 10 else (),
                       plan_steps(fmt, tied, knockout_matches, armageddon_only),
                       knockout_matches, armageddon_only, lot_seed)


def playoff_status(plan: PlayoffPlan, results: Mapping[str, GameResult]) -> PlayoffStatus:
    """Replay `results` (game id -> result) over the plan: games due or the final places."""
    run = Run(plan, results)
    groups = resolve(run)
    unknown = sorted(set(results) - run.seen)
    if unknown:
        raise EngineError(f"no such playoff game (yet): {', '.join(unknown)}")
    if groups is None:
        return PlayoffStatus(False, tuple(run.pending), tuple(run.needs), (), False, tuple(run.log))
    return PlayoffStatus(True, (), (), tuple(tuple(g) for g in groups), run.unresolved, tuple(run.log))


def apply_playoff(standings: Standings, status: PlayoffStatus) -> Standings:
    """The table with the playoff's places (FIDE-GR Playoff (e), (f)): the tied players must be
    consecutive rows; they take the playoff order, players still level share the place."""
    if not status.finished:
        raise EngineError("the playoff is not finished")
    players = [p for g in status.places for p in g]
    rows = list(standings.rows)
    index = {r.start_no: i for i, r in enumerate(rows)}
    if any(p not in index for p in players):
        raise EngineError("a playoff player is not in this table")
    spots = sorted(index[p] for p in players)
    if spots != list(range(spots[0], spots[0] + len(spots))) or rows[spots[0]].excluded:
        raise EngineError("the playoff players are not consecutive in this table")
    base = rows[spots[0]].rank
    new, place = [], base
    for group in status.places:
        label = str(place) if len(group) == 1 else f"{place}-{place + len(group) - 1}"
        new.extend(replace(rows[index[p]], rank=place, rank_label=label) for p in group)
        place += len(group)
    rows[spots[0]:spots[-1] + 1] = new
    return replace(standings, rows=tuple(rows))
