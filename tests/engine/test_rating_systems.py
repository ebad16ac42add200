"""Rating systems (issue 29): FIDE B.02 (2024) golden values and the CBJD Elo parameters.

The golden values follow the regulations' own tables and formulas: rows of table 8.1.2
(expected score) and 8.1.1 (dp), a rated player's change over one event (8.3), K (8.3.3),
the 400-point rule (8.3.1), an unrated player's first rating (7.1.4 with the two 1800 draws),
the 1400 floor.
"""
from fractions import Fraction

import pytest
from hypothesis import given, strategies as st

from damas.engine.rating import (DRAW, LOSS, WIN, EloParameters, RatedGame, RatingInput, get_rating_system,
                                 rating_system_codes)
from damas.engine.rating.common import expected_total, round_change
from damas.engine.rating.fide import initial_rating, k_factor
from damas.engine.types import EngineError

FIDE = get_rating_system("fide")


def test_registry_codes_are_stable():
    assert rating_system_codes() == ("fide", "cbjd")
    with pytest.raises(EngineError):
        get_rating_system("glicko")


@pytest.mark.parametrize("diff, higher", [(0, "0.50"), (3, "0.50"), (4, "0.51"), (100, "0.64"),
                                          (200, "0.76"), (391, "0.91"), (392, "0.92"), (400, "0.92")])
def test_b02_8_1_2_expected_score_table_rows(diff, higher):
    assert expected_total(2000 + diff, (RatedGame(2000, WIN),), 400) == Fraction(higher)
    assert expected_total(2000, (RatedGame(2000 + diff, WIN),), 400) == 1 - Fraction(higher)


def test_b02_8_3_1_difference_above_400_counts_as_400_every_game():
    games = (RatedGame(1500, WIN), RatedGame(1000, WIN), RatedGame(1590, WIN))
    # since 2024 the 400-point rule applies to every game of the event, not once
    assert expected_total(2000, games, 400) == Fraction("2.76")


def test_b02_8_3_change_over_one_event():
    """Ro 2212, K 20, nine games: W 5.5, We = Σ PD; ΔR = 20 × (5.5 − We) rounded."""
    opponents = [(2050, WIN), (2400, LOSS), (2150, DRAW), (2290, WIN), (2180, DRAW), (2333, LOSS),
                 (1950, WIN), (2212, DRAW), (2100, WIN)]
    result = FIDE.rate(RatingInput(2212, tuple(RatedGame(r, s) for r, s in opponents), games_before=60))
    # PD: .71 .26 .59 .39 .54 .34 .82 .50 .65 = 4.80
    assert result.expected == Fraction("4.80")
    assert result.score == 11 and result.k == 20
    assert result.exact_delta == 14 and result.delta == 14 and result.new_rating == 2226


@pytest.mark.parametrize("rating, before, age, reached, n, k", [
    (1800, 10, 30, 0, 9, 40),      # new player: fewer than 30 games
    (2250, 100, 17, 0, 9, 40),     # under 18, below 2300
    (2350, 100, 17, 0, 9, 20),     # under 18 but 2300 or more
    (2350, 100, 40, 0, 9, 20),
    (2390, 100, 40, 2405, 9, 10),  # once 2400 was reached, even below it
    (2000, 100, 40, 0, 40, 17),    # K × n ≤ 700: 20 × 40 = 800 → 17
])
def test_b02_8_3_3_k_factor(rating, before, age, reached, n, k):
    assert k_factor(rating, before, age, reached, n) == k


def test_b02_8_3_3_half_rounded_up_both_signs():
    assert round_change(Fraction(5, 2)) == 3
    assert round_change(Fraction(-5, 2)) == -2
    assert round_change(Fraction(-26, 10)) == -3


def test_b02_7_1_4_initial_rating_with_two_1800_draws():
    """Five rated opponents averaging 1700, 3.5 points: with the two hypothetical 1800 draws
    Ra = (8500 + 3600) / 7 = 1728.6 → 1729, p = (3.5 + 1) / 7 = 0.64 → dp 102, Ru = 1831."""
    games = tuple(RatedGame(r, s) for r, s in [(1500, WIN), (1600, WIN), (1700, DRAW), (1800, DRAW), (1900, DRAW)])
    assert initial_rating(games) == 1831
    result = FIDE.rate(RatingInput(0, games))
    assert result.initial and result.new_rating == 1831


def test_b02_7_1_needs_five_rated_opponents_and_a_point():
    four = tuple(RatedGame(1800, WIN) for _ in range(4)) + (RatedGame(0, WIN),)
    assert initial_rating(four) is None
    assert initial_rating(tuple(RatedGame(1800, LOSS) for _ in range(5))) is None


def test_b02_floor_1400_unrated_below():
    low = FIDE.rate(RatingInput(1405, tuple(RatedGame(1405, LOSS) for _ in range(3)), games_before=90))
    assert low.delta == -30 and low.new_rating is None
    weak = initial_rating(tuple(RatedGame(1400, DRAW if i == 0 else LOSS) for i in range(9)))
    assert weak is not None and weak < 1400
    assert FIDE.rate(RatingInput(0, tuple(RatedGame(1400, DRAW if i == 0 else LOSS) for i in range(9)))).new_rating is None


def test_games_against_unrated_are_not_rated_for_a_rated_player():
    result = FIDE.rate(RatingInput(2000, (RatedGame(0, WIN), RatedGame(2000, DRAW)), games_before=50))
    assert result.counted == 1 and result.delta == 0


def test_cbjd_parameters_from_the_federation():
    params = EloParameters.from_mapping({"k_adult": 32, "floor": 1200, "cap": 350, "unknown": 1})
    cbjd = get_rating_system("cbjd", params.as_dict())
    result = cbjd.rate(RatingInput(1210, (RatedGame(1700, LOSS),), games_before=50))
    # cap 350: We = PD(350) = .11 for the lower; ΔR = 32 × (0 − .11) = −3.52 → −4; floor 1200
    assert result.k == 32 and result.expected == Fraction("0.11") and result.delta == -4
    floored = cbjd.rate(RatingInput(1201, tuple(RatedGame(1300, LOSS) for _ in range(3)), games_before=50))
    assert floored.new_rating == 1200 and floored.delta == -1
    fixed = get_rating_system("cbjd", {"initial_rule": "fixed", "initial_value": 1400, "initial_min_games": 3})
    assert fixed.rate(RatingInput(0, tuple(RatedGame(1500, WIN) for _ in range(3)))).new_rating == 1400
    with pytest.raises(EngineError):
        EloParameters.from_mapping({"initial_rule": "coin"})
    with pytest.raises(EngineError):
        EloParameters(k_adult=-1)


def test_b02_7_1_4_initial_rating_at_most_2200():
    games = tuple(RatedGame(2300, WIN) for _ in range(7))
    assert initial_rating(games) == 2200  # Ra 2156, p = 8 / 9 = 0.89 → 351: 2507, capped


def test_b02_8_3_1_full_difference_from_2650_on_the_standard_list():
    top = FIDE.rate(RatingInput(2700, (RatedGame(2200, DRAW),), games_before=900, reached=2700))
    assert top.expected == Fraction("0.96")  # 500 points: .96 by the table (485-517), not .92
    low = FIDE.rate(RatingInput(2200, (RatedGame(2700, DRAW),), games_before=900))
    assert low.expected == Fraction("0.08")  # the lower player keeps the 400 cap
    rapid = get_rating_system("fide", {"rating_list": "rapid"})
    assert rapid.rate(RatingInput(2700, (RatedGame(2200, DRAW),), games_before=900, reached=2700)).expected == Fraction("0.92")


def test_fide_rapid_and_blitz_do_not_rate_600_apart_above_2600():
    blitz = get_rating_system("fide", {"rating_list": "blitz"})
    result = blitz.rate(RatingInput(2650, (RatedGame(2040, WIN), RatedGame(2060, WIN)), games_before=900))
    assert result.counted == 1  # 610 points apart: not rated; 590: rated


@given(st.integers(1400, 2800), st.integers(1400, 2800), st.sampled_from([WIN, DRAW, LOSS]),
       st.sampled_from(["fide", "cbjd"]))
def test_zero_sum_for_the_same_k_in_one_game(a, b, score, code):
    """Two players with the same K: what one wins the other loses (8.1.2: PD(H) + PD(L) = 1).
    FIDE's standard list from 2650 counts the full difference for the higher player (8.3.1 as
    amended in 2025): zero-sum holds there only while the two are at most 400 apart."""
    if code == "fide" and max(a, b) >= 2650 and abs(a - b) > 400:
        a, b = min(a, 2649), min(b, 2649)
    system = get_rating_system(code)
    first = system.rate(RatingInput(a, (RatedGame(b, score),), games_before=100, age=40, reached=3000))
    second = system.rate(RatingInput(b, (RatedGame(a, 2 - score),), games_before=100, age=40, reached=3000))
    assert first.k == second.k
    assert first.exact_delta + second.exact_delta == 0
