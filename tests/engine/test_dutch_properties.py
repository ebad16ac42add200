"""Properties of the FIDE Dutch engine over random tournaments (hypothesis).

Every round paired by the engine must respect the absolute criteria of C.04.3 (C.1 no
rematch of a played game, C.2 no second bye, C.3 colour limits except topscorers in the last
round), pair each present player exactly once (or give him the bye), and a pairing must be
produced whenever one exists (decided independently by a matching on the allowed pairs).
"""
from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.matching import max_cardinality_matching
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    EntrantStatus,
    Outcome,
    RoundResult,
    TournamentState,
)

SYSTEMS = ("dutch", "dutch-2025")  # both editions of C.04.3 share these properties
POINTS = {Outcome.WIN: 2, Outcome.DRAW: 1, Outcome.FORFEIT_WIN: 2, Outcome.PAIRING_BYE: 2,
          Outcome.HALF_BYE: 1}


def _colours(rounds):
    return [r.color for r in rounds if r.outcome.played]


def _absolute(cols):
    """A.6.a by hand: colour difference beyond +-1 or the same colour twice running."""
    diff = cols.count(Color.WHITE) - cols.count(Color.BLACK)
    if diff > 1 or (len(cols) >= 2 and cols[-1] == cols[-2] == Color.WHITE):
        return Color.BLACK
    if diff < -1 or (len(cols) >= 2 and cols[-1] == cols[-2] == Color.BLACK):
        return Color.WHITE
    return None


def _allowed(a, b, results, rnd, total):
    """C.1 and C.3 between a and b before round rnd."""
    if any(r.opponent == b and r.outcome.played for r in results[a]):
        return False
    pa, pb = _absolute(_colours(results[a])), _absolute(_colours(results[b]))
    if pa is None or pa != pb:
        return True
    top = rnd - 1  # half points: more than 50 % of the maximum
    score = lambda p: sum(POINTS.get(r.outcome, 0) for r in results[p])  # noqa: E731
    return rnd >= total and (score(a) > top or score(b) > top)


def _had_bye(rounds):
    return any(r.outcome in (Outcome.PAIRING_BYE, Outcome.FORFEIT_WIN) for r in rounds)


def _pairing_possible(players, results, rnd, total, bye_to=None):
    """A pairing meeting C.1-C.3 exists (with the bye to `bye_to` when given)."""
    n = len(players)
    size = n + (n % 2)
    adj = [[] for _ in range(size)]
    for i in range(n):
        for j in range(i + 1, n):
            if _allowed(players[i], players[j], results, rnd, total):
                adj[i].append(j)
                adj[j].append(i)
        if n % 2 and not _had_bye(results[players[i]]) and bye_to in (None, players[i]):
            adj[i].append(n)
            adj[n].append(i)
    mate = max_cardinality_matching(size, adj)
    return all(m != -1 for m in mate)


@st.composite
def tournaments(draw):
    n = draw(st.integers(min_value=2, max_value=14))
    total = draw(st.integers(min_value=1, max_value=7))
    seed = draw(st.randoms(use_true_random=False))
    return n, total, seed, draw(st.sampled_from([Color.WHITE, Color.BLACK]))


@pytest.mark.parametrize("code", SYSTEMS)
@settings(max_examples=40, deadline=None)
@given(tournaments())
def test_rounds_respect_absolute_criteria(code, t):
    DUTCH = get_system(code)
    n, total, rng, first = t
    entrants = tuple(Entrant(start_no=i + 1, name=f"P{i + 1}") for i in range(n))
    results: dict[int, list[RoundResult]] = {i + 1: [] for i in range(n)}
    withdrawn: set[int] = set()
    for rnd in range(1, total + 1):
        absent = {p for p in results if p not in withdrawn and rng.random() < 0.1}
        half = {p for p in results if p not in absent | withdrawn and rng.random() < 0.08}
        ents = tuple(Entrant(e.start_no, e.name, status=EntrantStatus.WITHDRAWN
                             if e.start_no in withdrawn else EntrantStatus.ACTIVE)
                     for e in entrants)
        state = TournamentState(ents, {k: tuple(v) for k, v in results.items()}, total)
        request = PairingRequest(state=state, round_no=rnd, first_color=first,
                                 absent=frozenset(absent),
                                 requested_byes={p: Outcome.HALF_BYE for p in half})
        present = sorted(set(results) - absent - half - withdrawn)
        possible = _pairing_possible(present, results, rnd, total)
        try:
            boards = DUTCH.pair(request)
        except EngineError:
            assert not possible
            return
        assert possible
        seen = [p for b in boards for p in (b.white, b.black) if p is not None]
        assert sorted(seen) == present  # everybody once, nobody absent
        byes = [b.white for b in boards if b.black is None]
        assert len(byes) == len(present) % 2
        assert [b.board for b in boards] == list(range(1, len(boards) + 1))
        if byes:
            assert boards[-1].black is None
        for p in byes:
            assert not _had_bye(results[p])  # C.2
            if code == "dutch-2025":  # C5: the bye goes to the lowest score it can
                score = lambda q: sum(POINTS.get(r.outcome, 0) for r in results[q])  # noqa: E731
                lowest = min(score(q) for q in present if not _had_bye(results[q])
                             and _pairing_possible(present, results, rnd, total, bye_to=q))
                assert score(p) == lowest
        for b in boards:
            if b.black is None:
                continue
            assert _allowed(b.white, b.black, results, rnd, total)  # C.1, C.3
        # play the round
        for b in boards:
            if b.black is None:
                results[b.white].append(RoundResult(rnd, Outcome.PAIRING_BYE))
                continue
            x = rng.random()
            if x < 0.06:
                ow = Outcome.FORFEIT_WIN
            else:
                ow = rng.choice([Outcome.WIN, Outcome.DRAW, Outcome.LOSS])
            results[b.white].append(RoundResult(rnd, ow, b.black, Color.WHITE))
            results[b.black].append(RoundResult(rnd, ow.mirror, b.white, Color.BLACK))
        for p in absent:
            results[p].append(RoundResult(rnd, Outcome.ZERO_BYE))
        for p in half:
            results[p].append(RoundResult(rnd, Outcome.HALF_BYE))
        for p in withdrawn:
            results[p].append(RoundResult(rnd, Outcome.NOT_PAIRED))
        if rng.random() < 0.1 and len(results) - len(withdrawn) > 2:
            withdrawn.add(rng.choice(sorted(set(results) - withdrawn)))
        # colours after the round stay within C.3 limits unless a topscorer met one in the last round
        for b in boards:
            if b.black is None:
                continue
            for p in (b.white, b.black):
                cols = _colours(results[p])
                diff = cols.count(Color.WHITE) - cols.count(Color.BLACK)
                three = len(cols) >= 3 and cols[-1] == cols[-2] == cols[-3]
                if abs(diff) > 2 or three:
                    assert rnd == total


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=4, max_value=36), st.integers(min_value=2, max_value=8),
       st.randoms(use_true_random=False))
@pytest.mark.parametrize("code", SYSTEMS)
def test_shortcuts_give_the_same_pairing_as_the_plain_procedure(code, n, total, rng):
    """The ideal-pairing, next-group and bipartite shortcuts of dutch.bracket only skip work:
    every round must come out exactly as with the plain two-matching procedure."""
    import damas.engine.pairing.dutch.bracket as bracket

    DUTCH = get_system(code)
    entrants = tuple(Entrant(start_no=i + 1, name=f"P{i + 1}") for i in range(n))
    results: dict[int, list[RoundResult]] = {i + 1: [] for i in range(n)}
    for rnd in range(1, total + 1):
        half = {p for p in results if rng.random() < 0.05}
        state = TournamentState(entrants, {k: tuple(v) for k, v in results.items()}, total)
        request = PairingRequest(state=state, round_no=rnd,
                                 requested_byes={p: Outcome.HALF_BYE for p in half})
        try:
            fast = DUTCH.pair(request)
        except EngineError:
            return
        bracket.FAST = False
        try:
            plain = DUTCH.pair(request)
        finally:
            bracket.FAST = True
        assert fast == plain
        for b in fast:
            if b.black is None:
                results[b.white].append(RoundResult(rnd, Outcome.PAIRING_BYE))
                continue
            ow = rng.choice([Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.WIN, Outcome.LOSS])
            results[b.white].append(RoundResult(rnd, ow, b.black, Color.WHITE))
            results[b.black].append(RoundResult(rnd, ow.mirror, b.white, Color.BLACK))
        for p in half:
            results[p].append(RoundResult(rnd, Outcome.HALF_BYE))
