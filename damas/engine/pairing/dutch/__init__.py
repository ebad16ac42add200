"""FIDE Dutch system (C.04.3), one registered system per edition (`dutch.editions`):
`dutch` the Baku 2016 rules with the 2017 programmers' guidelines, `dutch-2025` the 2025
edition.

`DutchSystem.pair` builds the players' pairing view (`dutch.players`), pairs bracket by
bracket (`dutch.bracket` for 2017, `dutch.bracket_2025`; criteria as exact integer weights in
`dutch.weights` / `dutch.weights_2025`), allocates colours by E.1-E.5 (2025: 5.2.1-5.2.5,
the same rules; `dutch.colors`) and orders the boards by C.04.2 #9.
"""
from __future__ import annotations

from damas.engine.pairing.base import PairingRequest, PairingSystem, register
from damas.engine.pairing.dutch.colors import colour_of
from damas.engine.pairing.dutch.editions import DUTCH_2017, EDITIONS, DutchEdition
from damas.engine.pairing.dutch.players import WHITE, DPlayer, build_players
from damas.engine.types import Pairing

__all__ = ["DutchSystem", "dutch_pairs"]


def dutch_pairs(request: PairingRequest, edition: DutchEdition = DUTCH_2017,
                ) -> tuple[list[tuple[int, int]], int | None]:
    """(white, black) starting numbers of every board, in board order, and the bye (or None)."""
    players, ctx, _ = build_players(request, edition.rules)
    pairs, bye = edition.pair_round(players, ctx)
    boards: list[tuple[tuple[int, int, int], int, int]] = []
    for a, b in pairs:
        lo, hi = (a, b) if a.no < b.no else (b, a)
        if colour_of(lo, hi, ctx) == WHITE:
            white, black = lo, hi
        else:
            white, black = hi, lo
        boards.append((_board_key(a, b), white.no, black.no))
    boards.sort()
    return [(w, b) for _, w, b in boards], (bye.no if bye else None)


def _board_key(a: DPlayer, b: DPlayer) -> tuple[int, int, int]:
    """C.04.2 #9: score of the higher-placed player, then the sum of scores (here: the lower
    player's score), then the higher-placed player's rank. Unaccelerated scores."""
    hi, lo = (a, b) if (a.raw_score, -a.rank) >= (b.raw_score, -b.rank) else (b, a)
    return (-hi.raw_score, -lo.raw_score, hi.rank)


class DutchSystem(PairingSystem):
    """The Dutch system under one edition of C.04.3."""

    family = "dutch"  # every edition is a Dutch Swiss to the rest of the system (base.family_of)
    family_name_pt = "Suíço holandês FIDE"
    family_name_en = "FIDE Dutch Swiss"

    def __init__(self, edition: DutchEdition) -> None:
        self.edition = edition
        self.code = edition.code
        self.name_pt = edition.name_pt
        self.name_en = edition.name_en
        self.article = edition.article

    def pair(self, request: PairingRequest) -> list[Pairing]:
        """Boards in C.04.2 #9 order; the pairing-allocated bye last as Pairing(n, no, None)."""
        boards, bye = dutch_pairs(request, self.edition)
        out = [Pairing(board=k + 1, white=w, black=b) for k, (w, b) in enumerate(boards)]
        if bye is not None:
            out.append(Pairing(board=len(out) + 1, white=bye, black=None))
        return out


for _edition in EDITIONS.values():
    register(DutchSystem(_edition))
