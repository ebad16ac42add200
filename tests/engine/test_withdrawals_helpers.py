"""Build round-robin states for the withdrawal and crosstable tests (no engine logic here).

The schedules are written out by hand from the published Berger tables (FIDE C.05 Annex 1):
6 players (and 5 players, 6 being the bye):
    1: 1-6 2-5 3-4   2: 6-4 5-3 1-2   3: 2-6 3-1 4-5   4: 6-5 1-4 2-3   5: 3-6 4-2 5-1
4 players: 1: 1-4 2-3   2: 4-3 1-2   3: 2-4 3-1
"""

from __future__ import annotations

from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

TABLE_6 = [
    [(1, 6), (2, 5), (3, 4)],
    [(6, 4), (5, 3), (1, 2)],
    [(2, 6), (3, 1), (4, 5)],
    [(6, 5), (1, 4), (2, 3)],
    [(3, 6), (4, 2), (5, 1)],
]
TABLE_4 = [[(1, 4), (2, 3)], [(4, 3), (1, 2)], [(2, 4), (3, 1)]]


def rr_state(
    n: int, table: list[list[tuple[int, int]]], results: dict[tuple[int, int, int], Outcome | None]
) -> TournamentState:
    """`results[(round, white, black)]` is White's outcome, or None for a game not played
    (both rows NOT_PAIRED, as the pairing leaves a withdrawn player's board out). Rounds are
    taken from `table` up to the highest round in `results`; a player missing from a round of
    an odd field (opponent n+1) gets a PAIRING_BYE."""
    last = max(r for r, _, _ in results)
    rows: dict[int, list[RoundResult]] = {s: [] for s in range(1, n + 1)}
    for r in range(1, last + 1):
        for w, b in table[r - 1]:
            if w > n or b > n:
                p = w if b > n else b
                rows[p].append(RoundResult(r, Outcome.PAIRING_BYE))
                continue
            out = results[(r, w, b)]
            if out is None:
                rows[w].append(RoundResult(r, Outcome.NOT_PAIRED))
                rows[b].append(RoundResult(r, Outcome.NOT_PAIRED))
            else:
                rows[w].append(RoundResult(r, out, b, Color.WHITE))
                rows[b].append(RoundResult(r, out.mirror, w, Color.BLACK))
    entrants = tuple(Entrant(s, f"Player {s}", rating=2000 - s) for s in range(1, n + 1))
    return TournamentState(entrants, {k: tuple(v) for k, v in rows.items()}, total_rounds=len(table))
