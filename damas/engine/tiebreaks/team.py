"""Team tiebreaks on opponents' totals: `OPP-MP` and `OPP-GP` (RULES.md §4 team Swiss order;
FIDE-TB A(c)). An unplayed round counts the team's own total unless the unplayed-games rule is
``played`` (as `BH`; ``fide-2024`` treated as ``seed``)."""
from __future__ import annotations

from damas.engine.points import Exact
from damas.engine.tiebreaks.base import Tiebreak, register
from damas.engine.tiebreaks.context import TiebreakContext


def _opponents(ctx: TiebreakContext, totals: list[int]) -> list[Exact]:
    out: list[Exact] = []
    for i in range(ctx.size):
        s = 0
        for r in range(ctx.rounds):
            if ctx.played[i][r]:
                s += totals[ctx.opp[i][r]]
            elif ctx.unplayed != "played":
                s += totals[i]
        out.append(s)
    return out


def _mp_totals(ctx: TiebreakContext) -> list[int]:
    return [sum(ctx.ruleset.points[oc] for oc in row) for row in ctx.outcome]


register(Tiebreak("OPP-MP", "Pontos de match dos adversários", "Opponents' match points",
                  "FIDE-TB A(c); RULES.md §4", lambda ctx: _opponents(ctx, _mp_totals(ctx))))
register(Tiebreak("OPP-GP", "Pontos de jogo dos adversários", "Opponents' game points",
                  "FIDE-TB A(c); RULES.md §4", lambda ctx: _opponents(ctx, [sum(row) for row in ctx.gpts])))
