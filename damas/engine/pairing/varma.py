"""Restricted drawing of pairing numbers by the Varma tables (FIDE-GR "Pairings" g, h; RULES.md §3).

So that players of one federation (or club) meet early, the numbers of a Berger table are
split into groups A-D ("large envelopes"). FIDE-GR "Direction for restricted drawing":

1. each number is in an unmarked envelope; the envelopes of a group are in a larger envelope;
2. players draw in this order: the federation with the most representatives first, equal
   contingents by the alphabetical order of the federation code, inside a federation by the
   alphabetical order of the names;
3. the first player of a contingent chooses a large envelope "containing at least enough
   numbers for his contingent" and draws a number; his team-mates draw from the same
   envelope; the numbers that remain are available to the other players.

Decisions where the text is silent **[ours]**: the choice of an envelope is a lot among the
envelopes that still hold enough numbers; if none does, among those with the most numbers
left, and the rest of the contingent goes on in another envelope chosen the same way. A
player without a federation/club code is a contingent of one. With an odd field (9, 11, ...,
23) the number n+1 (the bye of the Berger table) is not drawn. Every lot uses
`random.Random(seed)` so the draw can be replayed and audited.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from damas.engine.types import EngineError, Entrant

# FIDE-GR "Pairings" h, item 5: table size (even) -> groups A-D.
VARMA_TABLE: Mapping[int, Mapping[str, tuple[int, ...]]] = {
    10: {"A": (3, 4, 8), "B": (5, 7, 9), "C": (1, 6), "D": (2, 10)},
    12: {"A": (4, 5, 9, 10), "B": (1, 2, 7), "C": (6, 8, 12), "D": (3, 11)},
    14: {"A": (4, 5, 6, 11, 12), "B": (1, 2, 8, 9), "C": (7, 10, 13), "D": (3, 14)},
    16: {"A": (5, 6, 7, 12, 13, 14), "B": (1, 2, 3, 9, 10), "C": (8, 11, 15), "D": (4, 16)},
    18: {"A": (5, 6, 7, 8, 14, 15, 16), "B": (1, 2, 3, 10, 11, 12), "C": (9, 13, 17), "D": (4, 18)},
    20: {
        "A": (6, 7, 8, 9, 15, 16, 17, 18),
        "B": (1, 2, 3, 11, 12, 13, 14),
        "C": (5, 10, 19),
        "D": (4, 20),
    },
    22: {
        "A": (6, 7, 8, 9, 10, 17, 18, 19, 20),
        "B": (1, 2, 3, 4, 12, 13, 14, 15),
        "C": (11, 16, 21),
        "D": (5, 22),
    },
    24: {
        "A": (6, 7, 8, 9, 10, 11, 19, 20, 21, 22),
        "B": (1, 2, 3, 4, 13, 14, 15, 16, 17),
        "C": (12, 18, 23),
        "D": (5, 24),
    },
}

MIN_PLAYERS, MAX_PLAYERS = 9, 24


def varma_groups(n: int) -> dict[str, tuple[int, ...]]:
    """Groups A-D for n players (9-24); an odd field drops the number n+1 (the bye)."""
    if not MIN_PLAYERS <= n <= MAX_PLAYERS:
        raise EngineError(f"the Varma tables cover {MIN_PLAYERS} to {MAX_PLAYERS} players, not {n}")
    size = n + n % 2
    return {g: tuple(x for x in nums if x <= n) for g, nums in VARMA_TABLE[size].items()}


def contingent_of(entrant: Entrant, by: str = "federation") -> str:
    """The federation (or club) code that groups an entrant; '' when he has none."""
    if by not in ("federation", "club"):
        raise EngineError(f"Varma contingents are by 'federation' or 'club', not {by!r}")
    return (entrant.federation if by == "federation" else entrant.club).strip().upper()


def _name_key(e: Entrant) -> tuple[str, int]:
    return (e.name.casefold(), e.start_no)


def drawing_order(entrants: Sequence[Entrant], by: str = "federation") -> list[list[Entrant]]:
    """Contingents in drawing order, each with its players in drawing order (item 2)."""
    groups: dict[str, list[Entrant]] = {}
    singles: list[Entrant] = []
    for e in entrants:
        code = contingent_of(e, by)
        if code:
            groups.setdefault(code, []).append(e)
        else:
            singles.append(e)
    # a player without a code is a contingent of one, after the coded ones of size 1, by name
    keyed = [((-len(v), 0, code, ""), sorted(v, key=_name_key)) for code, v in groups.items()]
    keyed += [((-1, 1, "", e.name.casefold()), [e]) for e in singles]
    return [players for _, players in sorted(keyed, key=lambda kv: kv[0])]


@dataclass(frozen=True, slots=True)
class DrawStep:
    """One line of the drawing protocol: who drew, from which envelope, which number."""

    step: int
    start_no: int
    name: str
    contingent: str  # federation/club code, '' for a player without one
    envelope: str  # group letter A-D
    number: int
    chose_envelope: bool  # True when this player chose the large envelope by lot
    envelope_choices: tuple[str, ...]  # the envelopes he could choose from (when he chose)

    def text(self, lang: str = "pt") -> str:
        """The step as a sentence for the protocol page."""
        who = f"{self.name} ({self.contingent})" if self.contingent else self.name
        if lang == "en":
            chose = (
                f" chose envelope {self.envelope} (of {', '.join(self.envelope_choices)}) and"
                if self.chose_envelope
                else f" drew from envelope {self.envelope}:"
            )
            return f"{self.step}. {who}{chose} drew number {self.number}."
        chose = (
            f" escolheu o envelope {self.envelope} (entre {', '.join(self.envelope_choices)}) e"
            if self.chose_envelope
            else f" tirou do envelope {self.envelope}:"
        )
        return f"{self.step}. {who}{chose} tirou o número {self.number}."


@dataclass(frozen=True)
class VarmaDraw:
    """The result of a restricted drawing: numbers by starting number and the protocol."""

    seed: int
    players: int
    groups: Mapping[str, tuple[int, ...]]
    assignment: Mapping[int, int]  # start_no -> pairing number
    steps: tuple[DrawStep, ...]

    def protocol(self, lang: str = "pt") -> list[str]:
        return [s.text(lang) for s in self.steps]


def _choose_envelope(
    free: Mapping[str, list[int]], need: int, rng: random.Random
) -> tuple[str, tuple[str, ...]]:
    """Item 3: an envelope with at least `need` numbers left, by lot; else one with the most [ours]."""
    enough = tuple(g for g in sorted(free) if len(free[g]) >= need)
    if not enough:
        most = max(len(v) for v in free.values())
        enough = tuple(g for g in sorted(free) if len(free[g]) == most)
    return rng.choice(enough), enough


def varma_draw(entrants: Sequence[Entrant], seed: int, by: str = "federation") -> VarmaDraw:
    """Draw pairing numbers for `entrants` (9-24) by the Varma tables with `random.Random(seed)`."""
    n = len(entrants)
    groups = varma_groups(n)
    if len({e.start_no for e in entrants}) != n:
        raise EngineError("duplicate starting numbers in the Varma draw")
    rng = random.Random(seed)
    free = {g: sorted(nums) for g, nums in groups.items()}
    assignment: dict[int, int] = {}
    steps: list[DrawStep] = []
    for contingent in drawing_order(entrants, by):
        envelope, choices = "", ()
        for i, e in enumerate(contingent):
            chose = not envelope or not free[envelope]
            if chose:
                open_envelopes = {g: v for g, v in free.items() if v}
                envelope, choices = _choose_envelope(open_envelopes, len(contingent) - i, rng)
            number = rng.choice(free[envelope])
            free[envelope].remove(number)
            assignment[e.start_no] = number
            steps.append(
                DrawStep(
                    step=len(steps) + 1,
                    start_no=e.start_no,
                    name=e.name,
                    contingent=contingent_of(e, by),
                    envelope=envelope,
                    number=number,
                    chose_envelope=chose,
                    envelope_choices=choices if chose else (),
                )
            )
    return VarmaDraw(seed=seed, players=n, groups=groups, assignment=assignment, steps=tuple(steps))
