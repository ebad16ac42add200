"""Hand-worked FIDE Dutch cases (C.04.3, C.04.2, C.04.5.1) on tiny fields."""
from __future__ import annotations

import pytest

from damas.engine.pairing.base import PairingRequest, get_system
from damas.engine.pairing.dutch.players import baku_group_a, build_players
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


def test_baku_group_a_keeps_its_last_player_after_round_one():
    # C.04.5.1 "Late entries": the last GA player stays the same. 8 players in round 1 give
    # GA = 1-4; a late entry listed last stays out, one listed third (renumbering the others)
    # joins GA, which then has five players (Note 2: GA may be odd).
    assert baku_group_a(list(range(1, 10)), list(range(1, 9))) == [1, 2, 3, 4]
    assert baku_group_a(list(range(1, 10)), [1, 2, 4, 5, 6, 7, 8, 9]) == [1, 2, 3, 4, 5]
    assert baku_group_a([1, 2, 3], []) == []


def test_baku_virtual_points_after_a_late_entry():
    # Round 1 of 8 (GA 1-4) was played; player 9 enters late. Nine players would make GA six
    # strong if it were recomputed; it stays 1-4, who carry one virtual point in round 2 of 9.
    r1 = {1: (3, Outcome.WIN), 3: (1, Outcome.LOSS), 2: (4, Outcome.DRAW), 4: (2, Outcome.DRAW),
          5: (7, Outcome.WIN), 7: (5, Outcome.LOSS), 6: (8, Outcome.LOSS), 8: (6, Outcome.WIN)}
    results = {no: [RoundResult(1, out, opp, Color.WHITE if no < opp else Color.BLACK)]
               for no, (opp, out) in r1.items()}
    req = PairingRequest(_state(9, results, total=9), 2, options={"acceleration": "baku"})
    players, _ctx, _ranked = build_players(req)
    virtual = {p.no: p.score - p.raw_score for p in players}
    assert virtual == {1: 2, 2: 2, 3: 2, 4: 2, 5: 0, 6: 0, 7: 0, 8: 0, 9: 0}
