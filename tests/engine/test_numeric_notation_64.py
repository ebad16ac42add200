"""The numeric notation of the 64-square board (the federation's opening tables, CBJD 119):
square 1 = g1 ... 32 = b8 [ours, module doc of `damas.engine.games.notation`], read in records as
the same moves as file-and-rank notation, never both in one record; and a record's first moves
against the drawn opening."""
from __future__ import annotations

import pytest

from damas.engine.games.draughts_rules import BRAZILIAN, INTERNATIONAL
from damas.engine.games.notation import (
    ALGEBRAIC,
    NUMERIC,
    DraughtsMove,
    mixed_notation,
    parse_draughts_move,
    square_64,
    square_out_of_range,
)
from damas.engine.games.opening_check import opening_departure, opening_moves
from damas.engine.games.types import ProblemKind
from damas.engine.regulations import regulations

# the federation's table (as the demo loads it) and the same openings by file and rank
TABLE = {
    "01": ("11-15 22-18 15x22", "c3-d4 f6-e5 d4xf6"),
    "02": ("11-15 22-17 8-11", "c3-d4 f6-g5 b2-c3"),
    "03": ("11-15 23-19 9-13", "c3-d4 d6-c5 g3-h4"),
    "04": ("11-16 22-18 16-20", "c3-b4 f6-e5 b4-a5"),
    "05": ("12-16 22-18 16-20", "a3-b4 f6-e5 b4-a5"),
    "06": ("9-13 22-18 13-17", "g3-h4 f6-e5 h4-g5"),
    "07": ("10-14 22-18 14-17", "e3-f4 f6-e5 f4-g5"),
    "08": ("10-15 21-17 15-19", "e3-d4 h6-g5 d4-c5"),
}


def test_the_squares_are_numbered_from_whites_lower_right_corner_row_by_row():
    assert [square_64(n) for n in (1, 2, 3, 4)] == ["g1", "e1", "c1", "a1"]
    assert [square_64(n) for n in (5, 8, 9, 12)] == ["h2", "b2", "g3", "a3"]
    assert [square_64(n) for n in (29, 32)] == ["h8", "b8"]
    assert len({square_64(n) for n in range(1, 33)}) == 32
    for bad in (0, 33):
        with pytest.raises(ValueError):
            square_64(bad)


def test_white_starts_on_1_to_12_and_black_on_21_to_32():
    start = BRAZILIAN.start()
    white, black = start.split(":")[1][1:].split(","), start.split(":")[2][1:].split(",")
    assert sorted(white) == sorted(square_64(n) for n in range(1, 13))
    assert sorted(black) == sorted(square_64(n) for n in range(21, 33))


@pytest.mark.parametrize("code", sorted(TABLE))
def test_every_opening_of_the_table_is_the_same_game_in_both_notations(code):
    numeric, algebraic = TABLE[code]
    by_number, by_name = BRAZILIAN.check(numeric.split()), BRAZILIAN.check(algebraic.split())
    assert by_number.legal and by_name.legal
    assert [p.notation for p in by_number.plies] == [p.notation for p in by_name.plies] == algebraic.split()
    assert by_number.positions == by_name.positions
    assert [p.written for p in by_number.plies] == numeric.split()  # kept as written


def test_a_numeric_move_parses_to_the_squares_of_its_algebraic_name():
    assert parse_draughts_move("11-15", 64) == DraughtsMove(("c3", "d4"), False, NUMERIC)
    assert parse_draughts_move("15x22", 64).squares == ("d4", "f6")
    assert parse_draughts_move("15:22", 64).capture
    assert parse_draughts_move("c3-d4", 64).notation == ALGEBRAIC
    assert parse_draughts_move("c3-15", 64) is None  # one move, one notation
    assert parse_draughts_move("33-29", 64) is None and parse_draughts_move("0-4", 64) is None
    assert parse_draughts_move("32-28", 100).squares == ("32", "28")  # 100 squares: numbers as before
    assert parse_draughts_move("c3-d4", 100) is None


def test_a_square_past_the_board_is_named():
    assert square_out_of_range("33-29", 64) == "33"
    assert square_out_of_range("0-4", 64) == "0"
    assert square_out_of_range("11-15", 64) is None and square_out_of_range("c3-d4", 64) is None
    assert square_out_of_range("51-46", 100) == "51"
    game = BRAZILIAN.check(["33-29"])
    assert game.problem is not None and game.problem.kind == ProblemKind.UNREADABLE


def test_a_record_in_two_notations_is_found_at_the_first_move_that_changes():
    assert mixed_notation(["11-15", "22-18", "d4xf6"], 64) == 3
    assert mixed_notation(["c3-d4", "22-18"], 64) == 2
    assert mixed_notation(["11-15", "33-29", "22-18"], 64) is None  # unreadable moves are the rules' to refuse
    assert mixed_notation(["c3-d4", "f6-e5"], 64) is None
    assert mixed_notation(["32-28", "19-23"], 100) is None


def test_a_numeric_game_plays_on_with_captures_and_a_turning_square():
    game = BRAZILIAN.check("11-15 22-18 15x22 25x18".split())
    assert game.legal and [p.notation for p in game.plies] == ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]


def test_opening_moves_in_the_games_notation():
    assert opening_moves(BRAZILIAN, "1. 10-15 21-17 2. 15-19") == (("e3-d4", "h6-g5", "d4-c5"), True)
    assert opening_moves(BRAZILIAN, "11-15 22-19 8-11") == (("c3-d4",), False)  # 22-19 is no move
    assert opening_moves(INTERNATIONAL, "32-28 19-23") == (("32-28", "19-23"), True)


def test_a_record_that_follows_the_opening_is_not_flagged():
    assert opening_departure(BRAZILIAN, "10-15 21-17 15-19", ["e3-d4", "h6-g5", "d4-c5", "b6xd4"]) is None
    assert opening_departure(BRAZILIAN, "10-15 21-17 15-19", ["e3-d4", "h6-g5"]) is None  # shorter, no departure


def test_a_record_that_leaves_the_opening_names_the_first_differing_ply():
    found = opening_departure(BRAZILIAN, "10-15 21-17 15-19", ["e3-d4", "h6-g5", "d4-e5", "f6xd4"])
    assert found is not None and found.playable
    assert (found.ply, found.expected, found.played) == (3, ("e3-d4", "h6-g5", "d4-c5"), ("e3-d4", "h6-g5", "d4-e5"))
    irregular = opening_departure(BRAZILIAN, "10-15 21-17 15-19", ["e3-d4"], ["a7-b6", "d4-c5"])
    assert irregular is not None and irregular.ply == 2


def test_an_opening_the_rules_cannot_play_is_said_so():
    found = opening_departure(BRAZILIAN, "11-15 22-19 8-11", ["c3-d4", "f6-e5"])
    assert found is not None and not found.playable and found.ply == 0


def test_the_regulations_of_a_micro_match_event_state_the_numbering():
    pt = regulations("cbjd", "micromatch", (), "pt").system_rules
    en = regulations("cbjd", "micromatch", (), "en").system_rules
    assert any("(1 = g1, 4 = a1, 5 = h2, 32 = b8) [ours]" in line and "numa só notação" in line for line in pt)
    assert any("numbered 1 to 32 from White's side" in line for line in en)
    assert [square_64(n) for n in (1, 4, 5, 32)] == ["g1", "a1", "h2", "b8"]  # what the text says
