"""Time the FIDE Dutch engine on one round of random tournaments (not a test).

    python benchmarks/pairing.py [--sizes 100 500 1000 3000] [--late 7] [--seed 1] [--system dutch-2025]

For each size it times round 1, then plays rounds with random results (paired by the engine
itself) and times the pairing of round `--late`. Prints seconds and the process's peak resident memory so far.
"""
from __future__ import annotations

import argparse
import random
import sys
import time
import resource
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas.engine.pairing.base import PairingRequest  # noqa: E402
from damas.engine.pairing.base import get_system  # noqa: E402
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState  # noqa: E402

ENGINE = get_system("dutch")  # --system: either Dutch edition (dutch, dutch-2025)
EVERY = False


def _state(entrants, results, total):
    return TournamentState(entrants=entrants, results={k: tuple(v) for k, v in results.items()},
                           total_rounds=total)


def _timed(request: PairingRequest):
    t0 = time.perf_counter()
    boards = ENGINE.pair(request)
    dt = time.perf_counter() - t0
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # Linux: KiB
    return boards, dt, peak


def _play(boards, results, rnd, rng, ratings):
    for b in boards:
        if b.black is None:
            results[b.white].append(RoundResult(rnd, Outcome.PAIRING_BYE))
            continue
        w, k = b.white, b.black
        x = rng.random()
        favourite = ratings[w] >= ratings[k]
        if x < 0.25:
            ow = Outcome.DRAW
        elif (x < 0.8) == favourite:
            ow = Outcome.WIN
        else:
            ow = Outcome.LOSS
        results[w].append(RoundResult(rnd, ow, k, Color.WHITE))
        results[k].append(RoundResult(rnd, ow.mirror, w, Color.BLACK))


def run(n: int, late: int, total: int, seed: int) -> None:
    rng = random.Random(seed)
    ratings_sorted = sorted((rng.randint(1000, 2800) for _ in range(n)), reverse=True)
    entrants = tuple(Entrant(start_no=i + 1, name=f"P{i + 1}", rating=r)
                     for i, r in enumerate(ratings_sorted))
    ratings = {e.start_no: e.rating for e in entrants}
    results: dict[int, list[RoundResult]] = {e.start_no: [] for e in entrants}
    for rnd in range(1, late + 1):
        req = PairingRequest(state=_state(entrants, results, total), round_no=rnd,
                             first_color=Color.WHITE)
        if rnd in (1, late) or EVERY:
            boards, dt, peak = _timed(req)
            print(f"{n:5d} players  round {rnd:2d}: {dt:7.2f} s  process peak RSS {peak / 2**20:7.1f} MiB",
                  flush=True)
        else:
            boards = ENGINE.pair(req)
        _play(boards, results, rnd, rng, ratings)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000, 3000])
    ap.add_argument("--late", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", action="store_true", help="time every round up to --late")
    ap.add_argument("--system", default="dutch", help="dutch (2017 rules) or dutch-2025")
    args = ap.parse_args()
    global EVERY, ENGINE
    EVERY = args.every
    ENGINE = get_system(args.system)
    for n in args.sizes:
        run(n, args.late, args.rounds, args.seed)


if __name__ == "__main__":
    main()
