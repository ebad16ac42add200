"""A knockout's standings ARE its final places (RULES.md §3, CLUB "Eliminatória").

`final_places` gives the places known so far (players knocked out in the same round of a
section whose places are not played off share them: 3-4, 5-8, ...). Players not placed yet
(still playing, or knocked out in a round still being played) share the places left in the
section of the bracket they are in, best section first. Points are the game points each player
scored in the bracket (rule-set units: 2 a win, 1 a draw). Category tables (`only`) re-rank
a subset by these places; equal places stay shared. There are no tiebreak columns.
"""
from __future__ import annotations

from collections.abc import Collection

from damas.engine.pairing.knockout import NOBODY, Bracket, all_ties, final_places
from damas.engine.standings import StandingRow, Standings


def complete_rounds(bracket: Bracket) -> int:
    """How many bracket rounds have every tie (main and placement) decided."""
    ties = all_ties(bracket)
    done = 0
    for r in range(1, bracket.rounds + 1):
        if all(t.winner is not None for (tr, _j), t in ties.items() if tr == r):
            done = r
        else:
            break
    return done


def game_points(bracket: Bracket) -> dict[int, int]:
    """Game points (2 a win, 1 a draw; forfeits as wins) scored by each player in the bracket."""
    points = {no: 0 for no in bracket.seeds}
    for tie in all_ties(bracket).values():
        for game in tie.games:
            for no in (game.white, game.black):
                points[no] = points.get(no, 0) + game.points(no)
    return points


def place_ranges(bracket: Bracket) -> dict[int, tuple[int, int]]:
    """Start number -> (first, last) place, final or still shared within its section."""
    ranges: dict[int, tuple[int, int]] = {}
    for place in final_places(bracket):
        for no in place.players:
            ranges[no] = (place.first, place.last)
    covered = {k for first, last in ranges.values() for k in range(first, last + 1)}
    holes = [k for k in range(1, len(bracket.seeds) + 1) if k not in covered]
    ties = all_ties(bracket)

    def section(no: int) -> int:
        """Where the player's latest tie sits: the first bracket place of its section."""
        mine = [t for t in ties.values() if no in (t.top, t.bottom)]
        if not mine:
            return 0
        r, j = max(mine, key=lambda t: t.id[0]).id
        m = bracket.size >> (r - 1)
        return (j // max(m // 2, 1)) * m

    unplaced = [no for no in bracket.seeds if no not in ranges and no != NOBODY]
    by_section: dict[int, list[int]] = {}
    for no in unplaced:
        by_section.setdefault(section(no), []).append(no)
    at = 0
    for key in sorted(by_section):
        group = by_section[key]
        slots = holes[at: at + len(group)]
        first = slots[0] if slots else (holes[-1] + 1 if holes else len(bracket.seeds))
        last = slots[-1] if slots else first + len(group) - 1
        for no in group:
            ranges[no] = (first, last)
        at += len(group)
    return ranges


def knockout_standings(bracket: Bracket, ruleset_code: str, only: Collection[int] | None = None) -> Standings:
    """The bracket's places as a Standings table (all players, or the subset `only`)."""
    ranges = place_ranges(bracket)
    points = game_points(bracket)
    members = [no for no in bracket.seeds if only is None or no in set(only)]
    members.sort(key=lambda no: (ranges[no], bracket.seed_of(no)))
    rows: list[StandingRow] = []
    place = 1
    k = 0
    while k < len(members):
        group = [no for no in members[k:] if ranges[no] == ranges[members[k]]]
        if only is None:
            first, last = ranges[members[k]]
        else:
            first, last = place, place + len(group) - 1
        label = str(first) if first == last else f"{first}-{last}"
        rows.extend(StandingRow(first, label, no, points.get(no, 0), ()) for no in group)
        place += len(group)
        k += len(group)
    return Standings(tuple(rows), (), None, ruleset_code, "")
