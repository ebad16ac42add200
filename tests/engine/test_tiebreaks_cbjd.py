"""Hand-worked CBJD example (golden/cbjd/cbjd-hand-01.trf), scored 2/1/0 under `cbjd`.

Totals: P1 2+0+2=4, P2 1+1+0=2, P3 2+2+2=6, P4 0, P5 1+2+0=3. Ratings 1800..1400.
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest

from damas.engine.tiebreaks import build_context, get_tiebreak
from damas.engine.trf import read_trf

STATE = read_trf((Path(__file__).parent / "golden" / "cbjd" / "cbjd-hand-01.trf").read_text()).state
H = Fraction(1, 2)


def values(code: str, unplayed: str = "seed", **options) -> dict[int, object]:
    ctx = build_context(STATE, "cbjd", unplayed=unplayed, options=options)
    return get_tiebreak(code).compute(ctx)


def test_totals_and_round_sums():
    ctx = build_context(STATE, "cbjd")
    assert dict(zip(ctx.nos, ctx.total)) == {1: 4, 2: 2, 3: 6, 4: 0, 5: 3}
    # round 1: 2+1+2(bye)+0+1; round 2: 0+1(half bye)+2+0+2(forfeit); round 3: 2+0+2+0+0
    assert [sum(ctx.pts[i][r] for i in range(5)) for r in range(3)] == [6, 5, 4]


# Seed rule: an unplayed round counts as a draw against oneself (own score into BH).
# Contributions: P1 [0,6,3]; P2 [3,own 2,6]; P3 [own 6,4,2]; P4 [4,own 0,own 0]; P5 [2,own 3,4].
@pytest.mark.parametrize("code, expected", [
    ("BH", {1: 9, 2: 11, 3: 12, 4: 4, 5: 9}),
    ("BH-C1", {1: 9, 2: 9, 3: 10, 4: 4, 5: 7}),
    ("BH-C2", {1: 6, 2: 6, 3: 6, 4: 4, 5: 4}),
    ("BH-M1", {1: 3, 2: 3, 3: 4, 4: 0, 5: 3}),
    ("BH-M2", {1: 0, 2: 0, 3: 0, 4: 0, 5: 0}),
    # SB: opponent score x result/2; unplayed: own score x 1/2.
    # P1 0*2+3*2=6 -> 3; P2 3*1+2*1=5 -> 5/2; P3 6*1+4*2+2*2=18 -> 9; P5 2*1+3*1=5 -> 5/2
    ("SB", {1: 3, 2: 5 * H, 3: 9, 4: 0, 5: 5 * H}),
    # PS: running totals P1 2,2,4; P2 1,2,2; P3 2,4,6; P4 0,0,0; P5 1,3,3
    ("PS", {1: 8, 2: 5, 3: 12, 4: 0, 5: 7}),
    # PS-CORR: minus half-point bye (P2: 1), pairing bye (P3: 2), forfeit win (P5: 2)
    ("PS-CORR", {1: 8, 2: 4, 3: 10, 4: 0, 5: 5}),
    ("WIN", {1: 2, 2: 0, 3: 2, 4: 0, 5: 0}),
    ("BLK", {1: 1, 2: 0, 3: 1, 4: 1, 5: 2}),
    ("BWIN", {1: 0, 2: 0, 3: 1, 4: 0, 5: 0}),
    # KS: opponents with >= 3 of 6 points are P1, P3, P5 (forfeits count as meetings)
    ("KS", {1: 2, 2: 1, 3: 2, 4: 0, 5: 0}),
    # ARO, seed: own rating for unplayed rounds, all rounds: P2 (1400+1700+1600)/3 = 1566.67
    ("ARO", {1: 1500, 2: 1567, 3: 1700, 4: 1600, 5: 1633}),
    ("ARO-C1", {1: 1550, 2: 1650, 3: 1750, 4: 1650, 5: 1750}),
    ("RTG", {1: 1800, 2: 1700, 3: 1600, 4: 1500, 5: 1400}),
    ("GP", {1: 4, 2: 2, 3: 6, 4: 0, 5: 3}),
])
def test_seed_rule(code, expected):
    assert values(code) == expected


def test_win_with_forfeits_option():
    assert values("WIN", win_forfeits=True)[5] == 1


@pytest.mark.parametrize("code, expected", [
    # only played opponents: P2 [3,6], P3 [4,2], P4 [4], P5 [2,4]
    ("BH", {1: 9, 2: 9, 3: 6, 4: 4, 5: 6}),
    ("BH-C1", {1: 9, 2: 6, 3: 4, 4: 0, 5: 4}),
    ("BH-M1", {1: 3, 2: 0, 3: 0, 4: 0, 5: 0}),
    ("SB", {1: 3, 2: 3 * H, 3: 6, 4: 0, 5: 1}),
    ("ARO", {1: 1500, 2: 1500, 3: 1750, 4: 1800, 5: 1750}),
])
def test_played_rule(code, expected):
    assert values(code, "played") == expected


@pytest.mark.parametrize("code, expected", [
    # P4's zero bye in the last round (after his last non-voluntary round) counts as a draw
    # for his opponents: adjusted score 1. P2's half bye and P4's forfeit loss / zero bye are
    # voluntarily unplayed and cut first.
    ("BH", {1: 10, 2: 11, 3: 12, 4: 4, 5: 9}),
    ("BH-C1", {1: 9, 2: 9, 3: 10, 4: 4, 5: 7}),
    ("BH-C2", {1: 6, 2: 6, 3: 6, 4: 4, 5: 4}),
    ("BH-M1", {1: 3, 2: 3, 3: 4, 4: 0, 5: 3}),
    # SB: dummy opponent with own score, result as recorded: P3 6*2+4*2+2*2 = 24 -> 12
    ("SB", {1: 4, 2: 5 * H, 3: 12, 4: 0, 5: 4}),
])
def test_fide_2024_rule(code, expected):
    assert values(code, "fide-2024") == expected


def test_tpr_by_hand():
    # Played games only: P1: Ra 1500, 4/6 = 0.67 -> dp 125; P2: Ra 1500, 1/4 -> -193;
    # P3: 1750 + 800; P4: 1800 - 800; P5: 1750 - 193
    assert values("TPR", "played") == {1: 1625, 2: 1307, 3: 2550, 4: 1000, 5: 1557}
    # Seed rule, as ARO: an unplayed round is a draw against one's own rating. P2: (1400+1700+1600)/3
    # = 1567, 1/3 -> -125; P3: (1600+1800+1700)/3 = 1700, 2.5/3 -> +273; P4: (1800+1500+1500)/3 = 1600,
    # 1/3 -> -125; P5: (1700+1400+1800)/3 = 1633, 1/3 -> -125
    assert values("TPR") == {1: 1625, 2: 1442, 3: 1973, 4: 1475, 5: 1508}
    # 350-point rule: only P1 (1800) - P5 (1400) differ by more than 350; each sees the other
    # at 350: P1 (1500+1600+1450)/3 = 1516.67 -> 1517 + 125; P5 (1700+1400+1750)/3 = 1617 - 125
    assert values("TPR", tpr_350=True) == {1: 1642, 2: 1442, 3: 1973, 4: 1475, 5: 1492}


def test_tpr_350_point_rule():
    from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

    e = (Entrant(1, "a", 1000), Entrant(2, "b", 2000))
    state = TournamentState(e, {1: (RoundResult(1, Outcome.DRAW, 2, Color.WHITE),),
                                2: (RoundResult(1, Outcome.DRAW, 1, Color.BLACK),)}, 1)
    plain = get_tiebreak("TPR").compute(build_context(state, "fide"))
    capped = get_tiebreak("TPR").compute(build_context(state, "fide", options={"tpr_350": True}))
    assert plain == {1: 2000, 2: 1000}  # 50 %: dp 0
    assert capped == {1: 1350, 2: 1650}  # opponent counted at most 350 away


def test_tpr_ranks_players_skipping_more_than_two_rounds_last():
    """FIDE-TB 4(c): more than two rounds not played by choice ranks below the full schedule."""
    from damas.engine.types import Entrant, Outcome, RoundResult, TournamentState

    O = Outcome
    entrants = (Entrant(1, "a", 2000), Entrant(2, "b", 2000), Entrant(3, "c", 1000))
    results = {
        1: (RoundResult(1, O.HALF_BYE), RoundResult(2, O.HALF_BYE), RoundResult(3, O.HALF_BYE),
            RoundResult(4, O.WIN, 2)),
        2: (RoundResult(1, O.WIN, 3), RoundResult(2, O.HALF_BYE), RoundResult(3, O.DRAW, 3),
            RoundResult(4, O.LOSS, 1)),
        3: (RoundResult(1, O.LOSS, 2), RoundResult(2, O.ZERO_BYE), RoundResult(3, O.DRAW, 2),
            RoundResult(4, O.ZERO_BYE)),
    }
    ctx = build_context(TournamentState(entrants, results, 4), "fide", unplayed="played")
    tpr = get_tiebreak("TPR")
    v = tpr.values(ctx)
    # P1: one win against 2000 -> 2000 + 800; P2: (1000+1000+2000)/3 = 1333, 50 % -> 1333;
    # P3: two games against 2000, 0.5/2 = 25 % -> 2000 - 193
    assert v == [2800, 1333, 1807]
    assert tpr.sort_key(ctx, 0, v[0]) < tpr.sort_key(ctx, 1, v[1])  # three half-point byes
    assert tpr.sort_key(ctx, 2, v[2]) > tpr.sort_key(ctx, 1, v[1])  # two skipped rounds are allowed


def test_lot_is_deterministic_and_needs_a_seed():
    from damas.engine.types import EngineError

    a = get_tiebreak("LOT").compute(build_context(STATE, "cbjd", lot_seed=7))
    b = get_tiebreak("LOT").compute(build_context(STATE, "cbjd", lot_seed=7))
    assert a == b and sorted(a.values()) == [1, 2, 3, 4, 5]
    with pytest.raises(EngineError):
        get_tiebreak("LOT").compute(build_context(STATE, "cbjd"))


def test_every_code_has_names_and_article():
    from damas.engine.tiebreaks import tiebreak_codes

    expected = {"BH", "BH-C1", "BH-C2", "BH-M1", "BH-M2", "SBH", "SB", "DE", "WIN", "BLK", "BWIN", "PS",
                "PS-CORR", "KS", "ARO", "ARO-C1", "TPR", "GP", "MP", "TSB", "RTG", "LOT", "OPP-MP", "OPP-GP",
                "RTNG", "TPN", "REP", "STD", "WIN-R"}
    assert set(tiebreak_codes()) == expected
    for code in expected:
        tb = get_tiebreak(code)
        assert tb.code == code and tb.name_pt and tb.name_en and tb.article
    assert get_tiebreak("bh-c1").code == "BH-C1"


def test_sum_of_buchholz_by_hand():
    # seed BH: P1 9, P2 11, P3 12, P4 4, P5 9. P1 met 4, 3, 5 -> 4+12+9 = 25;
    # P2: 5 (9), own (11), 3 (12) = 32
    v = values("SBH")
    assert v[1] == 25 and v[2] == 32
