"""Per-player arrays computed once, so every tiebreak runs in O(total games).

`TiebreakContext` turns a `TournamentState` and a rule set into flat lists indexed by player
position `i` (``nos[i]`` is the starting number) and round ``r`` (0-based): points in rule-set
units, opponent position (-1 for none), whether the game was played, colour, outcome. Derived
values (Buchholz contributions, adjusted scores, ...) are cached in `cache` by the tiebreaks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping

from damas.engine.rulesets import UNPLAYED_RULES, RuleSet, get_ruleset
from damas.engine.types import Color, EngineError, Outcome, TournamentState

__all__ = ["TiebreakContext", "build_context", "FIDE_UNPLAYED_RULES"]

FIDE_UNPLAYED_RULES = frozenset({"fide-2024", "fide-2026"})

_PLAYED = frozenset({Outcome.WIN, Outcome.DRAW, Outcome.LOSS})
# FIDE C.07 (2024) 16.2: rounds the participant chose not to play ("voluntary unplayed rounds").
_NOT_VOLUNTARY = frozenset(
    {Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN}
)


@dataclass
class TiebreakContext:
    """Everything a tiebreak needs, precomputed. Read-only for tiebreaks except `cache`."""

    state: TournamentState
    ruleset: RuleSet
    unplayed: str
    options: Mapping[str, Any]
    lot_seed: int | None
    nos: list[int]
    index: dict[int, int]
    rounds: int
    pts: list[list[int]]
    gpts: list[list[int]]
    opp: list[list[int]]
    played: list[list[bool]]
    black: list[list[bool]]
    outcome: list[list[Outcome]]
    total: list[int]
    rating: list[int]
    round_max: int
    cache: dict[str, Any] = field(default_factory=dict)

    @property
    def size(self) -> int:
        return len(self.nos)

    @property
    def fide_unplayed(self) -> bool:
        """True under the FIDE C.07 dummy-opponent rules (``fide-2024``, ``fide-2026``)."""
        return self.unplayed in FIDE_UNPLAYED_RULES

    def voluntary(self, i: int, r: int) -> bool:
        """C.07 16.2: an unplayed round that is not a pairing bye or a forfeit win."""
        return self.outcome[i][r] not in _NOT_VOLUNTARY

    def option(self, key: str, default: Any = None) -> Any:
        return self.options.get(key, default)


def build_context(
    state: TournamentState,
    ruleset: RuleSet | str,
    *,
    unplayed: str | None = None,
    options: Mapping[str, Any] | None = None,
    lot_seed: int | None = None,
) -> TiebreakContext:
    """Precompute the arrays; raise EngineError on inconsistent input (unknown opponent)."""
    rs = get_ruleset(ruleset) if isinstance(ruleset, str) else ruleset
    rule = unplayed or rs.unplayed
    if rule not in UNPLAYED_RULES:
        raise EngineError(f"unknown unplayed-games rule {rule!r} (known: {', '.join(UNPLAYED_RULES)})")
    nos = [e.start_no for e in state.entrants]
    index = {no: i for i, no in enumerate(nos)}
    rounds = state.rounds_played
    points = rs.points
    micro = False
    pts: list[list[int]] = []
    gpts: list[list[int]] = []
    opp: list[list[int]] = []
    played: list[list[bool]] = []
    black: list[list[bool]] = []
    outcome: list[list[Outcome]] = []
    # (points, has an opponent, played) per outcome: one lookup per cell (a 1,000 x 9 table
    # is built on every standings page).
    about = {oc: (points[oc], oc.has_opponent, oc in _PLAYED) for oc in Outcome}
    for no in nos:
        res = state.results.get(no, ())
        p_row, g_row, o_row, pl_row, b_row, oc_row = [], [], [], [], [], []
        for r in range(rounds):
            if r < len(res):
                rr = res[r]
                oc = rr.outcome
                p, with_opponent, is_played = about[oc]
                if rr.game_points is not None:
                    micro = True
                    p_row.append(rs.points_for(rr))
                    g_row.append(rr.game_points)
                else:
                    p_row.append(p)
                    g_row.append(p)
                j = -1
                if with_opponent and rr.opponent is not None:
                    j = index.get(rr.opponent, -1)
                    if j < 0:
                        raise EngineError(f"player {no}, round {r + 1}: unknown opponent {rr.opponent}")
                o_row.append(j)
                pl_row.append(is_played and j >= 0)
                b_row.append(rr.color is Color.BLACK)
            else:
                oc = Outcome.NOT_PAIRED
                p_row.append(points[oc])
                g_row.append(points[oc])
                o_row.append(-1)
                pl_row.append(False)
                b_row.append(False)
            oc_row.append(oc)
        pts.append(p_row)
        gpts.append(g_row)
        opp.append(o_row)
        played.append(pl_row)
        black.append(b_row)
        outcome.append(oc_row)
    round_max = rs.win * 2 if micro and rs.micro_scoring == "game" else rs.win
    return TiebreakContext(
        state=state,
        ruleset=rs,
        unplayed=rule,
        options=MappingProxyType(dict(options or {})),
        lot_seed=lot_seed,
        nos=nos,
        index=index,
        rounds=rounds,
        pts=pts,
        gpts=gpts,
        opp=opp,
        played=played,
        black=black,
        outcome=outcome,
        total=[sum(row) + e.carried for row, e in zip(pts, state.entrants)],  # carried: a stage's points
        rating=[e.rating for e in state.entrants],
        round_max=round_max,
    )
