"""The 2025 edition of the FIDE Dutch system (C.04.3 2025, in force from 1 February 2026), the
`dutch-2025` pairing system, on hand-made fields: each test names the article that makes the
2025 pairing differ from the 2017 one (`dutch`)."""
from __future__ import annotations

from pathlib import Path

from damas.engine.commands.pair import request_from_trf
from damas.engine.pairing.base import PairingRequest, family_of, get_system
from damas.engine.pairing.dutch.players import DOWN, NONE_FLOAT, RULES_2017, RULES_2025, build_players
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

W, B = Color.WHITE, Color.BLACK
D2017 = get_system("dutch")
D2025 = get_system("dutch-2025")


def _game(rnd: int, white: int, black: int, outcome: Outcome) -> dict[int, RoundResult]:
    return {white: RoundResult(rnd, outcome, black, W), black: RoundResult(rnd, outcome.mirror, white, B)}


def _state(n: int, rounds: list[dict[int, RoundResult]], total: int) -> TournamentState:
    results = {i: tuple(r[i] for r in rounds if i in r) for i in range(1, n + 1)}
    return TournamentState(tuple(Entrant(i, f"P{i}", 2400 - 10 * i) for i in range(1, n + 1)), results, total)


def _pairs(system, request):
    boards = system.pair(request)
    return {frozenset((b.white, b.black)) for b in boards if b.black}, [b.white for b in boards if b.black is None]


def test_editions_are_registered_as_two_systems_of_one_implementation():
    assert D2017.edition.year == 2017 and D2025.edition.year == 2025
    assert type(D2017) is type(D2025)
    assert family_of("dutch") == family_of("dutch-2025") == "dutch" and family_of("berger") == "berger"
    assert D2025.name_pt == "Suíço holandês (FIDE 2025)" and D2025.name_en == "Dutch (FIDE 2025)"
    assert "2025" in D2025.article and "2017" in D2017.article


def test_2025_c5_pairing_allocated_bye_to_the_lowest_score_before_more_pairs():
    """C5 (minimise the score of the bye assignee) comes before C6 (pairs in a bracket): the
    two leaders, who could meet, both float so that the 0-point player gets the bye."""
    w = Outcome.WIN
    rounds = [
        {**_game(1, 1, 4, w), **_game(1, 5, 2, Outcome.LOSS), **_game(1, 3, 6, w)},
        {**_game(2, 2, 1, Outcome.LOSS), **_game(2, 4, 3, Outcome.LOSS), **_game(2, 6, 5, Outcome.LOSS)},
    ]
    request = PairingRequest(_state(6, rounds, 3), 3, absent=frozenset({4}))
    pairs17, bye17 = _pairs(D2017, request)
    assert frozenset((1, 3)) in pairs17 and bye17 in ([2], [5])  # 2017: the leaders meet
    pairs25, bye25 = _pairs(D2025, request)
    assert bye25 == [6]
    assert pairs25 == {frozenset((1, 5)), frozenset((3, 2))}


def test_2025_c9_bye_to_the_player_with_fewest_unplayed_games():
    """C9: of the 0-point players, the one absent in round 1 has an unplayed game, so the bye
    goes to the lowest of the others instead of him."""
    rounds = [{**_game(1, 1, 3, Outcome.WIN), **_game(1, 4, 2, Outcome.LOSS), 5: RoundResult(1, Outcome.ZERO_BYE)}]
    request = PairingRequest(_state(5, rounds, 3), 2)
    pairs, bye = _pairs(D2025, request)
    assert bye == [4]
    assert pairs == {frozenset((1, 2)), frozenset((3, 5))}


def test_2025_1_4_3_only_scoring_without_playing_is_a_downfloat():
    """1.4.3-1.4.4: a half-point bye or a forfeit win is a downfloat; a zero-point bye or a
    forfeit loss gives no float at all (2017 A.4.b: every unplayed round is a downfloat)."""
    rounds = [{**_game(1, 1, 2, Outcome.FORFEIT_WIN), 3: RoundResult(1, Outcome.HALF_BYE),
               4: RoundResult(1, Outcome.ZERO_BYE), **_game(1, 5, 6, Outcome.DRAW)}]
    request = PairingRequest(_state(6, rounds, 5), 2)

    def floats(rules):
        players, _ctx, _ = build_players(request, rules)
        return {p.no: p.float1 for p in players}

    assert floats(RULES_2025) == {1: DOWN, 2: NONE_FLOAT, 3: DOWN, 4: NONE_FLOAT, 5: NONE_FLOAT, 6: NONE_FLOAT}
    assert floats(RULES_2017) == {1: DOWN, 2: DOWN, 3: DOWN, 4: DOWN, 5: NONE_FLOAT, 6: NONE_FLOAT}


def test_2025_c2_full_point_bye_excludes_the_pairing_allocated_bye():
    """C2 (C.04.1 2025 Art. 4): scoring a win's points in one round without playing (a
    requested full-point bye, a forfeit win) excludes the pairing-allocated bye; a half-point
    bye does not."""
    rounds = [{1: RoundResult(1, Outcome.FULL_BYE), 2: RoundResult(1, Outcome.HALF_BYE), **_game(1, 3, 4, Outcome.FORFEIT_WIN)}]
    request = PairingRequest(_state(4, rounds, 5), 2)

    def eligible(rules):
        players, _ctx, _ = build_players(request, rules)
        return {p.no: p.elig_bye for p in players}

    assert eligible(RULES_2025) == {1: False, 2: True, 3: False, 4: True}
    assert eligible(RULES_2017) == {1: True, 2: True, 3: False, 4: True}


def test_2025_c8_counts_only_next_bracket_pairs_a_complete_pairing_can_have():
    """C4 for every bracket with C8: in this round the 7-point bracket's best downfloater by
    the next bracket's pairs could not be paired there in a complete pairing, so another
    player floats (the reference engine's pairing of golden/dutch2025 case 200096)."""
    path = Path(__file__).parent / "golden" / "dutch2025" / "dutch-200096-p028-r09of11.trf"
    request = request_from_trf(path.read_bytes().decode("utf-8", "replace"))
    pairs, bye = _pairs(D2025, request)
    assert {frozenset(p) for p in ((17, 25), (19, 15), (24, 14), (27, 21))} <= pairs and not bye
