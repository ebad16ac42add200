"""Hand-worked FIDE Dutch cases (C.04.3, C.04.2, C.04.5.1) on tiny fields."""
from __future__ import annotations

import pytest

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    EntrantStatus,
    Outcome,
    RoundResult,
    TournamentState,
)

DUTCH = get_system("dutch")


def _state(n, results=None, total=5, withdrawn=()):
    ents = tuple(Entrant(i, f"P{i}", status=EntrantStatus.WITHDRAWN if i in withdrawn
                         else EntrantStatus.ACTIVE) for i in range(1, n + 1))
    res = {i: tuple((results or {}).get(i, ())) for i in range(1, n + 1)}
    return TournamentState(ents, res, total)


def _boards(request):
    return [(p.white, p.black) for p in DUTCH.pair(request)]


def test_registered_with_names():
    assert DUTCH.code == "dutch" and DUTCH.name_en and DUTCH.name_pt and DUTCH.article


def test_round_one_top_half_against_bottom_half_colours_alternate():
    # C.04.3 first round: 1-5, 6-2, 3-7, 8-4 when player 1 drew White (E.5 alternation).
    req = PairingRequest(_state(8), 1, first_color=Color.WHITE)
    assert _boards(req) == [(1, 5), (6, 2), (3, 7), (8, 4)]


def test_round_one_first_colour_black():
    req = PairingRequest(_state(8), 1, first_color=Color.BLACK)
    assert _boards(req) == [(5, 1), (2, 6), (7, 3), (4, 8)]


def test_odd_field_bye_to_lowest_ranked_and_listed_last():
    req = PairingRequest(_state(5), 1, first_color=Color.WHITE)
    assert _boards(req) == [(1, 3), (4, 2), (5, None)]


def test_requested_byes_absent_and_withdrawn_are_not_paired():
    req = PairingRequest(_state(8, withdrawn=(8,)), 1, first_color=Color.WHITE,
                         absent=frozenset({7}), requested_byes={1: Outcome.HALF_BYE})
    paired = {p for b in _boards(req) for p in b if p is not None}
    assert paired == {2, 3, 4, 5, 6}
    # five players: one pairing-allocated bye, to the lowest ranked (C.04.3 A.5 / C.2)
    assert _boards(req)[-1] == (6, None)


def test_no_rematch_and_no_second_bye():
    # Round 1 was 1-2 (1 won) and 3 had the bye; round 2 must not pair 1-2 again nor give 3 the bye.
    results = {
        1: [RoundResult(1, Outcome.WIN, 2, Color.WHITE)],
        2: [RoundResult(1, Outcome.LOSS, 1, Color.BLACK)],
        3: [RoundResult(1, Outcome.PAIRING_BYE)],
    }
    req = PairingRequest(_state(3, results), 2)
    boards = _boards(req)
    assert (1, 2) not in boards and (2, 1) not in boards
    assert boards[-1][1] is None and boards[-1][0] != 3


def test_unplayed_game_may_be_repeated():
    # C.04.2 #6: a forfeited game does not count as played; the two may meet again.
    results = {
        1: [RoundResult(1, Outcome.FORFEIT_WIN, 2, Color.WHITE)],
        2: [RoundResult(1, Outcome.FORFEIT_LOSS, 1, Color.BLACK)],
    }
    req = PairingRequest(_state(2, results), 2)
    assert len(_boards(req)) == 1


def test_impossible_pairing_raises():
    results = {1: [RoundResult(1, Outcome.DRAW, 2, Color.WHITE)],
               2: [RoundResult(1, Outcome.DRAW, 1, Color.BLACK)]}
    with pytest.raises(EngineError):
        DUTCH.pair(PairingRequest(_state(2, results), 2))


def test_wrong_round_number_raises():
    with pytest.raises(EngineError):
        DUTCH.pair(PairingRequest(_state(4), 3))


def test_baku_acceleration_round_one():
    # C.04.5.1: GA = 2*ceil(8/4) = 4 players with a virtual point: brackets {1-4} and {5-8}.
    req = PairingRequest(_state(8, total=9), 1, first_color=Color.WHITE,
                         options={"acceleration": "baku"})
    assert sorted(tuple(sorted(b)) for b in _boards(req)) == [(1, 3), (2, 4), (5, 7), (6, 8)]


def test_unknown_acceleration_raises():
    with pytest.raises(EngineError):
        DUTCH.pair(PairingRequest(_state(4), 1, options={"acceleration": "nope"}))
