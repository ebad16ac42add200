"""Write the TRF inputs of the hand-worked SB Swiss cases (run once; the .pairs are by hand).

Each case lists its rounds as boards ``white-black:result`` (result for White: 1 = 0) and
byes ``no:U``; ratings fall with the starting number. See README.md for the hand-working.
"""
from __future__ import annotations

from pathlib import Path

from damas.engine.trf import write_trf
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

_CODE = {"1": Outcome.WIN, "=": Outcome.DRAW, "0": Outcome.LOSS}

CASES = {
    "r1-seven-players-black1": (7, 5, Color.BLACK, []),
    "rematch-avoided-r3": (8, 5, Color.WHITE, [
        "1-8:1 7-2:= 3-6:1 5-4:0",
        "3-1:= 4-2:0 7-5:1 6-8:=",
    ]),
    "bye-no-second-bye-r3": (5, 4, Color.WHITE, [
        "1-4:1 3-2:= 5:U",
        "3-1:= 5-2:0 4:U",
    ]),
    "colour-limits-float-r3": (6, 5, Color.WHITE, [
        "1-6:1 5-2:1 3-4:1",
        "5-1:0 3-6:0 4-2:0",
    ]),
}


def build(n: int, total: int, rounds: list[str]) -> TournamentState:
    res: dict[int, list[RoundResult]] = {i: [] for i in range(1, n + 1)}
    for r, line in enumerate(rounds, start=1):
        for item in line.split():
            left, code = item.split(":")
            if code == "U":
                res[int(left)].append(RoundResult(r, Outcome.PAIRING_BYE))
                continue
            w, b = (int(x) for x in left.split("-"))
            res[w].append(RoundResult(r, _CODE[code], b, Color.WHITE))
            res[b].append(RoundResult(r, _CODE[code].mirror, w, Color.BLACK))
    entrants = tuple(Entrant(i, f"Player {i}", rating=2400 - 50 * i) for i in range(1, n + 1))
    return TournamentState(entrants, {k: tuple(v) for k, v in res.items()}, total)


if __name__ == "__main__":
    here = Path(__file__).parent
    for name, (n, total, first, rounds) in CASES.items():
        text = write_trf(build(n, total, rounds), first_color=first)
        (here / f"{name}.trf").write_text(text, encoding="utf-8")
