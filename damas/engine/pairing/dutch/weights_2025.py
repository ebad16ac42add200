"""Edge weights of one pairing bracket under the 2025 Dutch rules (C.04.3 2025 edition, in
force for FIDE-rated events from 1 February 2026), packed into one exact integer.

Fields from the most significant down, each wide enough that its sum over a matching never
reaches the field above (comparing weights compares the criteria in priority order):

* C4 completion with C2/C5 (the pairing-allocated bye goes to an eligible player of the
  lowest possible score), only when every player still unpaired is in the matching;
* C6 pairs in the bracket; C7 the scores of the downfloaters, highest first (each score
  owns a bit group: pairing a player of a higher score always wins);
* C8 pairs and scores of the next bracket (the choice of downfloaters);
* C9 unplayed games of the bye assignee, in the bracket whose one downfloater gets the bye;
* C10-C13 colour criteria; C14-C17 repeated floats; C18-C21 their scores;
* room for the exchange order of C.04.3 2025 Art. 4.2-4.3 (filled by `dutch.bracket`).

The same interface as the 2017 `BracketWeights`, so `dutch.bracket` and `dutch.shortcuts`
pair with either. `players` is the bracket (MDPs first, then residents), the next score
group from `nsgb`, and, from `nrest`, the players below it when C4 needs them.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from damas.engine.pairing.dutch.colors import colour_criteria, compatible
from damas.engine.pairing.dutch.players import DOWN, UP, DPlayer, RoundContext


def _bits(x: int) -> int:
    return x.bit_length()


@dataclass
class BracketWeights2025:
    """Weights for `players` = moved-down players + resident score group + next group
    (+ the rest). `special`: nothing follows the bracket, or the rest is included; `final`:
    the next group is the last one. `c9`: the bracket's single downfloater gets the bye."""

    players: list[DPlayer]
    sgb: int
    nsgb: int
    special: bool
    final: bool
    ctx: RoundContext
    nrest: int = -1
    c9: bool = False

    def __post_init__(self) -> None:
        ps = self.players
        if self.nrest < 0:
            self.nrest = len(ps)
        # C4/C5 decide the matching only when every unpaired player is in it.
        self.top = self.special or self.final or self.nrest < len(ps)
        counts = Counter(p.score for p in ps)
        self._unit: dict[int, int] = {}
        total = 0
        for score in sorted(counts):
            self._unit[score] = 1 << total
            total += _bits(counts[score])
        self.sds = total
        self.pcb = _bits(self.nsgb - self.sgb)
        self.npcb = _bits(self.nrest - self.nsgb)
        bye_score = self.ctx.bye_score
        self.c9b = _bits(sum(p.unplayed for p in ps if p.score == bye_score)) if self.c9 else 0
        self.room = 3 * self.pcb + 1
        # Width below the C8 fields: C9, four colour bits, then 2 x (2 float counts + 2 scores)
        # per round looked back.
        back = min(self.ctx.played_rounds, 2)
        self._low = self.c9b + 4 * self.pcb + back * 2 * (self.pcb + self.sds) + self.room

    def _c9(self, p: DPlayer) -> int:
        """C9: a paired player of the bye score counts his unplayed games, so the one left
        unpaired (the bye assignee) has the fewest."""
        return p.unplayed if self.c9 and p.score == self.ctx.bye_score else 0

    def sink_weight(self, i: int) -> int:
        """Weight of player i floating into the next group, as its pair there would score
        (C4/C5 and C8 fields), used when the next group itself is left out (dutch.bracket)."""
        h = self.players[i]
        r = (1 + (not h.elig_bye)) if self.top else 0
        r = (r << self.pcb) << self.sds  # C6, C7: not a pair of this bracket
        r = ((r << self.npcb) | 1) << self.sds
        r += self._unit[h.score]
        r = (r << self.c9b) + self._c9(h)
        return r << (self._low - self.c9b)

    def weight(self, i: int, j: int) -> int:
        """Weight of pairing players i < j (0 when C1/C3 forbid it)."""
        h, lo = self.players[i], self.players[j]
        if not compatible(h, lo, self.ctx):
            return 0
        lin = j < self.nsgb  # a pair of this bracket
        lnext = self.nsgb <= j < self.nrest  # a pair of the next bracket (C8)
        unit = self._unit
        pcb, sds = self.pcb, self.sds
        # C4 completion, C2/C5 bye assignee (elig_bye already holds C5's score limit).
        r = (1 + (not h.elig_bye) + (not lo.elig_bye)) if self.top else 0
        r = (r << pcb) | lin  # C6
        r <<= sds
        if lin:
            r += unit[h.score]  # C7: the higher player of a pair does not float
        r = (r << self.npcb) | lnext  # C8: pairs of the next bracket
        r <<= sds
        if lnext:
            r += unit[h.score]  # C8: scores paired in the next bracket
        r = (r << self.c9b) + self._c9(h) + self._c9(lo)  # C9
        # C10-C13 colours; the lower player is "player", the higher "opponent".
        for met in colour_criteria(lo, h):
            r = (r << pcb) | (lin and met)
        played = self.ctx.played_rounds
        higher_score = h.score > lo.score
        for back in (1, 2):  # C14-C17
            if played < back:
                continue
            hf = h.float1 if back == 1 else h.float2
            lf = lo.float1 if back == 1 else lo.float2
            r <<= pcb
            if lin:  # C14/C16: a resident with that downfloat does not float again
                r += (lf == DOWN) + (h.score <= lo.score and hf == DOWN)
            # C15/C17: an MDP's opponent with that upfloat
            r = (r << pcb) | (lin and not (higher_score and lf == UP))
        for back in (1, 2):  # C18-C21
            if played < back:
                continue
            hf = h.float1 if back == 1 else h.float2
            lf = lo.float1 if back == 1 else lo.float2
            r <<= sds
            if lin:  # C18/C20: scores of paired players with that downfloat
                if lf == DOWN:
                    r += unit[lo.score]
                if hf == DOWN:
                    r += unit[h.score]
            r <<= sds
            if lin and not (higher_score and lf == UP):  # C19/C21
                r += unit[h.score]
        return r << self.room
