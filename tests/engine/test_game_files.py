"""PDN / PGN files (issue 32 point 4): reading what sheets and other programs write, writing what
the libraries read back, and the comparison of a record's end with the board's result."""
from __future__ import annotations

import io

import chess.pgn
import pytest
from draughts.PDN import PDNReader

from damas.engine.games import BoardOutcome, Contradiction, Verdict, contradictions, result_token, rules_for
from damas.engine.games.files import GameFileError, read_games, write_game
from damas.engine.games.notation import CHESS_RESULTS, DRAUGHTS_RESULTS, read_movetext

BR, CHESS = rules_for("damas-64"), rules_for("xadrez")


def test_movetext_drops_numbers_comments_variations_and_nags():
    text = "1. c3-d4 {book} f6-e5 (1... f6-g5 2. g3-h4) 2.d4xf6 $1 g7xe5?! ; line comment\n 3... e5-f4 2-0"
    assert read_movetext(text) == read_movetext("c3-d4 f6-e5 d4xf6 g7xe5 e5-f4 2-0")
    assert read_movetext(text).result == "2-0"


def test_chess_castling_with_zeros_is_a_move_not_a_result():
    assert read_movetext("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. 0-0 1-0", CHESS_RESULTS).moves[-1] == "0-0"


def test_pdn_games_split_even_where_pydraughts_misreads_them():
    text = ('[Event "A"]   \n[White "Silva, Ana"]\n\n32-28 19-23 28x19 14x23 2-0\n'
            '[Event "B"]\n[GameType "20"]\n1. 32-28 19-23 1-1\n')
    games = read_games(text, DRAUGHTS_RESULTS)
    assert [g.tags["Event"] for g in games] == ["A", "B"]
    assert games[0].movetext.moves == ("32-28", "19-23", "28x19", "14x23") and games[0].line == 1
    assert games[1].line == 5
    # pydraughts: the trailing blanks spoil the tag, no move numbers -> no moves
    assert PDNReader(pdn_text=text).games[0].moves == []


def test_a_malformed_tag_is_refused_with_its_line():
    with pytest.raises(GameFileError) as refused:
        read_games('[Event "A"]\n[White Silva]\n\n1. e4 *\n', CHESS_RESULTS)
    assert refused.value.line == 2


def test_written_pdn_is_read_back_by_pydraughts_and_by_us():
    game = BR.check(["c3-d4", "f6-e5", "d4xf6", "g7xe5"])
    tags = {"Event": "Estadual", "White": 'Ana "A" Silva', "Black": "Bruno", "Result": "2-0",
            "GameType": "26", "WhiteRating": 1800}
    text = write_game(tags, [p.notation for p in game.plies], "2-0")
    (back,) = read_games(text, DRAUGHTS_RESULTS)
    assert back.tags["White"] == 'Ana "A" Silva' and back.tags["WhiteRating"] == "1800"
    assert back.movetext.moves == ("c3-d4", "f6-e5", "d4xf6", "g7xe5") and back.movetext.result == "2-0"
    library = PDNReader(pdn_text=text).games[0]
    assert library.variant == "brazilian" and library.moves == ["c3-d4", "f6-e5", "d4xf6", "g7xe5"]
    assert list(text.splitlines()[:7]) == ['[Event "Estadual"]', '[Site "?"]', '[Date "?"]', '[Round "?"]',
                                           '[White "Ana \\"A\\" Silva"]', '[Black "Bruno"]', '[Result "2-0"]']


def test_written_pgn_is_read_back_by_python_chess():
    moves = "e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 Nb8 d4 Nbd7".split()
    game = CHESS.check(moves)
    text = write_game({"Event": "Aberto", "White": "A", "Black": "B", "Result": "1/2-1/2"},
                      [p.notation for p in game.plies], "1/2-1/2")
    parsed = chess.pgn.read_game(io.StringIO(text))
    assert parsed.headers["Event"] == "Aberto" and not parsed.errors
    assert [parsed.board().san(m) for m in [*parsed.mainline_moves()][:1]] == ["e4"]
    assert len(list(parsed.mainline_moves())) == 20
    assert max(len(line) for line in text.splitlines()) <= 79


def test_result_tokens_per_file_kind():
    assert result_token(BR, Verdict.WHITE_WINS) == "2-0" and result_token(CHESS, Verdict.DRAW) == "1/2-1/2"
    assert result_token(BR, None, both_lost=True) == "0-0"


def test_a_draw_recorded_as_a_win_is_a_contradiction():
    game = BR.check(["c3-d4", "f6-e5"])
    assert contradictions(game, "1-1", BoardOutcome(Verdict.WHITE_WINS)) == [Contradiction.RESULT]
    assert contradictions(game, "2-0", BoardOutcome(Verdict.WHITE_WINS)) == []
    assert contradictions(game, "", BoardOutcome(Verdict.WHITE_WINS)) == []  # resigned: no token, nothing to say
    assert contradictions(game, "*", BoardOutcome(Verdict.DRAW)) == [Contradiction.NOT_OVER]
    assert contradictions(game, "*", BoardOutcome(None)) == []  # the board has no result yet


def test_a_final_position_that_decides_otherwise_is_a_contradiction():
    mate = CHESS.check("f3 e5 g4 Qh4#".split())
    assert contradictions(mate, "", BoardOutcome(Verdict.WHITE_WINS)) == [Contradiction.POSITION]
    assert contradictions(mate, "0-1", BoardOutcome(Verdict.BLACK_WINS)) == []


def test_moves_on_a_forfeited_board_are_a_contradiction():
    game = BR.check(["c3-d4"])
    assert contradictions(game, "", BoardOutcome(Verdict.WHITE_WINS, played=False)) == [Contradiction.UNPLAYED]


def test_moves_written_with_a_space_inside_are_the_same_moves():
    # as published PDN collections write them (issue 36 point 10)
    spaced = read_movetext("1. 32 - 28 17- 21 2. 31 -26 11 x 17 3. 28 x23 19x 28 4. 41-37 1- 6 2-0")
    assert spaced == read_movetext("1. 32-28 17-21 2. 31-26 11x17 3. 28x23 19x28 4. 41-37 1-6 2-0")
    assert read_movetext("1. c3 : e5 f6 X d4 1-1").moves == ("c3:e5", "f6Xd4")
    # PGN's null move "--" and castling are never glued to a neighbour
    assert read_movetext("1. e4 -- 2. d4 O-O *", CHESS_RESULTS).moves == ("e4", "--", "d4", "O-O")
