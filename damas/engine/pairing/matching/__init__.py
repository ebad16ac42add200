"""Graph matching kernels: maximum-weight matching (`blossom`: Edmonds' blossom algorithm,
primal-dual after Galil 1986) and maximum-cardinality matching with a warm start
(`cardinality`).

They know nothing about games. Weights are Python ints of any size, so a pairing system can
pack many criteria into one exact weight (DESIGN.md principle 9); no floats are involved:
vertex duals are stored doubled, which keeps every dual an integer.
"""
from typing import Sequence

from damas.engine.pairing.matching.blossom import max_weight_matching
from damas.engine.pairing.matching.cardinality import augment_from, max_cardinality_matching

__all__ = ["max_weight_matching", "max_cardinality_matching", "augment_from", "matching_weight"]


def matching_weight(mate: Sequence[int], weights: dict[tuple[int, int], int]) -> int:
    """Sum of the weights of the matched edges (`weights` keyed by (min, max) vertex)."""
    total = 0
    for v, u in enumerate(mate):
        if u > v:
            total += weights[(v, u)]
    return total
