"""Edge weights of one pairing bracket: the C.04.3 criteria packed into one exact integer.

Fields from the most significant down (each wide enough that its sum over a matching never
reaches the field above, so comparing weights compares the criteria in priority order):

* completion and bye eligibility (C.4, C.2), only in the last brackets;
* C.5 pairs in the bracket, C.6 pairing score differences (PSD, compared lexicographically
  from the largest difference: each distinct difference owns a bit group);
* C.7 pairs and PSD of the next bracket (the choice of downfloaters);
* C.8-C.11 colour criteria, C.12-C.15 repeated floats, C.16-C.19 their score differences;
* room for the exchange order of C.04.3 B.2-B.3 (filled by `dutch.bracket`).
"""
from __future__ import annotations

from dataclasses import dataclass

from damas.engine.pairing.dutch.colors import compatible, invert, prefs_compatible
from damas.engine.pairing.dutch.players import DOWN, UP, DPlayer, RoundContext


def _bits(x: int) -> int:
    return x.bit_length()


@dataclass
class BracketWeights:
    """Weights for `players` = moved-down players + resident score group + next group."""

    players: list[DPlayer]
    sgb: int  # first resident (number of MDPs)
    nsgb: int  # first player of the next group
    special: bool
    final: bool
    ctx: RoundContext
    c9 = False  # no C9 (bye assignee's unplayed games) in the 2017 rules; see dutch.weights_2025

    def __post_init__(self) -> None:
        ps, one = self.players, self.ctx.one_point
        self.min_score = ps[-1].score
        diffs: list[int] = []
        # Positions where the score drops inside the bracket (players are sorted by score).
        drops = [j for j in range(self.sgb + 1, self.nsgb) if ps[j].score < ps[j - 1].score]
        for i in range(self.nsgb):
            diffs.append(ps[i].score - self.min_score + one)
            first = max(self.sgb, i + 1)
            if first < self.nsgb:
                diffs.append(ps[i].score - ps[first].score)
                diffs.extend(ps[i].score - ps[j].score for j in drops if j > first)
        diffs.sort()
        self.shift: dict[int, int] = {}
        total = 0
        k = 0
        while k < len(diffs):
            m = k
            while m < len(diffs) and diffs[m] == diffs[k]:
                m += 1
            self.shift[diffs[k]] = total
            total += _bits(m - k)
            k = m
        self.sds = total
        self.pcb = _bits(self.nsgb - self.sgb)
        self.npcb = _bits(len(ps) - self.nsgb)
        self.room = 3 * self.pcb + 1
        self._sd = {d - one + self.min_score: 1 << sh for d, sh in self.shift.items()}
        self._pd = {d: 1 << sh for d, sh in self.shift.items()}

    def sd(self, score: int) -> int:
        """1 << shift of a downfloater's score difference (to a virtual player 1 point below)."""
        return self._sd[score]

    def pd(self, a: int, b: int) -> int:
        return self._pd[a - b]

    def sink_weight(self, i: int) -> int:
        """Weight of player i floating into the next group, as its pair there would score
        (C.7 fields only), used when the next group itself is left out (see dutch.bracket)."""
        h = self.players[i]
        pcb, sds = self.pcb, self.sds
        r = 0
        if self.final:
            r = 1 + (not h.elig_bye)
        else:
            r = 1
        r <<= sds
        r += self.sd(h.score)
        played = self.ctx.played_rounds
        r <<= 4 * pcb + min(played, 2) * 2 * (pcb + sds)
        return r << self.room

    def weight(self, i: int, j: int) -> int:
        """Base weight of pairing players i < j (0 when C.1/C.3 forbid it)."""
        h, lo = self.players[i], self.players[j]
        ctx = self.ctx
        if not compatible(h, lo, ctx):
            return 0
        lin = j < self.nsgb
        hin = i < self.nsgb
        pcb, sds = self.pcb, self.sds
        r = (1 + (not h.elig_bye) + (not lo.elig_bye)) if self.special else 0
        r = (r << pcb) | lin
        r <<= sds
        if lin:
            r += self.sd(h.score) + self.sd(lo.score) - self.pd(h.score, lo.score)
        if not self.special:
            if self.final:
                r <<= max(pcb, self.npcb) + 3
                r += 1 + (not h.elig_bye) + (not lo.elig_bye)
            else:
                r = (r << self.npcb) | (not lin)
            r <<= sds
            if hin:
                r += self.sd(h.score)
            if lin:
                r += self.sd(lo.score)
        # C.8-C.11 colours; the lower player is "player", the higher "opponent".
        p, o = lo, h
        r = (r << pcb) | (lin and (not p.abs_imbalance or not o.abs_imbalance or p.pref != o.pref))
        if lin:
            if not p.absolute or not o.absolute or p.pref != o.pref:
                bit = True
            elif p.imbalance == o.imbalance:
                bit = p.repeated is None or p.repeated != o.repeated
            else:
                bit = (o if p.imbalance > o.imbalance else p).repeated != invert(p.pref)
        else:
            bit = False
        r = (r << pcb) | bit
        r = (r << pcb) | (lin and prefs_compatible(p.pref, o.pref))
        r = (r << pcb) | (lin and (
            (not p.strong and not p.absolute) or (not o.strong and not o.absolute)
            or (p.absolute and o.absolute) or p.pref != o.pref))
        played = ctx.played_rounds
        higher_score = h.score > lo.score
        for back in (1, 2):
            if played < back:
                continue
            hf = h.float1 if back == 1 else h.float2
            lf = lo.float1 if back == 1 else lo.float2
            r <<= pcb
            if lin:
                r += (lf == DOWN) + (h.score <= lo.score and hf == DOWN)
            r <<= pcb
            if lin and higher_score and lf == UP:
                r -= 1
        for back in (1, 2):
            if played < back:
                continue
            hf = h.float1 if back == 1 else h.float2
            lf = lo.float1 if back == 1 else lo.float2
            r <<= sds
            if lin:
                if lf == DOWN:
                    r += self.sd(lo.score)
                if hf == DOWN:
                    r += self.sd(h.score)
                    if higher_score:
                        r -= self.pd(h.score, lo.score)
            r <<= sds
            if lin and lf == UP and higher_score:
                r -= self.pd(h.score, lo.score)
        return r << self.room


def colours_all_met(h: DPlayer, lo: DPlayer) -> bool:
    """True when a pair scores on all four colour criteria C.8-C.11 (see `weight`)."""
    p, o = lo, h
    if p.abs_imbalance and o.abs_imbalance and p.pref == o.pref:
        return False
    if p.absolute and o.absolute and p.pref == o.pref:
        return False
    if not prefs_compatible(p.pref, o.pref):
        return False
    return (not p.strong and not p.absolute) or (not o.strong and not o.absolute) or (
        p.absolute and o.absolute) or p.pref != o.pref
