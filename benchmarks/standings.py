"""Standings benchmark: 8 tiebreaks on random Swiss-like tournaments.

    .venv/bin/python benchmarks/standings.py

Target (issue 3): 1,000 players x 11 rounds under 0.3 s. Prints seconds per case.
"""
from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas.engine.standings import compute_standings  # noqa: E402
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState  # noqa: E402

TIEBREAKS = ("BH-C1", "BH", "BH-M1", "SB", "PS", "PS-CORR", "WIN", "ARO")
_GAME = ((Outcome.WIN, Outcome.LOSS), (Outcome.DRAW, Outcome.DRAW), (Outcome.LOSS, Outcome.WIN),
         (Outcome.FORFEIT_WIN, Outcome.FORFEIT_LOSS))


def random_tournament(players: int, rounds: int, seed: int = 1) -> TournamentState:
    """Random pairings (no colour or rematch rules: only the arithmetic matters here)."""
    rnd = random.Random(seed)
    entrants = tuple(Entrant(i, f"P{i}", rating=rnd.randint(1000, 2700)) for i in range(1, players + 1))
    results: dict[int, list[RoundResult]] = {e.start_no: [] for e in entrants}
    for r in range(1, rounds + 1):
        order = [e.start_no for e in entrants]
        rnd.shuffle(order)
        if len(order) % 2:
            bye = order.pop()
            results[bye].append(RoundResult(r, Outcome.PAIRING_BYE))
        for a, b in zip(order[::2], order[1::2]):
            oa, ob = _GAME[rnd.choices(range(4), weights=(45, 20, 45, 2))[0]]
            results[a].append(RoundResult(r, oa, b, Color.WHITE))
            results[b].append(RoundResult(r, ob, a, Color.BLACK))
    return TournamentState(entrants, {k: tuple(v) for k, v in results.items()}, rounds)


def main() -> int:
    for players, rounds in ((1000, 11), (5000, 13)):
        state = random_tournament(players, rounds)
        best = None
        for _ in range(3):
            start = time.perf_counter()
            compute_standings(state, "fide", TIEBREAKS)
            elapsed = time.perf_counter() - start
            best = elapsed if best is None else min(best, elapsed)
        print(f"{players} players x {rounds} rounds, {len(TIEBREAKS)} tiebreaks: {best:.3f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
