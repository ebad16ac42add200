"""Tiebreaks on the player's own results (FIDE-TB 1-2; C.07 6-7; CBJD 123, 127; RULES.md §4)."""
from __future__ import annotations

import random
from typing import Sequence

from damas.engine.points import Exact, exact
from damas.engine.tiebreaks.base import KIND_COUNT, KIND_LOT, KIND_MATCH, KIND_ORDER, KIND_RATING, Tiebreak, register
from damas.engine.tiebreaks.context import TiebreakContext
from damas.engine.types import EngineError, Outcome

__all__ = ["direct_encounter"]

_UNEARNED = frozenset({Outcome.PAIRING_BYE, Outcome.FULL_BYE, Outcome.HALF_BYE, Outcome.FORFEIT_WIN})
# C.07 (2026) STD: the result as 1/½/0 whatever the event's scoring (TRF-2026 tag 162 defaults:
# W = win over the board, by forfeit or full-point bye; D = draw or half-point bye; P = W).
_STANDARD_HALVES = {Outcome.WIN: 2, Outcome.FORFEIT_WIN: 2, Outcome.FULL_BYE: 2, Outcome.PAIRING_BYE: 2,
                    Outcome.DRAW: 1, Outcome.HALF_BYE: 1}
_ROUND_WINS = frozenset({Outcome.WIN, Outcome.FORFEIT_WIN, Outcome.FULL_BYE, Outcome.PAIRING_BYE})


def _wins(ctx: TiebreakContext) -> list[Exact]:
    """Games won over the board; forfeit wins too when ``win_forfeits`` is set [ours]."""
    wanted = {Outcome.WIN, Outcome.FORFEIT_WIN} if ctx.option("win_forfeits") else {Outcome.WIN}
    return [sum(1 for oc in row if oc in wanted) for row in ctx.outcome]


def _rounds_won(ctx: TiebreakContext) -> list[Exact]:
    """FIDE's WIN (C.07 7.1): rounds scored as a win, with or without a game (forfeit wins,
    full-point and pairing byes scored as a win)."""
    win = ctx.ruleset.win
    return [sum(1 for r, oc in enumerate(row) if oc in _ROUND_WINS and ctx.pts[i][r] >= win)
            for i, row in enumerate(ctx.outcome)]


def _rounds_elected(ctx: TiebreakContext) -> list[Exact]:
    """REP (C.07 2026, ex GE 7.6): the rounds minus the rounds the player chose not to play
    (C.07 16.2: everything but games, pairing byes and forfeit wins)."""
    return [sum(1 for r in range(ctx.rounds) if not ctx.voluntary(i, r)) for i in range(ctx.size)]


def _standard_points(ctx: TiebreakContext) -> list[Exact]:
    """STD (C.07 2026): the score with 1/½/0 per round, in the rule set's units."""
    upp = ctx.ruleset.units_per_point
    return [exact(sum(_STANDARD_HALVES.get(oc, 0) for oc in row) * upp, 2) for row in ctx.outcome]


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
                  lambda ctx: [sum(ctx.ruleset.points[oc] for oc in row) for row in ctx.outcome],
                  kind=KIND_MATCH))
register(Tiebreak("RTG", "Rating", "Own rating", "CLUB", lambda ctx: list(ctx.rating), kind=KIND_RATING))
register(Tiebreak("RTNG", "Rating do próprio jogador", "Participant's own rating", "C.07 (2026)",
                  lambda ctx: list(ctx.rating), kind=KIND_RATING))
register(Tiebreak("TPN", "Número de emparceiramento (menor primeiro)", "Tournament pairing number (lower first)",
                  "C.07 (2026)", lambda ctx: list(ctx.nos), kind=KIND_ORDER,
                  key_func=lambda ctx, i, value: -value))
register(Tiebreak("REP", "Rodadas em que escolheu jogar", "Rounds elected to play", "C.07 (2026), ex GE 7.6",
                  _rounds_elected, kind=KIND_COUNT))
register(Tiebreak("STD", "Pontos padrão (1/½/0)", "Standard points (1/½/0)", "C.07 (2026)", _standard_points))
register(Tiebreak("WIN-R", "Rodadas vencidas (com ou sem partida)", "Rounds won (with or without a game)",
                  "C.07 7.1 (FIDE WIN)", _rounds_won, kind=KIND_COUNT))
register(Tiebreak("LOT", "Sorteio", "Drawing of lots", "CBJD 123, 127; FIDE-GR", _lot, kind=KIND_LOT))
