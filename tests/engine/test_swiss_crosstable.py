"""The Swiss crosstable: rows in the given (rank) order, per round opponent's line, colour, result."""

from __future__ import annotations

import pytest

from damas.engine.crosstable import build_swiss_crosstable
from damas.engine.rulesets import get_ruleset
from damas.engine.types import Color, EngineError, Entrant, EntrantStatus, Outcome, RoundResult, TournamentState

W, B = Color.WHITE, Color.BLACK


def _state(rows: dict[int, tuple[RoundResult, ...]], excluded: frozenset[int] = frozenset()) -> TournamentState:
    entrants = tuple(Entrant(no, f"P{no}", 2000 - no,
                             status=EntrantStatus.EXCLUDED if no in excluded else EntrantStatus.ACTIVE)
                     for no in sorted(rows))
    return TournamentState(entrants=entrants, results=rows, total_rounds=3)


# 5 players, 2 rounds. R1: 1-2 1-0, 3-4 draw, 5 pairing bye. R2: 5-1 (1 wins as Black), 2-3 forfeit win for 2, 4 half bye.
ROWS = {
    1: (RoundResult(1, Outcome.WIN, 2, W), RoundResult(2, Outcome.WIN, 5, B)),
    2: (RoundResult(1, Outcome.LOSS, 1, B), RoundResult(2, Outcome.FORFEIT_WIN, 3, W)),
    3: (RoundResult(1, Outcome.DRAW, 4, W), RoundResult(2, Outcome.FORFEIT_LOSS, 2, B)),
    4: (RoundResult(1, Outcome.DRAW, 3, B), RoundResult(2, Outcome.HALF_BYE)),
    5: (RoundResult(1, Outcome.PAIRING_BYE), RoundResult(2, Outcome.LOSS, 1, W)),
}


def test_cells_name_the_opponents_line_in_rank_order() -> None:
    table = build_swiss_crosstable(_state(ROWS), "cbjd", [1, 2, 5, 4, 3])
    assert table.rounds == 2
    assert [(r.line, r.start_no) for r in table.rows] == [(1, 1), (2, 2), (3, 5), (4, 4), (5, 3)]
    texts = {r.start_no: [c.text for c in r.cells] for r in table.rows}
    assert texts == {
        1: ["2w2", "3b2"],
        2: ["1b0", "5w+"],
        5: ["2", "1w0"],  # the pairing bye scores a win in draughts (2), no opponent
        4: ["5b1", "1"],
        3: ["4w1", "2b-"],
    }
    assert [c.opponent for c in table.rows[2].cells] == [None, 1]
    assert [(r.total, r.total_text) for r in table.rows] == [(4, "4"), (2, "2"), (2, "2"), (2, "2"), (1, "1")]


def test_chess_points_and_players_missing_from_the_order() -> None:
    table = build_swiss_crosstable(_state(ROWS), get_ruleset("fide"), [3])
    assert [r.start_no for r in table.rows] == [3, 1, 2, 4, 5]  # the rest by start number
    assert [c.text for c in table.rows[0].cells] == ["4w½", "3b-"]
    assert [c.text for c in table.rows[1].cells] == ["3w1", "5b1"]


def test_excluded_player_shown_without_total_and_unknown_numbers_refused() -> None:
    table = build_swiss_crosstable(_state(ROWS, excluded=frozenset({5})), "cbjd", [1, 2, 3, 4, 5])
    last = table.rows[-1]
    assert (last.start_no, last.counted, last.total, last.total_text) == (5, False, None, "-")
    with pytest.raises(EngineError):
        build_swiss_crosstable(_state(ROWS), "cbjd", [1, 9])
