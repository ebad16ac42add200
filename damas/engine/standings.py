"""Standings: rank by score, then the event's tiebreak order; shared places (RULES.md §4, §8).

* Players still equal after every tiebreak share the place: rank label ``"3-5"``.
* DE (direct encounter) is computed among the players still tied when it is reached, and
  separates them only if all of them met (FIDE-TB 1(c)).
* The order may be drawn by lot after the last round (CBJD 123, 127): pass
  ``options={"draw_order": True}`` and a `lot_seed`; the order used is returned.
* Category standings (CBJD 124) rank a subset (`only`) with their own order; tiebreak values
  are still computed over the whole tournament (DE among the tied players of the subset).
* Excluded entrants are listed after everyone, unranked (rank 0, empty label).
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Collection, Mapping, Sequence

from damas.engine.points import Exact
from damas.engine.rulesets import RuleSet
from damas.engine.tiebreaks import TiebreakContext, build_context, get_tiebreak
from damas.engine.types import EngineError, EntrantStatus, Outcome, TournamentState

__all__ = ["StandingRow", "Standings", "compute_standings", "draw_tiebreak_order", "rank_groups"]


@dataclass(frozen=True)
class StandingRow:
    """One line of the table: `points` in rule-set units, `tiebreaks` in the order used."""

    rank: int
    rank_label: str
    start_no: int
    points: int
    tiebreaks: tuple[Exact, ...]
    excluded: bool = False
    # Rounds of an adjourned game (C.04.2 #1): scored nothing here until its result is in, so
    # every output marks the row as pending [ours].
    pending: tuple[int, ...] = ()


@dataclass(frozen=True)
class Standings:
    rows: tuple[StandingRow, ...]
    tiebreak_order: tuple[str, ...]
    lot_seed: int | None
    ruleset_code: str
    unplayed: str

    def row(self, start_no: int) -> StandingRow:
        for row in self.rows:
            if row.start_no == start_no:
                return row
        raise EngineError(f"no standings row for starting number {start_no}")


def draw_tiebreak_order(codes: Sequence[str], seed: int) -> tuple[str, ...]:
    """The tiebreak order drawn by lot (CBJD 123, 127): deterministic from the recorded seed."""
    order = [c.upper() for c in codes]
    random.Random(seed).shuffle(order)
    return tuple(order)


def rank_groups(ctx: TiebreakContext, members: Sequence[int], order: Sequence[str]
                ) -> tuple[list[list[int]], dict[tuple[int, str], Exact]]:
    """Split player positions into ordered groups of players still equal after `order`.

    Returns the groups (best first, each in starting-number order) and the values of
    group-dependent tiebreaks (DE) keyed by (position, code).
    """
    ordered = sorted(members, key=lambda i: ctx.nos[i])
    ordered.sort(key=lambda i: ctx.total[i], reverse=True)
    groups: list[list[int]] = []
    for i in ordered:
        if groups and ctx.total[groups[-1][0]] == ctx.total[i]:
            groups[-1].append(i)
        else:
            groups.append([i])
    group_values: dict[tuple[int, str], Exact] = {}
    for code in order:
        tb = get_tiebreak(code)
        refined: list[list[int]] = []
        for group in groups:
            if len(group) == 1:
                if tb.among_tied:
                    group_values[(group[0], tb.code)] = 0
                refined.append(group)
                continue
            values = tb.compute_group(ctx, group)
            if tb.among_tied:
                for i, v in zip(group, values):
                    group_values[(i, tb.code)] = v
            keyed = [(tb.sort_key(ctx, i, v), i) for i, v in zip(group, values)]
            keyed.sort(key=lambda kv: kv[0], reverse=True)  # stable: equal keys keep start order
            current: list[int] = []
            last: Any = object()
            for key, i in keyed:
                if current and key != last:
                    refined.append(current)
                    current = []
                current.append(i)
                last = key
            refined.append(current)
        groups = refined
    return groups, group_values


def compute_standings(
    state: TournamentState,
    ruleset_code: str | RuleSet,
    tiebreaks: Sequence[str],
    *,
    unplayed: str | None = None,
    lot_seed: int | None = None,
    only: Collection[int] | None = None,
    options: Mapping[str, Any] | None = None,
    context: TiebreakContext | None = None,
) -> Standings:
    """Rank the entrants (or the subset `only`) by points, then by `tiebreaks` in order.

    `unplayed` overrides the rule set's unplayed-games rule (``seed``, ``played``,
    ``fide-2024``). `options`: ``draw_order`` (draw the order by lot with `lot_seed`),
    ``win_forfeits``, ``de_forfeits``, ``ks_limit``, ``tpr_350``. `context`: the one
    `build_context` gave for these same arguments, shared by the tables of one event (its
    categories rank subsets of one field: each tiebreak is then computed once, CBJD 124).
    """
    options = dict(options or {})
    order = tuple(get_tiebreak(code).code for code in tiebreaks)
    if options.get("draw_order"):
        if lot_seed is None:
            raise EngineError("drawing the tiebreak order by lot needs a recorded seed")
        order = draw_tiebreak_order(order, lot_seed)
    if context is None:
        ctx = build_context(state, ruleset_code, unplayed=unplayed, options=options, lot_seed=lot_seed)
    elif (context.state is not state or context.lot_seed != lot_seed or dict(context.options) != options
          or context.ruleset.code != (ruleset_code if isinstance(ruleset_code, str) else ruleset_code.code)
          or context.unplayed != (unplayed or context.ruleset.unplayed)):
        raise EngineError("the tiebreak context given was built for another table")
    else:
        ctx = context
    if only is None:
        members = list(range(ctx.size))
    else:
        wanted = set(only)
        unknown = wanted - set(ctx.index)
        if unknown:
            raise EngineError(f"unknown starting numbers: {', '.join(map(str, sorted(unknown)))}")
        members = [ctx.index[no] for no in wanted]
    excluded = {i for i, e in enumerate(state.entrants) if e.status is EntrantStatus.EXCLUDED}
    ranked = [i for i in members if i not in excluded]
    groups, group_values = rank_groups(ctx, ranked, order)
    tbs = [get_tiebreak(code) for code in order]
    columns = {tb.code: (None if tb.among_tied else tb.values(ctx)) for tb in tbs}

    def values_of(i: int) -> tuple[Exact, ...]:
        out = []
        for tb in tbs:
            col = columns[tb.code]
            out.append(group_values.get((i, tb.code), 0) if col is None else col[i])
        return tuple(out)

    pending = ctx.cache.get("pending")  # rounds of an adjourned game, per player who has one
    if pending is None:
        pending = ctx.cache["pending"] = {
            i: tuple(r.round for r in state.rounds_of(no) if r.outcome is Outcome.ADJOURNED)
            for i, no in enumerate(ctx.nos) if Outcome.ADJOURNED in ctx.outcome[i]}

    def pending_of(i: int) -> tuple[int, ...]:
        return pending.get(i, ())

    rows: list[StandingRow] = []
    place = 1
    for group in groups:
        label = str(place) if len(group) == 1 else f"{place}-{place + len(group) - 1}"
        for i in group:
            rows.append(StandingRow(place, label, ctx.nos[i], ctx.total[i], values_of(i), pending=pending_of(i)))
        place += len(group)
    for i in sorted((i for i in members if i in excluded), key=lambda k: ctx.nos[k]):
        if any(tb.among_tied for tb in tbs):
            group_values.update({(i, tb.code): 0 for tb in tbs if tb.among_tied})
        rows.append(StandingRow(0, "", ctx.nos[i], ctx.total[i], values_of(i), excluded=True,
                                pending=pending_of(i)))
    return Standings(tuple(rows), order, lot_seed, ctx.ruleset.code, ctx.unplayed)
