"""Team tiebreaks on opponents' totals: `OPP-MP` and `OPP-GP` (RULES.md §4 team Swiss order;
FIDE-TB A(c)). An unplayed round counts the team's own total unless the unplayed-games rule is
``played`` (as `BH`; ``fide-2024`` treated as ``seed``)."""
from __future__ import annotations

from damas.engine.tiebreaks.base import KIND_MATCH, Tiebreak, register
from damas.engine.tiebreaks.buchholz import opponents_sum
from damas.engine.tiebreaks.context import TiebreakContext


def _mp_totals(ctx: TiebreakContext) -> list[int]:
    return [sum(ctx.ruleset.points[oc] for oc in row) for row in ctx.outcome]


register(Tiebreak("OPP-MP", "Pontos de match dos adversários", "Opponents' match points",
                  "FIDE-TB A(c) [ours]", lambda ctx: opponents_sum(ctx, _mp_totals(ctx)), kind=KIND_MATCH))
register(Tiebreak("OPP-GP", "Pontos de jogo dos adversários", "Opponents' game points",
                  "FIDE-TB A(c) [ours]", lambda ctx: opponents_sum(ctx, [sum(row) for row in ctx.gpts])))
