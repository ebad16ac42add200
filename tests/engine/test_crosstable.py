"""Crosstable as plain data: cells with colour, forfeits, double round robin, withdrawals, columns."""

from __future__ import annotations

from fractions import Fraction

import pytest

from damas.engine.crosstable import build_crosstable
from damas.engine.types import EngineError, Outcome
from damas.engine.withdrawals import apply_withdrawals

try:
    from .test_withdrawals_helpers import TABLE_4, TABLE_6, rr_state
except ImportError:  # tests/engine is not a package
    from test_withdrawals_helpers import TABLE_4, TABLE_6, rr_state  # type: ignore[no-redef]

W, D, L = Outcome.WIN, Outcome.DRAW, Outcome.LOSS
# 4 players: 1 beats 4, 2-3 drawn; 3 beats 4 (as Black), 1-2 drawn; 2 beats 4, 3-1 drawn.
FOUR = {(1, 1, 4): W, (1, 2, 3): D, (2, 4, 3): L, (2, 1, 2): D, (3, 2, 4): W, (3, 3, 1): D}


def _texts(table) -> dict[int, list[str]]:  # type: ignore[no-untyped-def]
    return {row.start_no: [c.text if c else "" for c in row.cells] for row in table.rows}


def test_single_round_robin_draughts_by_hand() -> None:
    table = build_crosstable(rr_state(4, TABLE_4, FOUR), "cbjd")
    assert table.columns == (1, 2, 3, 4)
    assert _texts(table) == {
        1: ["", "1w", "1b", "2w"],
        2: ["1b", "", "1w", "2w"],
        3: ["1w", "1b", "", "2b"],
        4: ["0b", "0b", "0w", ""],
    }
    assert [(r.total, r.total_text) for r in table.rows] == [(4, "4"), (4, "4"), (4, "4"), (0, "0")]
    cell = table.row(3).cells[3]
    assert cell is not None and cell.rounds == (2,) and cell.points == 2


def test_chess_display_half_points() -> None:
    table = build_crosstable(rr_state(4, TABLE_4, FOUR), "fide")
    assert _texts(table)[1] == ["", "½w", "½b", "1w"]
    assert table.row(1).total == 4 and table.row(1).total_text == "2"


def test_double_round_robin_two_entries_per_cell() -> None:
    double = TABLE_4 + [[(4, 1), (3, 2)], [(3, 4), (2, 1)], [(4, 2), (1, 3)]]
    double = [double[0], double[2], double[1]] + double[3:]  # first cycle: rounds 2 and 3 exchanged
    results = {(r, w, b): W for r, boards in enumerate(double, start=1) for w, b in boards}
    table = build_crosstable(rr_state(4, double, results), "cbjd")
    cell = table.row(1).cells[3]
    assert cell is not None
    assert (cell.rounds, cell.entries, cell.text, cell.points) == ((1, 4), ("2w", "0b"), "2w 0b", 2)
    # 2: lost to 1 in round 3 (Black), beat him in round 5 (White); then 3 and 4 as White first
    assert _texts(table)[2] == ["0b 2w", "", "2w 0b", "2w 0b"]
    # every player: 3 Whites won, 3 Blacks lost = 6 points
    assert {row.total for row in table.rows} == {6}


def test_withdrawn_player_not_counted_shown_with_marks() -> None:
    early = {
        (1, 1, 6): W, (1, 2, 5): W, (1, 3, 4): W,
        (2, 6, 4): W, (2, 5, 3): W, (2, 1, 2): W,
        (3, 2, 6): None, (3, 3, 1): W, (3, 4, 5): W,
    }  # fmt: skip
    res = apply_withdrawals(rr_state(6, TABLE_6, early), "fide", "round_robin", {6: 2}, scheduled_games=5)
    table = build_crosstable(res.table_state, "fide", score_state=res.state, marks=res.marks)
    six = table.row(6)
    # his games stay in the table, in brackets: not counted in the final standings (FIDE-GR d)
    assert [c.text if c else "" for c in six.cells] == ["[0b]", "[-]", "", "[1w]", "", ""]
    assert (six.counted, six.total, six.total_text) == (False, None, "-")
    assert table.row(2).cells[5].text == "[+]"  # type: ignore[union-attr]
    # 1 beat 6 in round 1: shown, but not in his total (FIDE-GR d): 1 has only the win over 2
    assert table.row(1).cells[5].text == "[1w]" and table.row(1).total == 2  # type: ignore[union-attr]


def test_byes_ranks_tiebreaks_and_numbers() -> None:
    five = {(1, 2, 5): D, (1, 3, 4): W}
    state = rr_state(5, TABLE_6, five)
    table = build_crosstable(
        state,
        "cbjd",
        pairing_numbers={1: 5, 2: 4, 3: 3, 4: 2, 5: 1},
        ranks={1: 1, 3: 1, 2: 3, 5: 3, 4: 5},
        tiebreaks={3: {"SB": Fraction(5, 2)}},
        tiebreak_codes=("SB",),
    )
    assert table.columns == (5, 4, 3, 2, 1)
    assert [r.number for r in table.rows] == [1, 2, 3, 4, 5]
    assert table.row(1).other == ("R1: bye 2",)
    assert table.row(1).total == 2 and table.row(1).rank == 1
    assert table.row(3).tiebreaks == {"SB": Fraction(5, 2)} and table.tiebreak_codes == ("SB",)
    assert table.row(4).rank == 5 and table.row(4).tiebreaks == {}
    with pytest.raises(EngineError):
        build_crosstable(state, "cbjd", pairing_numbers={1: 1})
    with pytest.raises(EngineError):
        table.row(9)


def test_forfeits_shown_as_plus_minus() -> None:
    state = rr_state(4, TABLE_4, {(1, 1, 4): Outcome.FORFEIT_WIN, (1, 2, 3): Outcome.DOUBLE_FORFEIT})
    table = build_crosstable(state, "cbjd")
    assert _texts(table) == {
        1: ["", "", "", "+"],
        2: ["", "", "-", ""],
        3: ["", "-", "", ""],
        4: ["-", "", "", ""],
    }
    assert [r.total for r in table.rows] == [2, 0, 0, 0]
    club = build_crosstable(state, "club")  # CLUB: both absent is a draw (½-½)
    assert club.row(2).total == 1 and club.row(2).cells[2].text == "-"  # type: ignore[union-attr]


def test_cbjd_105a_annulled_games_are_marked_and_cells_add_up_to_the_total() -> None:
    """CBJD 105 A a: player 6 withdraws after playing 2 of 5 games -> excluded, all his results
    annulled. His games stay visible in the table, in brackets, and count in nobody's cells:
    every counted row's cells add up to its total."""
    early = {
        (1, 1, 6): W, (1, 2, 5): W, (1, 3, 4): W,
        (2, 6, 4): W, (2, 5, 3): W, (2, 1, 2): W,
        (3, 2, 6): None, (3, 3, 1): W, (3, 4, 5): W,
    }  # fmt: skip
    res = apply_withdrawals(rr_state(6, TABLE_6, early), "cbjd", "round_robin", {6: 2}, scheduled_games=5)
    table = build_crosstable(res.table_state, "cbjd", score_state=res.state, marks=res.marks)
    assert table.row(1).cells[5].text == "[2w]"  # type: ignore[union-attr]
    assert table.row(4).cells[5].text == "[0b]"  # type: ignore[union-attr]
    assert table.row(6).cells[0].text == "[0b]"  # type: ignore[union-attr]
    for row in table.rows:
        if row.counted:
            assert sum(c.points for c in row.cells if c) == row.total, row.start_no
    assert table.row(1).total == 2  # the win over 2 only


def test_cbjd_105a_swiss_crosstable_marks_annulled_games() -> None:
    from damas.engine.crosstable import build_swiss_crosstable

    early = {
        (1, 1, 6): W, (1, 2, 5): W, (1, 3, 4): W,
        (2, 6, 4): W, (2, 5, 3): W, (2, 1, 2): W,
    }  # fmt: skip
    res = apply_withdrawals(rr_state(6, TABLE_6, early), "cbjd", "round_robin", {6: 2}, scheduled_games=5)
    table = build_swiss_crosstable(res.table_state, "cbjd", [1, 2, 3, 4, 5, 6], score_state=res.state,
                                   marks=res.marks)
    one = next(r for r in table.rows if r.start_no == 1)
    assert one.cells[0].text == "[6w2]" and one.cells[0].annulled
    assert sum(c.points for c in one.cells) == one.total
