"""`micro_game_results`: a micro-match game by game (columns 2k-1, 2k), the inverse of
`micro_state_from_games`. Hand-worked: in round 2, A (no. 1) beats B (no. 2) with White in game 1
and draws game 2 with Black: B has White in game 2; folded, A wins the micro-match 3-1."""
from __future__ import annotations

import pytest

from damas.engine.micromatch_scoring import micro_game_results, micro_match, micro_match_results, micro_state_from_games
from damas.engine.types import Color, EngineError, Entrant, Outcome, RoundResult, TournamentState


def test_two_games_with_colours_swapped():
    games = micro_game_results(2, 1, 2, "2-0", "1-1")
    assert games[1] == (RoundResult(3, Outcome.WIN, 2, Color.WHITE), RoundResult(4, Outcome.DRAW, 2, Color.BLACK))
    assert games[2] == (RoundResult(3, Outcome.LOSS, 1, Color.BLACK), RoundResult(4, Outcome.DRAW, 1, Color.WHITE))


@pytest.mark.parametrize("g1, g2", [("2-0", "1-1"), ("0-2", "0-2"), ("+-", "+-"), ("--", "--"), ("1-1", "-+")])
def test_folds_back_to_the_micro_match(g1, g2):
    first = micro_game_results(1, 1, 2, "1-1", "1-1")
    second = micro_game_results(2, 2, 1, g1, g2)
    state = TournamentState((Entrant(1, "A"), Entrant(2, "B")),
                            {no: first[no] + second[no] for no in (1, 2)}, total_rounds=4)
    folded = micro_state_from_games(state, "cbjd")
    expected = micro_match_results(2, 2, 1, micro_match(g1, g2, "cbjd"))
    assert folded.rounds_of(2)[1] == expected[0] and folded.rounds_of(1)[1] == expected[1]


def test_refuses_a_player_against_himself_and_non_games():
    with pytest.raises(EngineError):
        micro_game_results(1, 3, 3, "2-0", "2-0")
    with pytest.raises(EngineError):
        micro_game_results(1, 1, 2, Outcome.PAIRING_BYE, "2-0")
