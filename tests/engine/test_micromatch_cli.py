"""`python -m damas.engine pair --system micromatch FILE.trf`: two TRF games per micro-match.

Hand-worked: round 1 paired 1-3 and 2-4 (top half v bottom half). Games: 1 (W) beat 3, then
3 (W) drew 1 -> 1 scores 2+1 = 3 game points, 3 scores 1; 4 beat 2 with Black and with White
-> 4 scores 4, 2 scores 0. Round 2 score groups {4} {1} {3} {2}: 4 floats down to meet 1
(they have not met), 3 meets 2. White in game 1 goes to whoever began his previous micro-match
with Black: 4 (v 1) and 3 (v 2). Boards by the higher-placed player's score: 4-1, then 3-2.
"""
from __future__ import annotations

import subprocess
import sys

from damas.engine.trf import write_trf
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

W, B = Color.WHITE, Color.BLACK


def _state() -> TournamentState:
    r = RoundResult
    results = {
        1: (r(1, Outcome.WIN, 3, W), r(2, Outcome.DRAW, 3, B)),
        3: (r(1, Outcome.LOSS, 1, B), r(2, Outcome.DRAW, 1, W)),
        2: (r(1, Outcome.LOSS, 4, W), r(2, Outcome.LOSS, 4, B)),
        4: (r(1, Outcome.WIN, 2, B), r(2, Outcome.WIN, 2, W)),
    }
    entrants = tuple(Entrant(n, f"Jogador {n}", 2000 - 10 * n) for n in (1, 2, 3, 4))
    return TournamentState(entrants, results, total_rounds=6)


def test_pairs_round_two_of_a_micro_match_event(tmp_path):
    trf = tmp_path / "micro.trf"
    trf.write_text(write_trf(_state()), encoding="utf-8")
    out = subprocess.run(
        [sys.executable, "-m", "damas.engine", "pair", "--system", "micromatch", "--ruleset", "cbjd", str(trf)],
        capture_output=True, text=True, check=True,
    )
    assert out.stdout == "2\n4 1\n3 2\n"


def test_an_odd_number_of_games_is_refused(tmp_path):
    state = _state()
    one_game = TournamentState(state.entrants, {k: v[:1] for k, v in state.results.items()}, 6)
    trf = tmp_path / "odd.trf"
    trf.write_text(write_trf(one_game), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "damas.engine", "pair", "--system", "micromatch", str(trf)],
                         capture_output=True, text=True)
    assert out.returncode == 1 and "two games per round" in out.stderr
