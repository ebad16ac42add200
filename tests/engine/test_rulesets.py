"""Rule sets: points table of RULES.md §1, micro-match scoring (§2), defaults (§4), display."""
from __future__ import annotations

from fractions import Fraction

import pytest

from damas.engine.points import exact, format_decimal, format_units, to_points
from damas.engine.rulesets import get_ruleset, ruleset_codes
from damas.engine.types import EngineError, Outcome, RoundResult

O = Outcome
# RULES.md §1 in rule-set units (chess in half points)
TABLE = {
    "cbjd": {O.WIN: 2, O.DRAW: 1, O.LOSS: 0, O.FORFEIT_WIN: 2, O.FORFEIT_LOSS: 0, O.DOUBLE_FORFEIT: 0,
             O.PAIRING_BYE: 2, O.HALF_BYE: 1, O.ZERO_BYE: 0, O.NOT_PAIRED: 0},
    "fide": {O.WIN: 2, O.DRAW: 1, O.LOSS: 0, O.FORFEIT_WIN: 2, O.FORFEIT_LOSS: 0, O.DOUBLE_FORFEIT: 0,
             O.PAIRING_BYE: 2, O.HALF_BYE: 1, O.ZERO_BYE: 0, O.NOT_PAIRED: 0},
    "club": {O.WIN: 2, O.DRAW: 1, O.LOSS: 0, O.FORFEIT_WIN: 2, O.FORFEIT_LOSS: 0, O.DOUBLE_FORFEIT: 1,
             O.PAIRING_BYE: 2, O.ZERO_BYE: 0, O.NOT_PAIRED: 0},
}


def test_codes():
    assert set(ruleset_codes()) == {"cbjd", "fide", "club"}
    with pytest.raises(EngineError, match="unknown rule set"):
        get_ruleset("uscf")


@pytest.mark.parametrize("code", sorted(TABLE))
def test_points_table(code):
    rs = get_ruleset(code)
    for outcome, units in TABLE[code].items():
        assert rs.points_for(RoundResult(1, outcome)) == units, outcome
    assert rs.max_points_per_game == 2
    assert rs.points_for(RoundResult(1, O.ADJOURNED)) == 0  # a draw for pairing only


def test_units_per_point():
    assert get_ruleset("cbjd").units_per_point == 1
    assert get_ruleset("fide").units_per_point == 2 and get_ruleset("club").units_per_point == 2


def test_configurable_pairing_bye_and_options():
    rs = get_ruleset("cbjd", pairing_bye=1)
    assert rs.points_for(RoundResult(1, O.PAIRING_BYE)) == 1
    assert get_ruleset("cbjd").points_for(RoundResult(1, O.PAIRING_BYE)) == 2  # registry untouched
    assert get_ruleset("cbjd", unplayed="played").unplayed == "played"
    with pytest.raises(EngineError):
        get_ruleset("cbjd", unplayed="nonsense")
    with pytest.raises(EngineError):
        get_ruleset("cbjd", colour="white")
    with pytest.raises(EngineError):
        get_ruleset("cbjd", pairing_bye=-1)


def test_micro_match_scoring():
    """RULES.md §2: game points by default (0-4), match points 2/1/0 as an option."""
    won_3_1 = RoundResult(1, O.WIN, 2, game_points=3)
    drawn = RoundResult(1, O.DRAW, 2, game_points=2)
    cbjd = get_ruleset("cbjd")
    assert cbjd.points_for(won_3_1) == 3 and cbjd.points_for(drawn) == 2
    mp = get_ruleset("cbjd", micro_scoring="match")
    assert mp.points_for(won_3_1) == 2 and mp.points_for(drawn) == 1
    assert mp.game_points_for(won_3_1) == 3 and mp.match_points_for(won_3_1) == 2


def test_default_tiebreaks():
    cbjd = get_ruleset("cbjd")
    assert cbjd.default_tiebreaks("swiss") == ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1")  # CBJD 123
    assert cbjd.default_tiebreaks("swiss", "sub21") == ("BH-C1", "BH", "BH-M1", "PS", "PS-CORR")  # CBJD 124
    assert cbjd.default_tiebreaks("swiss", "feminino") == ("BH-C1", "BH", "BH-M1", "PS", "PS-CORR")
    fide = get_ruleset("fide")
    assert fide.default_tiebreaks("roundrobin") == ("DE", "SB", "WIN", "BWIN")
    assert fide.default_tiebreaks("swiss") == ("BH-C1", "BH-C2", "SB", "BH-M1")
    assert get_ruleset("club").default_tiebreaks("swiss") == ("DE", "BH", "PS", "RTG")


def test_format_points():
    assert get_ruleset("cbjd").format_points(12) == "12"
    fide = get_ruleset("fide")
    assert fide.format_points(13) == "6½" and fide.format_points(13, decimal=True) == "6.5"
    assert fide.format_points(1) == "½" and fide.format_points(12) == "6" and fide.format_points(0) == "0"
    assert format_units(Fraction(43, 2), 2, decimal=True) == "10.75"


def test_exact_helpers():
    assert exact(6, 2) == 3 and isinstance(exact(6, 2), int)
    assert exact(5, 2) == Fraction(5, 2)
    assert to_points(25, 2) == Fraction(25, 2) and to_points(24, 2) == 12
    assert format_decimal(Fraction(25, 2)) == "12.5" and format_decimal(Fraction(-1, 8)) == "-0.125"
    assert format_decimal(7) == "7" and format_decimal(Fraction(1, 3)) == "1/3"
