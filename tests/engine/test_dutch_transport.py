"""`dutch.transport`: the S1-S2 optimum from the players' profiles equals the blossom kernel's
(same weight, optimal duals, hence the same pairing once `dutch.lex` refines it), or gives up."""
from __future__ import annotations

import random

import pytest

from damas.engine.pairing.dutch.lex import bipartite_optimum, lex_refine
from damas.engine.pairing.dutch.transport import profile_optimum
from damas.engine.pairing.matching import matching_weight


def _graph(seed: int):
    rng = random.Random(seed)
    n1, n2 = rng.randint(2, 30), rng.randint(2, 30)
    k1, k2 = rng.randint(1, 4), rng.randint(1, 4)
    cls = {v: rng.randrange(k1) for v in range(n1)}
    cls.update({v: rng.randrange(k2) for v in range(n1, n1 + n2)})
    table = {(a, b): rng.choice([0, 1, 5, 1 << 70, (1 << 70) + 3]) for a in range(k1) for b in range(k2)}
    met = rng.random() * 0.3  # players who have met: missing edges inside a profile pair
    weights = {}
    for u in range(n1):
        for v in range(n1, n1 + n2):
            w = table[(cls[u], cls[v])]
            if w and rng.random() >= met:
                weights[(u, v)] = w
    return n1 + n2, weights, set(range(n1)), cls


@pytest.mark.parametrize("seed", range(300))
def test_profile_optimum_is_an_optimum_with_optimal_duals(seed):
    n, weights, left, cls = _graph(seed)
    found = profile_optimum(n, weights, left, cls)
    mate_ref, duals_ref = bipartite_optimum(n, weights)
    if found is None:
        return  # no proof: the caller runs the kernel
    mate, duals = found
    assert matching_weight(mate, weights) == matching_weight(mate_ref, weights)
    assert all(d >= 0 for d in duals)
    assert all(duals[u] + duals[v] >= 2 * w for (u, v), w in weights.items())
    assert all(mate[v] != -1 for v in range(n) if duals[v] > 0)
    # The same pairing once refined in transposition order (what the Dutch engine keeps).
    higher = sorted(left)
    assert lex_refine(higher, weights, list(mate), duals) == lex_refine(higher, weights, list(mate_ref), duals_ref)


def test_profile_optimum_proves_the_common_case():
    """Few profiles and nobody has met: the proof always works (the big remainders)."""
    left = set(range(40))
    cls = {v: v % 3 for v in range(80)}
    weights = {(u, v): (1 << 60) * (1 + (cls[u] + cls[v]) % 3) for u in left for v in range(40, 80)}
    found = profile_optimum(80, weights, left, cls)
    assert found is not None
    mate_ref, _ = bipartite_optimum(80, weights)
    assert matching_weight(found[0], weights) == matching_weight(mate_ref, weights)
