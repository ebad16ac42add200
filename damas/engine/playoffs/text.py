"""The playoff plan in words (pt, en), row by row of FIDE-GR "Playoff" (k).
"""
from __future__ import annotations

from typing import Sequence

from damas.engine.playoffs.data import _NUMBERS, _SECTIONS
from damas.engine.playoffs.replay import seat_numbers

_R = ("3 min + 5 s por lance desde o 1º", "3 min + 5 s per move from move 1")
_A = ("Armagedom (Brancas 5 min, Pretas 4; empate = vitória das Pretas)",
      "Armageddon (White 5 min, Black 4; a draw is a win for Black)")
_STEPS: dict[str, tuple[tuple[str, str], ...]] = {  # FIDE-GR "Playoff" (k), row by row; {x} filled in
    "2": ((f"(1 a) Mini-match de 2 partidas, {_R[0]}; cores por sorteio, invertidas na 2ª.",
           f"(1 a) Two-game mini-match, {_R[1]}; colours by lot, reversed in game 2."),
          (f"(1 b) Se empatar: uma partida {_A[0]}.", f"(1 b) If level: one game of {_A[1]}.")),
    "2-arm": ((f"(1 b, 12) Uma partida {_A[0]}.", f"(1 b, 12) One game of {_A[1]}."),),
    "3": ((f"(2 a) Round robin de uma partida, {_R[0]}; números 1, 2, 3 = {{num}}.",
           f"(2 a) One-game round robin, {_R[1]}; pairing numbers 1, 2, 3 = {{num}}."),
          ("(2 b) Os três empatados: round robin Armagedom; (2 c) depois, vence quem fez o ponto em "
           "menos lances. Dois empatados no 1º lugar: Armagedom (1 b).",
           "(2 b) All three level: Armageddon round robin; (2 c) then the winner is who scored the "
           "point in fewest moves. Two level: Armageddon (1 b).")),
    "4": (("(3) Eliminatória 1x4, 2x3 pela ordem de desempate ({t}), matches de 2 partidas (1 a), "
           "Armagedom se empatar; perdedores da mesma fase dividem (f).",
           "(3) Knockout 1v4, 2v3 in HT order ({t}), two-game matches (1 a), Armageddon if level; "
           "losers of the same round share (f)."),),
    "4-arm": (("(3) Eliminatória 1x4, 2x3 pela ordem de desempate ({t}), partidas Armagedom (1 b); "
               "perdedores da mesma fase dividem (f).",
               "(3) Knockout 1v4, 2v3 in HT order ({t}), Armageddon games (1 b); "
               "losers of the same round share (f)."),),
    "5": ((f"(4) Round robin de uma partida, {_R[0]}; números 1-5 = {{num}} (desempate 1, 4, 2, 5, 3).",
           f"(4) One-game round robin, {_R[1]}; pairing numbers 1-5 = {{num}} (HT 1, 4, 2, 5, 3)."),
          ("Empate no 1º lugar: cinco, menos lances nas partidas vencidas; quatro, eliminatória com "
           "Armagedom; três, como para 3; dois, Armagedom.",
           "Tie for first: five, fewest moves in the games won; four, knockout by Armageddon; three, "
           "as for 3; two, Armageddon.")),
    "6": (("(5) Seções {secs}; cada uma como para 3; os vencedores jogam Armagedom (1 b).",
           "(5) Sections {secs}; each as for 3; the winners play Armageddon (1 b)."),),
    "7": (("(6) Round robin Armagedom; números 1-7 = {num} (desempate 1, 5, 2, 6, 3, 7, 4); "
           "empate no 1º lugar: menos lances.",
           "(6) Armageddon round robin; pairing numbers 1-7 = {num} (HT 1, 5, 2, 6, 3, 7, 4); "
           "a tie for first by fewest moves."),),
    "8": (("(7) Eliminatória 1x8, 2x7, 3x6, 4x5 pela ordem de desempate ({t}), partidas Armagedom "
           "(1 b); perdedores da mesma fase dividem (f).",
           "(7) Knockout 1v8, 2v7, 3v6, 4v5 in HT order ({t}), Armageddon games (1 b); "
           "losers of the same round share (f)."),),
    "9": (("(8) Grupos {secs}, round robin Armagedom (2 b); os três vencedores jogam como 2 b [nosso].",
           "(8) Groups {secs}, Armageddon round robin (2 b); the three winners play as 2 b [ours]."),),
    "10": (("(9) Seções {secs} [nosso: em serpentina]; cada uma como para 5; os vencedores jogam "
            "Armagedom (1 b).",
            "(9) Sections {secs} [ours: snake order]; each as for 5; the winners play Armageddon (1 b)."),),
    "11+": (("(10) Do 9º em diante pelo desempate, eliminados, dividem: {elim}. Os oito restantes "
             "jogam como para 8.",
             "(10) Ninth and lower by HT are eliminated and share: {elim}. The other eight play as "
             "for 8."),),
}
_ALWAYS = ("Cores por sorteio fora das tabelas Berger (j); colocações secundárias seguem o playoff (e); "
           "empatados dividem (f).",
           "Colours by lot except on Berger tables (j); subsidiary places follow the playoff (e); "
           "players still level share (f).")


def plan_steps(fmt: str, tied: Sequence[int], matches: bool, arm_only: bool) -> tuple[tuple[str, str], ...]:
    """The plan in words (pt, en), citing the row of FIDE-GR "Playoff" (k)."""
    n = len(tied)
    key = fmt + ("-arm" if (fmt == "2" and arm_only) or (fmt == "4" and (arm_only or not matches)) else "")
    fill = {"t": ", ".join(map(str, tied)), "elim": ", ".join(map(str, tied[8:])),
            "num": ", ".join(map(str, seat_numbers(tied, _NUMBERS[n]))) if n in _NUMBERS else "",
            "secs": " / ".join(f"({', '.join(str(tied[i]) for i in idx)})" for idx in _SECTIONS.get(n, ()))}
    return tuple((pt.format(**fill), en.format(**fill)) for pt, en in _STEPS[key]) + (_ALWAYS,)
