"""Withdrawals per rule set (CBJD 105, FIDE-GR "Where not all games are played", CLUB), worked by hand."""

from __future__ import annotations

import pytest

from damas.engine.rulesets import get_ruleset
from damas.engine.types import EngineError, EntrantStatus, Outcome, TournamentState
from damas.engine.withdrawals import apply_withdrawals

try:
    from .test_withdrawals_helpers import TABLE_6, rr_state
except ImportError:  # tests/engine is not a package
    from test_withdrawals_helpers import TABLE_6, rr_state  # type: ignore[no-redef]

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS


def totals(state: TournamentState, code: str) -> dict[int, int]:
    rs = get_ruleset(code)
    return {e.start_no: rs.total(state.rounds_of(e.start_no)) for e in state.entrants}


# 6 players; player 6 leaves after round 2 having played 2 games (White wins every game played).
# Round 3: 2-6 not played, 3 beats 1, 4 beats 5.
EARLY = {
    (1, 1, 6): W, (1, 2, 5): W, (1, 3, 4): W,
    (2, 6, 4): W, (2, 5, 3): W, (2, 1, 2): W,
    (3, 2, 6): None, (3, 3, 1): W, (3, 4, 5): W,
}  # fmt: skip

# 6 players; player 6 leaves after round 3 having played 3 games; rounds 4 and 5 recorded
# without his boards (6-5 in round 4, 3-6 in round 5).
LATE = {
    (1, 1, 6): W, (1, 2, 5): W, (1, 3, 4): W,
    (2, 6, 4): W, (2, 5, 3): W, (2, 1, 2): W,
    (3, 2, 6): W, (3, 3, 1): W, (3, 4, 5): W,
    (4, 6, 5): None, (4, 1, 4): W, (4, 2, 3): W,
    (5, 3, 6): None, (5, 4, 2): W, (5, 5, 1): W,
}  # fmt: skip


def test_cbjd_round_robin_not_more_than_half_is_excluded() -> None:
    # CBJD 105 A a: 2 of 5 games played (not more than half) -> excluded, results annulled.
    state = rr_state(6, TABLE_6, EARLY)
    assert totals(state, "cbjd") == {1: 4, 2: 2, 3: 4, 4: 2, 5: 2, 6: 2}
    res = apply_withdrawals(state, "cbjd", "round_robin", {6: 2}, scheduled_games=5)
    # 1 loses his win over 6 (2 points), 4 his loss to 6 (0 points); 6 leaves the standings
    assert totals(res.state, "cbjd") == {1: 2, 2: 2, 3: 4, 4: 2, 5: 2, 6: 0}
    assert res.state.entrant(6).status is EntrantStatus.EXCLUDED  # listed unranked
    st = res.statuses[6]
    assert (st.played, st.scheduled, st.counted, st.status) == (2, 5, False, EntrantStatus.EXCLUDED)
    assert "excluído" in st.reason_pt and "2 de 5" in st.reason_pt and "CBJD 105 A a" in st.reason_pt
    assert "excluded" in st.reason_en
    assert res.not_counted == {6}
    assert res.marks == {}  # nothing filled: his games are annulled, not forfeited
    assert res.table_state.entrant(6).status is EntrantStatus.EXCLUDED
    assert res.table_state.results == state.results


def test_cbjd_round_robin_more_than_half_stays_with_forfeits() -> None:
    # CBJD 105 A b: 3 of 5 played -> stays; rounds 4 (6-5) and 5 (3-6) are losses by W.O.
    state = rr_state(6, TABLE_6, LATE)
    res = apply_withdrawals(state, "cbjd", "round_robin", {6: 3}, scheduled_games=5)
    assert totals(res.state, "cbjd") == {1: 6, 2: 6, 3: 6, 4: 4, 5: 6, 6: 2}
    assert sum(totals(res.state, "cbjd").values()) == 30  # 15 games x 2 points
    assert res.statuses[6].counted and res.statuses[6].status is EntrantStatus.WITHDRAWN
    assert res.marks == {(6, 4): "-", (5, 4): "+", (6, 5): "-", (3, 5): "+"}
    r4 = res.state.rounds_of(5)[3]
    assert (r4.outcome, r4.opponent) == (Outcome.FORFEIT_WIN, 6)
    assert "mais da metade" in res.statuses[6].reason_pt


@pytest.mark.parametrize("ruleset", ["cbjd", "fide", "club"])
def test_swiss_results_stand(ruleset: str) -> None:
    # CBJD 105 B / FIDE-GR f / CLUB: results stand, not paired again
    state = rr_state(6, TABLE_6, EARLY)
    res = apply_withdrawals(state, ruleset, "swiss", {6: 2}, scheduled_games=5)
    assert totals(res.state, ruleset) == totals(state, ruleset)
    assert res.state.results == state.results
    assert res.statuses[6].counted and res.marks == {}
    assert res.state.entrant(6).status is EntrantStatus.WITHDRAWN
    assert "rodada 2" in res.statuses[6].reason_pt and "round 2" in res.statuses[6].reason_en


def test_fide_round_robin_less_than_half_not_counted_but_shown() -> None:
    # FIDE-GR d: 2 of 5 completed (< 50%): games stay in the table, '-' / '+' for the unplayed,
    # points by him or against him not counted.
    state = rr_state(6, TABLE_6, EARLY)
    res = apply_withdrawals(state, "fide", "round_robin", {6: 2}, scheduled_games=5)
    assert totals(res.state, "fide") == {1: 2, 2: 2, 3: 4, 4: 2, 5: 2, 6: 0}  # half points
    assert res.state.entrant(6).status is EntrantStatus.EXCLUDED
    assert res.marks == {(6, 3): "-", (2, 3): "+"}
    r3 = res.table_state.rounds_of(2)[2]
    assert (r3.outcome, r3.opponent) == (Outcome.FORFEIT_WIN, 6)
    assert res.table_state.entrant(6).status is EntrantStatus.WITHDRAWN
    assert not res.statuses[6].counted and "less than 50%" in res.statuses[6].reason_en


# 5 players (6 = bye): 5 plays 2-5 (R1), 5-3 (R2), 4-5 (R3), bye (R4), 5-1 (R5).
# 2-5 drawn, 3 beats 4; 5 beats 3, 1-2 drawn; 3-1 drawn, 4-5 not played (5 left after R2).
FIVE = {
    (1, 2, 5): D, (1, 3, 4): W,
    (2, 5, 3): W, (2, 1, 2): D,
    (3, 3, 1): D, (3, 4, 5): None,
}  # fmt: skip


def test_exactly_half_differs_between_cbjd_and_fide() -> None:
    state = rr_state(5, TABLE_6, FIVE)
    # byes: 1 (R1), 4 (R2), 2 (R3), each worth 2 units in both rule sets
    cbjd = apply_withdrawals(state, "cbjd", "round_robin", {5: 2}, scheduled_games=4)
    assert not cbjd.statuses[5].counted  # 2 of 4 is not MORE than half (CBJD 105 A a)
    assert totals(cbjd.state, "cbjd") == {1: 4, 2: 3, 3: 3, 4: 2, 5: 0}
    fide = apply_withdrawals(state, "fide", "round_robin", {5: 2}, scheduled_games=4)
    assert fide.statuses[5].counted  # 2 of 4 is AT LEAST 50% (FIDE-GR e)
    assert totals(fide.state, "fide") == {1: 4, 2: 4, 3: 3, 4: 4, 5: 3}
    assert fide.marks == {(5, 3): "-", (4, 3): "+"}


def test_club_round_robin_remaining_opponents_win() -> None:
    state = rr_state(5, TABLE_6, FIVE)
    res = apply_withdrawals(state, "club", "roundrobin", {5: 2}, scheduled_games=4)
    assert res.statuses[5].counted
    assert totals(res.state, "club") == {1: 4, 2: 4, 3: 3, 4: 4, 5: 3}
    assert "recebem vitórias" in res.statuses[5].reason_pt


def test_two_withdrawn_players_meeting_later_both_minus() -> None:
    # 5 and 6 both leave after round 2; their round-4 game 6-5 is shown '-' '-' (FIDE-GR d)
    results = dict(EARLY)
    results[(3, 4, 5)] = None
    results.update({(4, 6, 5): None, (4, 1, 4): W, (4, 2, 3): W})
    state = rr_state(6, TABLE_6, results)
    res = apply_withdrawals(state, "fide", "round_robin", {5: 2, 6: 2}, scheduled_games=5)
    assert res.marks[(6, 4)] == "-" and res.marks[(5, 4)] == "-"
    assert res.table_state.rounds_of(6)[3].outcome is Outcome.DOUBLE_FORFEIT
    assert res.not_counted == {5, 6}
    excluded = {e.start_no for e in res.state.entrants if e.status is EntrantStatus.EXCLUDED}
    assert excluded == {5, 6}


def test_pairing_numbers_and_errors() -> None:
    state = rr_state(6, TABLE_6, EARLY)
    with pytest.raises(EngineError):
        apply_withdrawals(state, "cbjd", "knockout", {6: 2}, 5)
    with pytest.raises(EngineError):
        apply_withdrawals(state, "uscf", "swiss", {6: 2}, 5)
    with pytest.raises(EngineError):
        apply_withdrawals(state, "cbjd", "swiss", {9: 2}, 5)
    with pytest.raises(EngineError):  # he played round 2 after "leaving" after round 1
        apply_withdrawals(state, "cbjd", "swiss", {6: 1}, 5)
    with pytest.raises(EngineError):
        apply_withdrawals(state, "cbjd", "swiss", {6: 2}, 0)
    # with pairing numbers reversed (start 6 is number 1, ...) round 3's table game 2-6 is
    # start 5 v start 1, which was played: the table does not match the state
    numbers = {s: 7 - s for s in range(1, 7)}
    with pytest.raises(EngineError):
        apply_withdrawals(state, "fide", "round_robin", {6: 2}, 5, pairing_numbers=numbers)


def test_standings_list_the_excluded_player_unranked() -> None:
    from damas.engine.standings import compute_standings

    res = apply_withdrawals(rr_state(6, TABLE_6, EARLY), "cbjd", "round_robin", {6: 2}, scheduled_games=5)
    standings = compute_standings(res.state, "cbjd", [])
    ranked = [(row.start_no, row.points) for row in standings.rows if not row.excluded]
    assert ranked[0] == (3, 4) and sorted(ranked) == [(1, 2), (2, 2), (3, 4), (4, 2), (5, 2)]
    assert [(row.start_no, row.rank, row.excluded) for row in standings.rows][-1] == (6, 0, True)
