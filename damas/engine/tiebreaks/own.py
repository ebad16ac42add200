"""Tiebreaks on the player's own results (FIDE-TB 1-2; C.07 6-7; CBJD 123, 127; RULES.md §4)."""
from __future__ import annotations

import random
from typing import Sequence

from damas.engine.points import Exact
from damas.engine.tiebreaks.base import KIND_COUNT, KIND_LOT, KIND_RATING, Tiebreak, register
from damas.engine.tiebreaks.context import TiebreakContext
from damas.engine.types import EngineError, Outcome

__all__ = ["direct_encounter"]

_UNEARNED = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.FORFEIT_WIN})


def _wins(ctx: TiebreakContext) -> list[Exact]:
    """Games won over the board; forfeit wins too when ``win_forfeits`` is set [ours]."""
    wanted = {Outcome.WIN, Outcome.FORFEIT_WIN} if ctx.option("win_forfeits") else {Outcome.WIN}
    return [sum(1 for oc in row if oc in wanted) for row in ctx.outcome]


def _black(ctx: TiebreakContext) -> list[Exact]:
    return [sum(1 for r in range(ctx.rounds) if ctx.played[i][r] and ctx.black[i][r])
            for i in range(ctx.size)]


def _black_wins(ctx: TiebreakContext) -> list[Exact]:
    return [sum(1 for r in range(ctx.rounds)
                if ctx.played[i][r] and ctx.black[i][r] and ctx.outcome[i][r] is Outcome.WIN)
            for i in range(ctx.size)]


def _progressive(ctx: TiebreakContext) -> list[Exact]:
    """Sum of the running totals after each round (escore acumulado, CBJD 123; C.07 7.5)."""
    out = []
    for row in ctx.pts:
        running = total = 0
        for p in row:
            running += p
            total += running
        out.append(total)
    return out


def _progressive_corrected(ctx: TiebreakContext) -> list[Exact]:
    """PS minus the points of each pairing bye, half-point bye and forfeit win, once each [ours]."""
    ps = _progressive(ctx)
    return [ps[i] - sum(p for p, oc in zip(ctx.pts[i], ctx.outcome[i]) if oc in _UNEARNED)
            for i in range(ctx.size)]


def direct_encounter(ctx: TiebreakContext, group: Sequence[int]) -> list[Exact]:
    """Points scored in played games among `group`, only if every two of them met (FIDE-TB 1(c)).

    When some pair never played each other the tiebreak does not separate them: all get 0.
    Forfeited games count as meetings only with the ``de_forfeits`` option.
    """
    members = set(group)
    with_forfeits = bool(ctx.option("de_forfeits"))
    values = []
    for i in group:
        met = set()
        score = 0
        for r in range(ctx.rounds):
            j = ctx.opp[i][r]
            if j in members and j != i and (ctx.played[i][r] or with_forfeits):
                met.add(j)
                score += ctx.pts[i][r]
        if len(met) != len(members) - 1:
            return [0] * len(group)
        values.append(score)
    return values


def _de_by_score(ctx: TiebreakContext) -> list[Exact]:
    """DE for every player among those with the same total (standings refine it further)."""
    groups: dict[int, list[int]] = {}
    for i, t in enumerate(ctx.total):
        groups.setdefault(t, []).append(i)
    out: list[Exact] = [0] * ctx.size
    for members in groups.values():
        if len(members) > 1:
            for i, v in zip(members, direct_encounter(ctx, members)):
                out[i] = v
    return out


def _lot(ctx: TiebreakContext) -> list[Exact]:
    """Drawing of lots from the recorded seed: a higher value ranks higher."""
    if ctx.lot_seed is None:
        raise EngineError("tiebreak LOT needs a recorded lot seed")
    order = list(ctx.nos)
    random.Random(ctx.lot_seed).shuffle(order)
    place = {no: k for k, no in enumerate(order)}
    return [len(order) - place[no] for no in ctx.nos]


register(Tiebreak("DE", "Confronto direto", "Direct encounter", "FIDE-TB 1(c); C.07 6", _de_by_score,
                  group_func=direct_encounter))
register(Tiebreak("WIN", "Número de vitórias", "Games won", "FIDE-TB 1(a); C.07 7.2", _wins,
                  kind=KIND_COUNT))
register(Tiebreak("BLK", "Partidas com as pretas", "Games played with Black", "FIDE-TB 1(b); C.07 7.3",
                  _black, kind=KIND_COUNT))
register(Tiebreak("BWIN", "Vitórias com as pretas", "Games won with Black", "C.07 7.4", _black_wins,
                  kind=KIND_COUNT))
register(Tiebreak("PS", "Escore acumulado", "Progressive score", "CBJD 123, 127; C.07 7.5", _progressive))
register(Tiebreak("PS-CORR", "Escore acumulado corrigido", "Corrected progressive score",
                  "CBJD 123, 127 [ours]", _progressive_corrected))
register(Tiebreak("GP", "Pontos de jogo", "Game points", "CBJD 120; FIDE-TB 2(b)",
                  lambda ctx: [sum(row) for row in ctx.gpts]))
register(Tiebreak("MP", "Pontos de match", "Match points", "CBJD 120; FIDE-TB 2(a)",
                  lambda ctx: [sum(ctx.ruleset.points[oc] for oc in row) for row in ctx.outcome]))
register(Tiebreak("RTG", "Rating", "Own rating", "CLUB", lambda ctx: list(ctx.rating), kind=KIND_RATING))
register(Tiebreak("LOT", "Sorteio", "Drawing of lots", "CBJD 123, 127; FIDE-GR", _lot, kind=KIND_LOT))
