"""The matching kernel against brute force on small random graphs (hypothesis)."""
from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.pairing.matching import max_cardinality_matching, max_weight_matching


def _brute(n, weights, maxcard):
    """Best (cardinality, weight) or weight over all matchings, by exhaustive search."""
    best = None

    def rec(v, mate, card, total):
        nonlocal best
        if v == n:
            key = (card, total) if maxcard else total
            if best is None or key > best:
                best = key
            return
        if mate[v] != -1:
            rec(v + 1, mate, card, total)
            return
        rec(v + 1, mate, card, total)
        for u in range(v + 1, n):
            if mate[u] == -1 and (v, u) in weights:
                mate[v], mate[u] = u, v
                rec(v + 1, mate, card + 1, total + weights[(v, u)])
                mate[v], mate[u] = -1, -1

    rec(0, [-1] * n, 0, 0)
    return best


def _check_valid(mate, weights):
    for v, u in enumerate(mate):
        if u != -1:
            assert mate[u] == v
            assert (min(u, v), max(u, v)) in weights


@st.composite
def graphs(draw, big=False):
    n = draw(st.integers(min_value=1, max_value=8))
    weights = {}
    for i in range(n):
        for j in range(i + 1, n):
            if draw(st.booleans()):
                if big:
                    weights[(i, j)] = draw(st.integers(min_value=0, max_value=2**70)) << 40
                else:
                    weights[(i, j)] = draw(st.integers(min_value=-3, max_value=12))
    return n, weights


@settings(max_examples=300, deadline=None)
@given(graphs(), st.booleans())
def test_max_weight_matching_is_optimal(g, maxcard):
    n, weights = g
    mate = max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()], maxcard)
    _check_valid(mate, weights)
    total = sum(weights[(v, u)] for v, u in enumerate(mate) if u > v)
    card = sum(1 for v, u in enumerate(mate) if u > v)
    best = _brute(n, weights if maxcard else {k: w for k, w in weights.items() if w > 0}, maxcard)
    assert ((card, total) if maxcard else total) == best


@settings(max_examples=150, deadline=None)
@given(graphs(big=True))
def test_big_integer_weights(g):
    n, weights = g
    mate = max_weight_matching(n, [(i, j, w) for (i, j), w in weights.items()])
    _check_valid(mate, weights)
    total = sum(weights[(v, u)] for v, u in enumerate(mate) if u > v)
    assert total == _brute(n, {k: w for k, w in weights.items() if w > 0}, False)


@settings(max_examples=200, deadline=None)
@given(graphs())
def test_max_cardinality_matching(g):
    n, weights = g
    adj = [[] for _ in range(n)]
    for i, j in weights:
        adj[i].append(j)
        adj[j].append(i)
    mate = max_cardinality_matching(n, adj)
    _check_valid(mate, weights)
    card = sum(1 for v, u in enumerate(mate) if u > v)
    assert card == _brute(n, {k: 0 for k in weights}, True)[0]


def test_empty_and_trivial():
    assert max_weight_matching(3, []) == [-1, -1, -1]
    assert max_weight_matching(2, [(0, 1, 5)]) == [1, 0]
    assert max_weight_matching(3, [(0, 1, 2), (1, 2, 3)]) == [-1, 2, 1]
    assert max_weight_matching(4, [(0, 1, 5), (1, 2, 6), (2, 3, 5)]) == [1, 0, 3, 2]


@st.composite
def searches(draw):
    """A random graph, a valid matching of it grown greedily from a random subset of its
    edges, and a free root."""
    n = draw(st.integers(min_value=2, max_value=12))
    edges = [(i, j) for j in range(n) for i in range(j) if draw(st.booleans())]
    adj: list[list[int]] = [[] for _ in range(n)]
    for i, j in edges:
        adj[i].append(j)
        adj[j].append(i)
    for a in adj:
        a.sort(key=lambda v: draw(st.integers(min_value=0, max_value=3)))
    mate = [-1] * n
    for i, j in edges:
        if mate[i] == -1 and mate[j] == -1 and draw(st.booleans()):
            mate[i], mate[j] = j, i
    free = [v for v in range(n) if mate[v] == -1]
    if not free:  # unpair the first pair
        j = mate[0]
        mate[0] = mate[j] = -1
        free = [0, j]
    return n, adj, mate, draw(st.sampled_from(free))


@settings(max_examples=400, deadline=None)
@given(searches())
def test_augment_from_pairs_a_free_neighbour_as_the_search_would(g):
    """`augment_from` takes a root's first free neighbour directly: the same matching (and
    answer) as the full augmenting-path search."""
    from damas.engine.pairing.matching.cardinality import _search, augment_from

    n, adj, mate, root = g
    fast, slow = list(mate), list(mate)
    out_fast: list[int] = []
    out_slow: list[int] = []
    assert augment_from(root, n, adj.__getitem__, fast, out_fast) == \
        _search(root, n, adj.__getitem__, slow, out_slow)
    assert fast == slow
    assert sorted(out_fast) == sorted(out_slow)
