"""Standings: shared places, DE among the tied, lot-drawn order, categories, exclusions."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from damas.engine.standings import compute_standings, draw_tiebreak_order
from damas.engine.trf import read_trf
from damas.engine.types import (
    Color,
    EngineError,
    Entrant,
    EntrantStatus,
    Outcome,
    RoundResult,
    TournamentState,
)

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def _rr() -> TournamentState:
    """4-player round robin (Berger): R1 1-4 1-0, 2-3 draw; R2 4-3 1-0, 1-2 draw; R3 2-4 1-0, 3-1 1-0.

    cbjd totals: P1 2+1+0 = 3, P2 1+1+2 = 4, P3 1+0+2 = 3, P4 0+2+0 = 2.
    """
    games = [(1, 1, 4, W), (1, 2, 3, D), (2, 4, 3, W), (2, 1, 2, D), (3, 2, 4, W), (3, 3, 1, W)]
    res: dict[int, list[RoundResult]] = {i: [] for i in range(1, 5)}
    for rnd, white, black, outcome in games:
        res[white].append(RoundResult(rnd, outcome, black, Color.WHITE))
        res[black].append(RoundResult(rnd, outcome.mirror, white, Color.BLACK))
    entrants = tuple(Entrant(i, f"P{i}", 2000 - 10 * i) for i in range(1, 5))
    return TournamentState(entrants, {k: tuple(v) for k, v in res.items()}, 3)


def _ranks(table):
    return [(r.rank_label, r.start_no) for r in table.rows]


def test_shared_place_without_tiebreaks():
    table = compute_standings(_rr(), "cbjd", [])
    assert _ranks(table) == [("1", 2), ("2-3", 1), ("2-3", 3), ("4", 4)]
    assert [r.rank for r in table.rows] == [1, 2, 2, 4]
    assert [r.points for r in table.rows] == [4, 3, 3, 2]


def test_direct_encounter_among_tied():
    table = compute_standings(_rr(), "cbjd", ["DE"])
    assert _ranks(table) == [("1", 2), ("2", 3), ("3", 1), ("4", 4)]
    assert table.row(3).tiebreaks == (2,) and table.row(1).tiebreaks == (0,)


def test_sb_then_de():
    # SB (cbjd): P1 beat P4 (2) x 2/2 + drew P2 (4) x 1/2 = 4; P3 drew P2 (4)/2 + beat P1 (3) = 5
    table = compute_standings(_rr(), "cbjd", ["SB", "DE"])
    assert table.row(3).tiebreaks[0] == 5 and table.row(1).tiebreaks[0] == 4
    assert _ranks(table)[1:3] == [("2", 3), ("3", 1)]


def test_de_does_not_separate_players_who_did_not_all_meet():
    e = tuple(Entrant(i, f"P{i}") for i in range(1, 5))
    res = {1: (RoundResult(1, W, 2, Color.WHITE),), 2: (RoundResult(1, L, 1, Color.BLACK),),
           3: (RoundResult(1, W, 4, Color.WHITE),), 4: (RoundResult(1, L, 3, Color.BLACK),)}
    table = compute_standings(TournamentState(e, res, 5), "fide", ["DE"])
    assert _ranks(table) == [("1-2", 1), ("1-2", 3), ("3-4", 2), ("3-4", 4)]


def test_excluded_listed_last_unranked():
    state = _rr()
    entrants = tuple(replace(e, status=EntrantStatus.EXCLUDED) if e.start_no == 2 else e
                     for e in state.entrants)
    table = compute_standings(TournamentState(entrants, state.results, 3), "cbjd", ["DE"])
    assert [r.start_no for r in table.rows] == [3, 1, 4, 2]
    assert table.rows[-1].excluded and table.rows[-1].rank == 0 and table.rows[-1].rank_label == ""
    assert [r.rank for r in table.rows[:3]] == [1, 2, 3]


def test_category_subset_has_its_own_places():
    table = compute_standings(_rr(), "cbjd", ["DE"], only={1, 3, 4})
    assert _ranks(table) == [("1", 3), ("2", 1), ("3", 4)]
    with pytest.raises(EngineError, match="unknown starting numbers"):
        compute_standings(_rr(), "cbjd", ["DE"], only={9})


def test_order_drawn_by_lot():
    codes = ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1")
    drawn = draw_tiebreak_order(codes, 2026)
    assert sorted(drawn) == sorted(codes) and drawn == draw_tiebreak_order(codes, 2026)
    assert len({draw_tiebreak_order(codes, s) for s in range(30)}) > 1
    table = compute_standings(_rr(), "cbjd", codes, lot_seed=2026, options={"draw_order": True})
    assert table.tiebreak_order == drawn and table.lot_seed == 2026
    with pytest.raises(EngineError, match="seed"):
        compute_standings(_rr(), "cbjd", codes, options={"draw_order": True})


def test_unknown_tiebreak_and_rule():
    with pytest.raises(EngineError, match="unknown tiebreak"):
        compute_standings(_rr(), "cbjd", ["XYZ"])
    with pytest.raises(EngineError, match="unplayed"):
        compute_standings(_rr(), "cbjd", ["BH"], unplayed="virtual")


def test_hand_example_cbjd_default_order():
    state = read_trf((Path(__file__).parent / "golden" / "cbjd" / "cbjd-hand-01.trf").read_text()).state
    table = compute_standings(state, "cbjd", ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1"))
    assert [r.start_no for r in table.rows] == [3, 1, 5, 2, 4]
    assert table.row(2).tiebreaks == (5, 4, 9, 11, 3)  # values worked by hand in test_tiebreaks_cbjd
    assert table.unplayed == "seed" and table.ruleset_code == "cbjd"


def test_cli_cbjd_points_and_shared_ranks(capsys):
    from damas.engine.__main__ import main

    path = Path(__file__).parent / "golden" / "cbjd" / "cbjd-hand-01.trf"
    assert main(["standings", str(path), "--rules", "cbjd", "--tiebreaks", "PS,SB,BH-C1"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # rank startno points PS SB BH-C1 (cbjd: points are real points, SB 5/2 -> 2.5)
    assert lines == ["1 3 6 12 9 10", "2 1 4 8 3 9", "3 5 3 7 2.5 7", "4 2 2 5 2.5 9", "5 4 0 0 0 4"]


def test_cli_chess_points_in_real_points(capsys):
    from damas.engine.__main__ import main

    path = Path(__file__).parent / "golden" / "cbjd" / "cbjd-hand-01.trf"
    assert main(["standings", str(path), "--rules", "fide", "--tiebreaks", "SB"]) == 0
    lines = capsys.readouterr().out.splitlines()
    # fide: P3 3 points; SB (seed) 18 half-point units / 2 -> 9 units = 4.5 points
    assert lines[0] == "1 3 3 4.5"
    assert lines[2] == "3 5 1.5 1.25"  # (2*1 + 3*1)/2 = 2.5 units = 1.25 points
