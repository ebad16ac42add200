"""The virtual points an accelerated event gave each player, round by round, for a file.

Another program rebuilds an accelerated Dutch event only if the file says who got which virtual
points in which round (TRF-16 ``XXA`` lines, TRF-2026 ``250`` records): engines compute "Baku"
differently at the edges (group size, late entries), so the table is written out, not the name.
`acceleration_table` gives the table our own pairing used (`dutch.players.build_players`).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from damas.engine.pairing.dutch.players import baku_acceleration, baku_group_a, points_table
from damas.engine.types import EngineError, Outcome, TournamentState

if TYPE_CHECKING:
    from damas.engine.trf import TrfTournament

__all__ = ["acceleration_table", "file_options", "ACCELERATIONS"]

ACCELERATIONS = ("baku",)


def acceleration_table(state: TournamentState, method: str, total_rounds: int,
                       one_point: int = 2) -> dict[int, tuple[int, ...]]:
    """Per player, the virtual points of rounds 1.. (index 0 = round 1) in the units of
    `one_point` (a win; chess half points by default).

    C.04.5.1 (Baku): group A is everyone listed up to the last player of the round-1 group A
    (the first 2*ceil(N/4) of the N paired in round 1); the same rule `build_players` applies
    before each round, so the table holds for every round played. Before round 1 nobody is
    known to be paired: the table is empty (the method name alone says it, 192 ``_BAKU``).
    """
    if not method:
        return {}
    if method not in ACCELERATIONS:
        raise EngineError(f"unknown acceleration {method!r}")
    if state.rounds_played == 0:
        return {}
    first_round = [e.start_no for e in sorted(state.entrants, key=lambda x: x.start_no)
                   if (rs := state.rounds_of(e.start_no))
                   and (rs[0].outcome.has_opponent or rs[0].outcome is Outcome.PAIRING_BYE)]
    everyone = sorted(e.start_no for e in state.entrants)
    plan = baku_acceleration(baku_group_a(everyone, first_round), max(total_rounds, 1), one_point)
    return {no: tuple(values) for no, values in plan.items() if any(values)}


def file_options(trf: "TrfTournament", ruleset: str, options: dict | None = None) -> dict:
    """Pairing options with the file's acceleration: its table (half points, converted to the
    rule set's units) wins over a method name; else the 192 record's method if none is given."""
    out = dict(options or {})
    if trf.accelerations:
        _, win, _ = points_table(ruleset)
        out.pop("acceleration", None)
        out["accelerations"] = {no: tuple(v * win // 2 for v in values) for no, values in trf.accelerations.items()}
    elif trf.acceleration and not out.get("acceleration"):
        out["acceleration"] = trf.acceleration
    return out
