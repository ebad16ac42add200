"""A team micro-match round as its page and its sheets show it (CBJD 120): each match's teams,
the line-ups board by board with the colours of game 1, both games and the scores.

The team format's round view; a board left empty in a submitted line-up is lost
4-0 by W.O. (both empty: 0-0), as the team table counts it (`mapping.team_entry`). A team event
of one game per board (a FIDE team match imported from TRF-2026) shows game 1 only,
its points as the rule set prints them (1-0, ½-½).
"""
from __future__ import annotations

from typing import Any

from damas.engine.micromatch_scoring import board_match
from damas.engine.rulesets import get_ruleset
from damas.engine.types import Outcome
from damas.engine.teams import board_colours
from damas.formats.team_state import event_lineups, event_teams
from damas.models import Event
from damas.models.micromatch import TeamRound


def _board(k: int, pa: int | None, pb: int | None, games: tuple[str, str], shown: tuple[bool, bool],
           names: dict[int, str], ruleset: str, per_board: int = 2) -> tuple[dict[str, Any], int, int]:
    """Board `k`: its players (`shown`: which team's line-up is in), games (`per_board` 1: only
    game 1, a FIDE team match) and score."""
    g1, g2 = games
    total, fa, fb = "", 0, 0
    in_a, in_b = shown
    rs = get_ruleset(ruleset)
    if in_a and in_b and (pa is None or pb is None):
        won = per_board * rs.points[Outcome.FORFEIT_WIN]
        fa, fb = (0, 0) if pa is None and pb is None else ((0, won) if pa is None else (won, 0))
        total = f"{_text(fa, rs)}-{_text(fb, rs)} (W.O.)"
    elif g1 and (g2 or per_board == 1):
        mm = board_match((g1, g2) if per_board == 2 else (g1,), rs)
        total, fa, fb = f"{_text(mm.points_a, rs)}-{_text(mm.points_b, rs)}", mm.points_a, mm.points_b
    a_white, _b = board_colours(k)
    row = {"board": k, "a": names.get(pa, "—") if in_a else "", "b": names.get(pb, "—") if in_b else "",
           "a_id": pa if in_a else None, "b_id": pb if in_b else None,
           "a_white": a_white, "game1": g1, "game2": g2, "total": total,
           "enterable": bool(in_a and in_b and pa is not None and pb is not None)}
    return row, fa, fb


def _text(units: int, rs: Any) -> str:
    return str(units) if rs.units_per_point == 1 else rs.format_points(units)


def team_round_view(event: Event, rnd: TeamRound, boards: int, per_board: int = 2) -> list[dict[str, Any]]:
    """The round's matches in table order: teams, then (once both line-ups are in) each board."""
    names = {m.player_id: m.player.full_name for t in event_teams(event) for m in t.members}
    lineups = {team: boards for (_round, team), boards in event_lineups(event, rnd).items()}
    out = []
    for m in rnd.matches:
        row: dict[str, Any] = {"id": m.id, "table": m.table, "team_a": {"id": m.team_a_id, "name": m.team_a.name,
                               "number": m.team_a.number}, "bye": m.team_b_id is None,
                               "games_per_board": per_board}
        if m.team_b_id is None:
            out.append(row)
            continue
        row["team_b"] = {"id": m.team_b_id, "name": m.team_b.name, "number": m.team_b.number}
        la, lb = lineups.get(m.team_a_id, {}), lineups.get(m.team_b_id, {})
        row["lineups"] = bool(la) and bool(lb)
        games = {b.board: (b.game1, b.game2) for b in m.boards}
        row["boards"], ta, tb = [], 0, 0
        for k in range(1, boards + 1):
            board, fa, fb = _board(k, la.get(k), lb.get(k), games.get(k, ("", "")), (bool(la), bool(lb)),
                                   names, event.ruleset, per_board)
            row["boards"].append(board)
            ta, tb = ta + fa, tb + fb
        rs = get_ruleset(event.ruleset)
        row["total"] = f"{_text(ta, rs)}-{_text(tb, rs)}" if row["lineups"] else ""
        out.append(row)
    return out
