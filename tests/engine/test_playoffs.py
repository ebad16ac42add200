"""Playoff plans (FIDE-GR "Playoff" (e), (f), (j), (k) 1-12; RULES.md §7): one hand-worked case per size.

Players are named by their HT rank (1 = highest tiebreak), so the expected pairings and places
can be read straight from the source's table.
"""
from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from damas.engine.pairing.berger import berger_rounds
from damas.engine.playoffs import GameResult, apply_playoff, playoff_plan, playoff_status
from damas.engine.standings import StandingRow, Standings
from damas.engine.types import EngineError


def lower_wins(white: int, black: int, game=None) -> str:
    return "1-0" if white < black else "0-1"


def play(plan, decide=lower_wins, moves=None, limit=60):
    """Play every due game with `decide(white, black, game)` (White: the better HT unless drawn)."""
    results: dict[str, GameResult] = {}
    for _ in range(limit):
        status = playoff_status(plan, results)
        if status.finished:
            return status, results
        for gid in status.needs_moves:
            results[gid] = replace(results[gid], moves=moves(gid, results[gid]))
        for g in status.pending:
            white = g.white if g.white is not None else g.a
            if g.white is None and g.id.endswith(".g2"):  # the arbiter reverses game 1's colours
                white = results[g.id[:-1] + "1"].black
            black = g.b if white == g.a else g.a
            results[g.id] = GameResult(white, black, decide(white, black, g))
    raise AssertionError("playoff did not finish")


def by_beats(beats: set[tuple[int, int]]):
    """Winner/loser pairs; any other game is a draw."""
    def decide(white: int, black: int, game=None) -> str:
        if (white, black) in beats:
            return "1-0"
        if (black, white) in beats:
            return "0-1"
        return "1/2-1/2"
    return decide


# -- 2 players: mini-match, then Armageddon (1 a, 1 b) ------------------------------------------

def test_two_mini_match_decides():
    plan = playoff_plan([11, 22])
    assert plan.format == "2" and [g.id for g in playoff_status(plan, {}).pending] == ["m.g1", "m.g2"]
    res = {"m.g1": GameResult(11, 22, "1-0"), "m.g2": GameResult(22, 11, "1/2-1/2")}
    status = playoff_status(plan, res)
    assert status.finished and status.places == ((11,), (22,))
    assert status.log[-1][1] == "Mini-match 11 v 22: 1½–½; 11 wins."


def test_two_level_goes_to_armageddon_where_a_draw_wins_for_black():
    plan = playoff_plan([11, 22])
    res = {"m.g1": GameResult(11, 22, "1-0"), "m.g2": GameResult(22, 11, "1-0")}
    status = playoff_status(plan, res)
    assert not status.finished and [(g.id, g.armageddon) for g in status.pending] == [("m.arm", True)]
    res["m.arm"] = GameResult(22, 11, "1/2-1/2")
    assert playoff_status(plan, res).places == ((11,), (22,))  # Black (11) wins the drawn Armageddon


def test_two_colours_reverse_and_lot():
    plan = playoff_plan([11, 22])
    res = {"m.g1": GameResult(11, 22, "1-0")}
    assert [g.white for g in playoff_status(plan, res).pending] == [22]  # game 2: colours reversed
    with pytest.raises(EngineError, match="22 has White"):
        playoff_status(plan, {**res, "m.g2": GameResult(11, 22, "1-0")})
    seeded = playoff_plan([11, 22], lot_seed=7)
    g1, g2 = playoff_status(seeded, {}).pending
    assert g1.white in (11, 22) and g2.white == ({11, 22} - {g1.white}).pop()
    assert playoff_status(playoff_plan([11, 22], lot_seed=7), {}).pending == (g1, g2)  # replayable


def test_two_straight_to_armageddon():
    plan = playoff_plan([11, 22], armageddon_only=True)
    assert [g.id for g in playoff_status(plan, {}).pending] == ["m.arm"]


# -- 3 players (2 a-c) ------------------------------------------------------------------------------

def test_three_numbers_and_round_robin():
    plan = playoff_plan([1, 2, 3])
    assert plan.numbers == ((1, 1), (2, 3), (3, 2))  # HT1 -> no. 1, HT2 -> no. 3, HT3 -> no. 2
    numbered = {1: 1, 2: 3, 3: 2}
    expected = {f"rr.a.r{r}.{numbered[w]}-{numbered[b]}" for r, rnd in enumerate(berger_rounds(3), 1)
                for w, b in rnd if b}
    assert {g.id for g in playoff_status(plan, {}).pending} == expected
    status, _ = play(plan, by_beats({(2, 1), (2, 3), (1, 3)}))
    assert status.places == ((2,), (1,), (3,))


def test_three_two_eliminate_the_third_then_armageddon():
    # 1-2 drawn, both beat 3: 1 and 2 level on 1½ -> Armageddon (1 b), drawn with 2 Black -> 2.
    status, results = play(playoff_plan([1, 2, 3]), by_beats({(1, 3), (2, 3)}))
    assert results["rr.a.arm"] == GameResult(1, 2, "1/2-1/2")
    assert status.places == ((2,), (1,), (3,))


def test_three_subsidiary_places_shared():
    status, _ = play(playoff_plan([1, 2, 3]), by_beats({(1, 2), (1, 3)}))  # 2-3 drawn
    assert status.places == ((1,), (2, 3)) and not status.unresolved


def test_three_all_level_twice_then_fewest_moves():
    # (2 a) all drawn; (2 b) Armageddon round robin: a cycle 1>3, 3>2, 2>1 (one point each);
    # (2 c) the point in fewest moves: 1 in 40, 3 in 30, 2 in 50 -> 3, 1, 2.
    cycle = by_beats({(1, 3), (3, 2), (2, 1)})
    moves = {1: 40, 3: 30, 2: 50}
    plan = playoff_plan([1, 2, 3])
    status, results = play(plan, lambda w, b, g: cycle(w, b) if g.armageddon else "1/2-1/2",
                           moves=lambda gid, r: moves[r.white if r.score == "1-0" else r.black])
    assert sum(gid.startswith("rr.b.") for gid in results) == 3
    assert status.places == ((3,), (1,), (2,)) and not status.unresolved
    missing = {k: replace(v, moves=None) for k, v in results.items()}
    status = playoff_status(plan, missing)
    assert not status.finished and not status.pending and len(status.needs_moves) == 3


# -- 4 players: knockout 1v4, 2v3 (3) ----------------------------------------------------------------

def test_four_knockout_with_matches():
    plan = playoff_plan([1, 2, 3, 4])
    first = {g.id for g in playoff_status(plan, {}).pending}
    assert first == {"ko.k1.1-4.g1", "ko.k1.1-4.g2", "ko.k1.2-3.g1", "ko.k1.2-3.g2"}
    # 1 beats 4 2-0; 2-3 1-1, 3 wins the Armageddon; final 1 v 3: 3 wins 1½-½.
    res = {"ko.k1.1-4.g1": GameResult(1, 4, "1-0"), "ko.k1.1-4.g2": GameResult(4, 1, "0-1"),
           "ko.k1.2-3.g1": GameResult(2, 3, "1-0"), "ko.k1.2-3.g2": GameResult(3, 2, "1-0")}
    assert [g.id for g in playoff_status(plan, res).pending] == ["ko.k1.2-3.arm"]
    res["ko.k1.2-3.arm"] = GameResult(2, 3, "0-1")
    assert [g.id for g in playoff_status(plan, res).pending] == ["ko.k2.1-3.g1", "ko.k2.1-3.g2"]
    res["ko.k2.1-3.g1"] = GameResult(1, 3, "0-1")
    res["ko.k2.1-3.g2"] = GameResult(3, 1, "1/2-1/2")
    status = playoff_status(plan, res)
    assert status.places == ((3,), (1,), (2, 4))  # semi-final losers share 3rd-4th (f)


def test_four_knockout_by_armageddon_when_time_is_short():
    plan = playoff_plan([1, 2, 3, 4], knockout_matches=False)
    assert [g.id for g in playoff_status(plan, {}).pending] == ["ko.k1.1-4", "ko.k1.2-3"]
    assert play(plan)[0].places == ((1,), (2,), (3, 4))


# -- 5 players: round robin 1,4,2,5,3 (4 a-c) --------------------------------------------------------

def test_five_numbers_and_two_level():
    plan = playoff_plan([1, 2, 3, 4, 5])
    assert plan.numbers == ((1, 1), (2, 3), (3, 5), (4, 2), (5, 4))  # HT 1,2,3,4,5 -> numbers 1,4,2,5,3
    # 1 beats 3,4,5, loses to 2; 2 beats 1,3,4, loses to 5; 3 beats 4,5; 4 beats 5; 5 beats 2.
    # Scores 1: 3, 2: 3, 3: 2, 4: 1, 5: 1 -> 1 and 2 play Armageddon (1 b), which 2 wins again.
    beats = {(1, 3), (1, 4), (1, 5), (2, 1), (2, 3), (2, 4), (5, 2), (3, 4), (3, 5), (4, 5)}
    status, results = play(plan, by_beats(beats))
    assert "rr.tie" in results and status.places == ((2,), (1,), (3,), (4, 5))


def test_five_four_level_play_an_armageddon_knockout():
    # 1..4 all beat 5; 1>2, 2>3, 3>4, 4>1, 1-3 and 2-4 drawn: 1..4 on 2½, 5 on 0.
    # Knockout by Armageddon (4 b): 4 beats 1, 2 beats 3; final 2 v 4 drawn with 4 Black -> 4.
    decide = by_beats({(1, 5), (2, 5), (3, 5), (4, 5), (1, 2), (2, 3), (3, 4), (4, 1)})
    plan = playoff_plan([1, 2, 3, 4, 5])
    results = {}
    for g in playoff_status(plan, {}).pending:  # the round robin: White fixed by the Berger table
        black = g.b if g.white == g.a else g.a
        results[g.id] = GameResult(g.white, black, decide(g.white, black))
    pending = playoff_status(plan, results).pending
    assert [(g.id, g.armageddon) for g in pending] == [("rr.tie.k1.1-4", True), ("rr.tie.k1.2-3", True)]
    status, results = play(plan, decide)
    assert results["rr.tie.k2.2-4"] == GameResult(2, 4, "1/2-1/2")
    assert status.places == ((4,), (2,), (1, 3), (5,))


def test_five_all_level_fewest_moves_and_unresolved():
    # i beats i+1 and i+2 (mod 5): everyone 2 wins, 2 losses. Moves of a win = 60 - 10 x winner:
    # totals 1: 100, 2: 80, 3: 60, 4: 40, 5: 20 -> 5, 4, 3, 2, 1.
    beats = {(i, (i + k - 1) % 5 + 1) for i in range(1, 6) for k in (1, 2)}
    status, _ = play(playoff_plan([1, 2, 3, 4, 5]), by_beats(beats),
                     moves=lambda gid, r: 60 - 10 * (r.white if r.score == "1-0" else r.black))
    assert status.places == ((5,), (4,), (3,), (2,), (1,)) and not status.unresolved
    # All drawn: nobody won a game, the fewest-moves rule cannot decide: arbiter's call (k 11).
    status, _ = play(playoff_plan([1, 2, 3, 4, 5]), lambda w, b, g: "1/2-1/2")
    assert status.places == ((1, 2, 3, 4, 5),) and status.unresolved


# -- 6 players: sections (1,4,5) and (2,3,6) (5) -------------------------------------------------------

def test_six_sections_then_armageddon_final():
    plan = playoff_plan([1, 2, 3, 4, 5, 6])
    assert plan.sections == ((1, 4, 5), (2, 3, 6))
    # Section A: 4 beats 1 and 5, 1 beats 5 -> 4, 1, 5; section B: lower wins -> 2, 3, 6.
    # Final Armageddon 2 v 4: 4 wins. Section runners-up share 3rd-4th, thirds 5th-6th.
    decide = by_beats({(4, 1), (4, 5), (1, 5), (2, 3), (2, 6), (3, 6), (4, 2)})
    status, results = play(plan, decide)
    assert "s.final" in results and status.places == ((4,), (2,), (1, 3), (5, 6))


# -- 7 players: Armageddon round robin 1,5,2,6,3,7,4 (6) -----------------------------------------------

def test_seven_armageddon_round_robin_and_fewest_moves():
    plan = playoff_plan(list(range(1, 8)))
    assert plan.numbers == ((1, 1), (2, 3), (3, 5), (4, 7), (5, 2), (6, 4), (7, 6))
    assert all(g.armageddon for g in playoff_status(plan, {}).pending)
    # 1 beats 3..7 and loses to 2; 2 loses to 3; 3 beats 2 and 4..7: 1, 2, 3 on 5 wins each.
    # Fewest moves: 1's wins 30 moves each (150), 2's 25 (125), 3's 40 (200) -> 2, 1, 3.
    beats = {(1, k) for k in range(3, 8)} | {(2, 1)} | {(2, k) for k in range(4, 8)} | {(3, 2)}
    beats |= {(3, k) for k in range(4, 8)} | {(4, 5), (4, 6), (4, 7), (5, 6), (5, 7), (6, 7)}
    per_win = {1: 30, 2: 25, 3: 40}
    status, _ = play(plan, by_beats(beats),
                     moves=lambda gid, r: per_win[r.white if r.score == "1-0" else r.black])
    assert status.places == ((2,), (1,), (3,), (4,), (5,), (6,), (7,))


def test_seven_draws_count_for_black():
    status, _ = play(playoff_plan(list(range(1, 8))), lambda w, b, g: "1/2-1/2", moves=lambda gid, r: 50)
    # every game goes to Black: each player's score is his number of Black games in the Berger table
    numbered = {1: 1, 2: 5, 3: 2, 4: 6, 5: 3, 6: 7, 7: 4}  # pairing number -> player
    blacks = {p: 0 for p in range(1, 8)}
    for rnd in berger_rounds(7):
        for w, b in rnd:
            if b:
                blacks[numbered[b]] += 1
    best = max(blacks.values())
    assert set(status.places[0]) <= {p for p, n in blacks.items() if n == best}


# -- 8 players: knockout 1v8, 2v7, 3v6, 4v5 by Armageddon (7) ---------------------------------------

def test_eight_knockout():
    plan = playoff_plan(list(range(1, 9)))
    first = [g.id for g in playoff_status(plan, {}).pending]
    assert first == ["ko.k1.1-8", "ko.k1.4-5", "ko.k1.2-7", "ko.k1.3-6"]
    # Lower wins except 5 beats 4 and 3 beats 2 and 1: semi-finals 1 v 5, 2 v 3; final 1 v 3.
    upsets = by_beats({(5, 4), (3, 2), (3, 1)})
    status, results = play(plan, lambda w, b, g: upsets(w, b) if {w, b} in ({4, 5}, {2, 3}, {1, 3})
                           else lower_wins(w, b))
    assert {"ko.k2.1-5", "ko.k2.2-3", "ko.k3.1-3"} <= set(results)
    assert status.places == ((3,), (1,), (2, 5), (4, 6, 7, 8))


# -- 9 players: groups (1,5,9), (2,6,7), (3,4,8) as 2 b (8) --------------------------------------------

def test_nine_groups():
    plan = playoff_plan(list(range(1, 10)))
    assert plan.sections == ((1, 5, 9), (2, 6, 7), (3, 4, 8))
    assert all(g.armageddon for g in playoff_status(plan, {}).pending)
    status, results = play(plan)
    assert any(gid.startswith("s.final.b.") for gid in results)
    assert status.places == ((1,), (2,), (3,), (4, 5, 6), (7, 8, 9))


# -- 10 players: two sections of five as 4, winners 1 b (9) --------------------------------------------

def test_ten_two_sections_of_five():
    plan = playoff_plan(list(range(1, 11)))
    assert plan.sections == ((1, 4, 5, 8, 9), (2, 3, 6, 7, 10))
    status, results = play(plan, lambda w, b, g: by_beats({(2, 1)})(w, b) if {w, b} == {1, 2}
                           else lower_wins(w, b))
    assert "s.final" in results
    assert status.places == ((2,), (1,), (3, 4), (5, 6), (7, 8), (9, 10))


# -- 11+ players: ninth and lower eliminated, eight play as 8 (10) ------------------------------------

@pytest.mark.parametrize("n", [11, 12, 15])
def test_eleven_or_more(n):
    plan = playoff_plan(list(range(1, n + 1)))
    assert plan.format == "11+" and plan.eliminated == tuple(range(9, n + 1))
    status, _ = play(plan)
    assert status.places == ((1,), (2,), (3, 4), (5, 6, 7, 8), tuple(range(9, n + 1)))


# -- applying, errors, properties ----------------------------------------------------------------------

def _table() -> Standings:
    rows = (StandingRow(1, "1", 9, 10, ()), StandingRow(2, "2-4", 3, 8, ()), StandingRow(2, "2-4", 5, 8, ()),
            StandingRow(2, "2-4", 7, 8, ()), StandingRow(5, "5", 1, 6, ()))
    return Standings(rows, (), None, "cbjd", "seed")


def test_apply_playoff_takes_the_playoff_order():
    status, _ = play(playoff_plan([3, 5, 7]), by_beats({(7, 3), (7, 5)}))  # 3-5 drawn: share 3rd-4th
    table = apply_playoff(_table(), status)
    assert [(r.rank_label, r.start_no) for r in table.rows] == [
        ("1", 9), ("2", 7), ("3-4", 3), ("3-4", 5), ("5", 1)]
    with pytest.raises(EngineError, match="consecutive"):
        apply_playoff(_table(), play(playoff_plan([9, 5]))[0])
    with pytest.raises(EngineError, match="not finished"):
        apply_playoff(_table(), playoff_status(playoff_plan([3, 5]), {}))
    with pytest.raises(EngineError, match="not in this table"):
        apply_playoff(_table(), play(playoff_plan([3, 42]))[0])


def test_errors():
    with pytest.raises(EngineError, match="at least two"):
        playoff_plan([1])
    with pytest.raises(EngineError, match="twice"):
        playoff_plan([1, 1])
    with pytest.raises(EngineError, match="score"):
        GameResult(1, 2, "2-0")
    plan = playoff_plan([1, 2])
    with pytest.raises(EngineError, match="is 1 v 2"):
        playoff_status(plan, {"m.g1": GameResult(1, 3, "1-0")})
    with pytest.raises(EngineError, match="no such playoff game"):
        playoff_status(plan, {"m.arm": GameResult(1, 2, "1-0")})  # not due: the mini-match comes first


def test_plan_text_names_the_source_rows():
    for n, row in ((2, "(1 a)"), (3, "(2 a)"), (4, "(3)"), (5, "(4)"), (7, "(6)"), (8, "(7)"), (12, "(10)")):
        plan = playoff_plan(list(range(1, n + 1)))
        assert plan.steps[0][0].startswith(row) and plan.steps[0][1].startswith(row)


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 13), st.randoms(use_true_random=False), st.booleans())
def test_any_results_end_in_a_partition_of_the_tie(n, rnd, matches):
    plan = playoff_plan(list(range(100, 100 + n)), knockout_matches=matches)
    status, _ = play(plan, lambda w, b, g: rnd.choice(["1-0", "0-1", "1/2-1/2"]),
                     moves=lambda gid, r: rnd.randint(20, 80))
    flat = [p for g in status.places for p in g]
    assert sorted(flat) == list(range(100, 100 + n))
    assert len(status.places[0]) == 1 or status.unresolved


def test_armageddon_only_also_shortens_the_four_player_knockout():
    plan = playoff_plan([1, 2, 3, 4], armageddon_only=True)
    assert [g.id for g in playoff_status(plan, {}).pending] == ["ko.k1.1-4", "ko.k1.2-3"]
    assert plan.steps[0][1].startswith("(3) Knockout 1v4, 2v3 in HT order (1, 2, 3, 4), Armageddon games")
