"""The speed-ups of the Dutch bracket procedure give exactly the plain procedure's pairings.

`dutch.sink` (the next score group reduced to one vertex with a gain per floater),
`dutch.certify` (moved-down players' opponents and the remainder proved optimal by LP duality)
and the profile cache of the weights only skip work (issue 19, point 3): every round must come
out as with `dutch.bracket.FAST` off, on tournaments shaped to reach them (a huge score group
above a tiny one, many draws, half-point byes). The counters make sure they were reached.
"""
from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import damas.engine.pairing.dutch.bracket as bracket
import damas.engine.pairing.dutch.bracket_2025 as bracket_2025
import damas.engine.pairing.dutch.certify as certify
from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.dutch.certify import certificates
from damas.engine.pairing.dutch.colors import compatible
from damas.engine.pairing.dutch.lex import bipartite_optimum
from damas.engine.pairing.matching import matching_weight, max_weight_matching
from damas.engine.pairing.matching.cardinality import _search
from damas.engine.types import Color, EngineError, Entrant, Outcome, RoundResult, TournamentState

DUTCH = get_system("dutch")


def _play(boards, results, rnd, rng, draw_rate, single_draw):
    for b in boards:
        if b.black is None:
            results[b.white].append(RoundResult(rnd, Outcome.PAIRING_BYE))
            continue
        x = rng.random()
        if single_draw:
            ow = Outcome.DRAW if b.board == 1 else Outcome.WIN
        elif x < draw_rate:
            ow = Outcome.DRAW
        else:
            ow = Outcome.WIN if x < draw_rate + (1 - draw_rate) / 2 else Outcome.LOSS
        results[b.white].append(RoundResult(rnd, ow, b.black, Color.WHITE))
        results[b.black].append(RoundResult(rnd, ow.mirror, b.white, Color.BLACK))


def _tournament(seed: int, shape: str, hits: dict[str, int], monkeypatch, system=DUTCH) -> None:
    rng = random.Random(seed)
    n = rng.randint(12, 44)
    total = rng.randint(3, 7)
    entrants = tuple(Entrant(start_no=i + 1, name=f"P{i + 1}") for i in range(n))
    results: dict[int, list[RoundResult]] = {i + 1: [] for i in range(n)}
    for rnd in range(1, total + 1):
        half = {p for p in results if rng.random() < 0.15} if shape == "half-byes" else set()
        state = TournamentState(entrants, {k: tuple(v) for k, v in results.items()}, total)
        request = PairingRequest(state=state, round_no=rnd,
                                 requested_byes={p: Outcome.HALF_BYE for p in half})
        try:
            fast = system.pair(request)
        except EngineError:
            return
        monkeypatch.setattr(bracket, "FAST", False)
        plain = system.pair(request)
        monkeypatch.setattr(bracket, "FAST", True)
        assert fast == plain, (seed, shape, rnd)
        _play(fast, results, rnd, rng, 0.6 if shape == "draws" else 0.2,
              shape == "huge-over-tiny" and rnd == 1)
        for p in half:
            results[p].append(RoundResult(rnd, Outcome.HALF_BYE))


def test_sink_and_certified_mdps_give_the_plain_pairings(monkeypatch):
    hits = {"sink": 0, "certified": 0}
    real_sink, real_cert = bracket.sink_edges, bracket.certified_mdps

    def sink(bw, mp):
        out = real_sink(bw, mp)
        hits["sink"] += out is not None and len(set(out.values())) > 1
        return out

    def cert(bw, base, m):
        out = real_cert(bw, base, m)
        hits["certified"] += out is not None
        return out

    monkeypatch.setattr(bracket, "sink_edges", sink)
    monkeypatch.setattr(bracket, "certified_mdps", cert)
    for seed in range(12):
        for shape in ("huge-over-tiny", "random", "draws", "half-byes"):
            _tournament(seed, shape, hits, monkeypatch)
    # Both proofs were used (else this test would prove nothing about them).
    assert hits["sink"] > 0
    assert hits["certified"] > 0


def test_lifted_profile_duals_prove_mdps_as_the_plain_procedure(monkeypatch):
    """The MDP proof's first pass (the remainder's profile duals lifted by the MDP's edges,
    `certify.lifted_bipartite`) gives the plain procedure's pairings, in both editions."""
    hits = {"lifted": 0}
    real = certify._attempt

    def attempt(bw, base, m, j0, higher, lifted=False, hint=None):
        out = real(bw, base, m, j0, higher, lifted, hint)
        hits["lifted"] += bool(lifted and out)
        return out

    monkeypatch.setattr(certify, "_attempt", attempt)
    for seed in range(8):
        for shape in ("random", "draws", "half-byes"):
            for system in (DUTCH, get_system("dutch-2025")):
                _tournament(100 + seed, shape, hits, monkeypatch, system)
    assert hits["lifted"] > 0


def test_2025_next_bracket_pairs_as_the_augmenting_searches(monkeypatch):
    """`_next_bracket_pairs` pairs a vertex with a free neighbour without a search: the same
    pairs as one augmenting-path search per vertex (the C8 probe depends on them)."""
    calls = {"n": 0}
    real = bracket_2025._next_bracket_pairs

    def reference(bw, local):
        paired = {v for pr in local for v in pr}
        floaters = [k for k in range(bw.nsgb) if k not in paired]
        verts = floaters + list(range(bw.nsgb, bw.nrest))
        ps, nf = bw.players, len(floaters)
        adj = [[b for b in range(len(verts)) if b != a and (a >= nf or b >= nf)
                and compatible(ps[verts[a]], ps[verts[b]], bw.ctx)] for a in range(len(verts))]
        mate = [-1] * len(verts)
        for a in range(len(verts)):
            if mate[a] == -1:
                _search(a, len(verts), adj.__getitem__, mate)
        return [(verts[a], verts[b]) for a, b in enumerate(mate) if a < b]

    def checked(bw, local):
        out = real(bw, local)
        assert out == reference(bw, local)
        calls["n"] += 1
        return out

    monkeypatch.setattr(bracket_2025, "_next_bracket_pairs", checked)
    for seed in range(10):
        for shape in ("random", "draws", "half-byes"):
            _tournament(200 + seed, shape, {}, monkeypatch, get_system("dutch-2025"))
    assert calls["n"] > 0


@st.composite
def remainders(draw):
    """A random remainder: S1 (first half) and S2, pair weights of a few sizes (ties as in
    a score group), optionally a sink meeting some of the players."""
    n = draw(st.integers(min_value=2, max_value=9))
    rp = n // 2
    sink = draw(st.booleans()) or n % 2 == 1
    m = n + (1 if sink else 0)
    weights: dict[tuple[int, int], int] = {}
    for j in range(n):
        for i in range(j):
            if draw(st.integers(min_value=0, max_value=4)):
                weights[(i, j)] = 100 + draw(st.sampled_from([0, 1, 2, 8]))
        if sink and draw(st.booleans()):
            weights[(j, n)] = draw(st.sampled_from([1, 3, 5]))
    return n, rp, m, sink, weights


@settings(max_examples=300, deadline=None)
@given(remainders())
def test_certificates_only_prove_optimal_remainders(g):
    """Whenever `certificates` finds duals, the S1-S2 optimum is a general optimum."""
    n, rp, m, sink, weights = g
    rem = list(range(n))
    s1, s2 = set(rem[:rp]), set(rem[rp:])
    wb = {e: w for e, w in weights.items()
          if (e[0] in s1 and e[1] in s2) or (e[0] in s2 and e[1] == n)}
    mate, duals = bipartite_optimum(m, wb)
    side = {v: (1 if v in s1 or v == n else -1) for v in range(m)}
    if certificates(weights, duals, side, mate, n if sink else None):
        general = max_weight_matching(m, [(i, j, w) for (i, j), w in weights.items()])
        assert matching_weight(general, weights) == matching_weight(mate, wb)


def test_incompatible_sets_are_the_pairs_compatible_rejects(monkeypatch):
    """`colors.incompatible` (the neighbour lists of the cardinality checks and the weights
    loop) excludes exactly the pairs `compatible` rejects, either way round (C.1 is read
    from the first player's games, so a one-way record is planted), and gives up in the
    last rounds (C.3's topscorer exception)."""
    import damas.engine.pairing.dutch as dutch_pkg
    from damas.engine.pairing.dutch.colors import incompatible

    seen = []
    real = dutch_pkg.build_players

    def capture(request, rules):
        out = real(request, rules)
        seen.append(out[:2])
        return out

    monkeypatch.setattr(dutch_pkg, "build_players", capture)
    for seed in range(4):
        _tournament(300 + seed, "draws", {}, monkeypatch)
    checked = 0
    for players, ctx in seen:
        n = len(players)
        if n > 2:
            players[0].forbidden.add(players[1].no)
        for reverse in (False, True):
            excluded = incompatible(players, ctx, reverse)
            if ctx.played_rounds >= ctx.total_rounds - 1:
                assert excluded is None
                continue
            for v in range(n):
                expected = {u for u in range(n) if not (
                    compatible(players[u], players[v], ctx) if reverse
                    else compatible(players[v], players[u], ctx))}
                assert excluded(v) == expected
                checked += 1
    assert checked > 0
