"""Time the FIDE Dutch engine on rounds of random tournaments (not a test).

    python benchmarks/pairing.py [--sizes 100 500 1000 3000] [--late 7] [--rounds 9] [--seed 1]
                                 [--system dutch] [--shape random] [--every]

For each size it times round 1, then plays rounds with random results (paired by the engine
itself) and times the pairing of round `--late` (every round up to it with `--every`). Prints
seconds per round (wall clock, and CPU time of the process, which a busy machine inflates
less) and the process's peak resident memory so far.

`--system` (alias `--edition`) picks the registered pairing system (`dutch`, the 2017 rules,
or `dutch-2025`). `--shape` picks the results that shape the score groups:

* `random`: 25 % draws, the favourite wins 80 % of the decisive games;
* `huge-over-tiny`: round 1 all decisive but one draw, so round 2 has one huge score group
  (n/2) above a 2-player group (issue 19: 671 players, round 2 of 7 took 33 s);
* `draws`: 70 % draws (many players on equal scores, few big groups);
* `half-byes`: the random results, and 20 % of the players take a half-point bye each round.

Figures (2-core machine shared with other jobs; seconds per round, `--every`, 9 rounds, seed 1),
before and after the work of issue 19 point 3 are kept in benchmarks/README.md.
"""
from __future__ import annotations

import argparse
import random
import resource
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from damas.engine.pairing.base import PairingRequest, get_system  # noqa: E402
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState  # noqa: E402

SHAPES = ("random", "huge-over-tiny", "draws", "half-byes")


def _state(entrants, results, total):
    return TournamentState(entrants=entrants, results={k: tuple(v) for k, v in results.items()},
                           total_rounds=total)


def _peak_mib() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024  # Linux: KiB


def _play(boards, results, rnd, rng, ratings, shape, half):
    draw_rate = 0.7 if shape == "draws" else 0.25
    single_draw = shape == "huge-over-tiny" and rnd == 1
    for b in boards:
        if b.black is None:
            results[b.white].append(RoundResult(rnd, Outcome.PAIRING_BYE))
            continue
        w, k = b.white, b.black
        x = rng.random()
        favourite = ratings[w] >= ratings[k]
        if single_draw:
            ow = Outcome.DRAW if b.board == 1 else (Outcome.WIN if favourite else Outcome.LOSS)
        elif x < draw_rate:
            ow = Outcome.DRAW
        elif (x < draw_rate + (1 - draw_rate) * 0.8) == favourite:
            ow = Outcome.WIN
        else:
            ow = Outcome.LOSS
        results[w].append(RoundResult(rnd, ow, k, Color.WHITE))
        results[k].append(RoundResult(rnd, ow.mirror, w, Color.BLACK))
    for p in half:
        results[p].append(RoundResult(rnd, Outcome.HALF_BYE))


def run(system: str, n: int, late: int, total: int, seed: int, shape: str, every: bool) -> list[float]:
    """Times (seconds) of the rounds timed, printing one line per round."""
    engine = get_system(system)
    rng = random.Random(seed)
    ratings_sorted = sorted((rng.randint(1000, 2800) for _ in range(n)), reverse=True)
    entrants = tuple(Entrant(start_no=i + 1, name=f"P{i + 1}", rating=r)
                     for i, r in enumerate(ratings_sorted))
    ratings = {e.start_no: e.rating for e in entrants}
    results: dict[int, list[RoundResult]] = {e.start_no: [] for e in entrants}
    times: list[float] = []
    for rnd in range(1, late + 1):
        half = ({p for p in results if rng.random() < 0.2} if shape == "half-byes" and rnd < total
                else set())
        req = PairingRequest(state=_state(entrants, results, total), round_no=rnd,
                             first_color=Color.WHITE,
                             requested_byes={p: Outcome.HALF_BYE for p in half})
        t0, c0 = time.perf_counter(), time.process_time()
        boards = engine.pair(req)
        dt, cpu = time.perf_counter() - t0, time.process_time() - c0
        if rnd in (1, late) or every:
            times.append(cpu)
            print(f"{system:>10} {shape:>14} {n:5d} players  round {rnd:2d}/{total}: {dt:7.2f} s"
                  f" (CPU {cpu:7.2f} s)  process peak RSS {_peak_mib():7.1f} MiB", flush=True)
        _play(boards, results, rnd, rng, ratings, shape, half)
    return times


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--sizes", type=int, nargs="*", default=[100, 500, 1000, 3000])
    ap.add_argument("--late", type=int, default=7)
    ap.add_argument("--rounds", type=int, default=9)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--system", "--edition", dest="system", default="dutch",
                    help="pairing system code (dutch, dutch-2025)")
    ap.add_argument("--shape", choices=SHAPES, default="random")
    ap.add_argument("--every", action="store_true", help="time every round up to --late")
    args = ap.parse_args()
    for n in args.sizes:
        times = run(args.system, n, args.late, args.rounds, args.seed, args.shape, args.every)
        print(f"{args.system:>10} {args.shape:>14} {n:5d} players  worst CPU {max(times):7.2f} s"
              f"  total CPU {sum(times):7.2f} s", flush=True)


if __name__ == "__main__":
    main()
