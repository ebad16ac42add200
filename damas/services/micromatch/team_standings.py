"""The engine's view of a team event and its standings (CBJD 120; RULES.md §4): the snapshot of teams,
scored matches and byes, whether a round is complete, team standings and board prizes.
Re-exported by `damas.services.micromatch.team_events`.
"""
from __future__ import annotations

from typing import Any

from damas.engine.micromatch_scoring import micro_ruleset
from damas.engine.points import format_value
from damas.engine.teams import board_prizes, team_standings
from damas.formats.event_rules import team_tiebreak_order
from damas.engine.tiebreaks import get_tiebreak, value_text
from damas.models import Event
from damas.models.micromatch import TeamRound
from damas.formats.mapping import team_match_of
from damas.formats.team_state import event_lineups, team_snapshot as formats_team_snapshot
from damas.services.teams.entries import team_settings, teams_of

# -- the engine's view --------------------------------------------------------------------------

def team_snapshot(event: Event) -> dict[str, Any]:
    """The team format's engine state (`formats.team_state`); refused for other events."""
    return formats_team_snapshot(event, team_settings(event))


def round_complete(event: Event, rnd: TeamRound) -> bool:
    s = team_settings(event)
    by_id = {t.id: t for t in teams_of(event)}
    lineups = event_lineups(event, rnd)  # this round's line-ups only
    return all(m.team_b_id is None or team_match_of(m, lineups, by_id, s.boards, rnd.number, event.ruleset,
                                                     s.games_per_board) is not None for m in rnd.matches)


# -- standings and board prizes -------------------------------------------------------------------

_MATCH_POINT_CODES = frozenset({"MP", "OPP-MP"})


def _tiebreak_texts(codes: tuple[str, ...], values: Any, rs: Any) -> list[str]:
    """The row's tie-break values; match-point ones are 2/1/0 under every rule set (RULES.md §3)."""
    return [value_text(c, v, 1 if c in _MATCH_POINT_CODES else rs.units_per_point) for c, v in zip(codes, values)]


def _shown(units: int, rs: Any) -> int | str:
    """Game points as the rule set prints them (draughts 2/1/0: the integer; chess half points,
    a FIDE team event of one game per board: ``2½``); match points are 2/1/0 in both (RULES.md §3)."""
    return units if rs.units_per_point == 1 else rs.format_points(units)


def standings_context(event: Event, english: bool = False) -> dict[str, Any]:
    """Team standings (team game points or match points, then team tiebreaks) and board prizes."""
    snap = team_snapshot(event)
    s = snap["settings"]
    order = team_tiebreak_order(event, s.scoring)
    table = team_standings(snap["state"], ruleset=event.ruleset, scoring=s.scoring, tiebreaks=order)
    rs = micro_ruleset(event.ruleset, s.scoring)
    by_no = {t.number: t for t in snap["teams"]}
    rows = []
    for row in table.rows:
        results = snap["state"].rounds_of(row.start_no)
        t = by_no[row.start_no]
        gp, mp = sum(rs.game_points_for(r) for r in results), sum(rs.match_points_for(r) for r in results)
        rows.append({"rank": row.rank_label, "number": row.start_no, "name": t.name, "club": t.club or t.city,
                     "points": _shown(gp, rs) if s.scoring == "game" else mp, "gp": _shown(gp, rs), "mp": mp,
                     "tiebreaks": _tiebreak_texts(table.tiebreak_order, row.tiebreaks, rs)})
    columns = [{"code": c, "name": get_tiebreak(c).name_en if english else get_tiebreak(c).name_pt}
               for c in table.tiebreak_order]
    names = {m.player_id: m.player.full_name for t in snap["teams"] for m in t.members}
    team_names = {t.number: t.name for t in snap["teams"]}
    prizes = []
    for board, prize_rows in board_prizes(list(snap["entries"].values()), snap["matches"],
                                          rounds=max(1, snap["complete"]), ruleset=event.ruleset,
                                          games_per_board=s.games_per_board).items():
        prizes.append({"board": board, "rows": [
            {"name": names.get(r.member, "?"), "team": team_names.get(r.team, ""), "matches": r.matches,
             "game_points": _shown(r.game_points, rs), "percent": format_value(r.percentage * 100), "eligible": r.eligible}
            for r in prize_rows]})
    return {"rows": rows, "columns": columns, "after_round": snap["complete"], "scoring": s.scoring,
            "prizes": prizes}
