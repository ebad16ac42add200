"""Every move checked by the rules of its game (issue 32 point 2): hand-made positions from the
rules of Brazilian and international draughts (pydraughts) and chess (python-chess)."""
from __future__ import annotations

import random

import pytest
from draughts import Board, Move

from damas.engine.games import ProblemKind, Verdict, rules_for
from damas.engine.games.draughts_rules import BRAZILIAN, INTERNATIONAL, king_only_moves
from damas.engine.games.position import fen_pieces

CHESS = rules_for("xadrez")


def pieces(fen: str, size: int = 64) -> dict[str, str]:
    return {p.square: ("K" if p.king else "m") + ("w" if p.white else "b") for p in fen_pieces(fen, size)[1]}


def test_majority_capture_taken_short_is_refused_with_the_longer_one():
    # White c3 can take d4 and f6 (two pieces), h2 only g3: the rule of the majority forces c3
    fen = "W:Wc3,h2:Bd4,f6,g3,a7"
    short = BRAZILIAN.check(["h2xf4"], fen)
    assert short.problem is not None and short.problem.kind is ProblemKind.ILLEGAL
    assert (short.problem.number, short.problem.side) == (1, "white")
    assert short.problem.alternatives == ("c3xg7",)
    full = BRAZILIAN.check(["c3xg7"], fen)
    assert full.legal and pieces(full.positions[-1]) == {"g7": "mw", "h2": "mw", "g3": "mb", "a7": "mb"}


def test_majority_counts_pieces_not_kings():
    # one king (d4) or two men (f4, f6 from e3... ) : the two men are the majority
    fen = "W:We3,a3:BKb4,f4,f6,h8"
    game = BRAZILIAN.check(["a3xc5"], fen)
    assert game.problem is not None and game.problem.alternatives == ("e3xe7",)


def test_a_man_passing_the_last_row_during_a_capture_is_not_promoted():
    # b6 takes c7 reaching d8, must go on over e7 backwards to f6: it stays a man
    fen = "W:Wb6:Bc7,e7,h2"
    game = BRAZILIAN.check(["b6xf6"], fen)
    assert game.legal
    assert pieces(game.positions[-1]) == {"f6": "mw", "h2": "mb"}
    # the same capture written with its turning square
    assert BRAZILIAN.check(["b6xd8xf6"], fen).positions[-1] == game.positions[-1]
    # and stopping on the last row is refused (CBJD 56 i: stopping before the end of a capture)
    assert BRAZILIAN.check(["b6xd8"], fen).problem.kind is ProblemKind.ILLEGAL


def test_a_man_ending_its_capture_on_the_last_row_is_promoted():
    game = BRAZILIAN.check(["b6xd8"], "W:Wb6:Bc7,h2")
    assert pieces(game.positions[-1]) == {"d8": "Kw", "h2": "mb"}


def test_a_king_captures_from_afar_and_lands_anywhere_behind():
    fen = "W:WKa1:Bd4,h6"
    game = BRAZILIAN.check(["a1xg7"], fen)
    assert game.legal and pieces(game.positions[-1]) == {"g7": "Kw", "h6": "mb"}
    refused = BRAZILIAN.check(["a1xd4"], fen).problem
    assert refused.kind is ProblemKind.ILLEGAL and refused.alternatives == ("a1xe5", "a1xf6", "a1xg7", "a1xh8")


def test_a_king_moves_along_the_whole_diagonal():
    assert BRAZILIAN.check(["a1-h8"], "W:WKa1:Ba7").legal


def test_men_capture_backwards():
    assert BRAZILIAN.check(["e5xc3"], "W:We5:Bd4,a7").legal


def test_a_man_does_not_move_backwards():
    problem = BRAZILIAN.check(["e5-d4"], "W:We5:Ba7").problem
    assert problem.kind is ProblemKind.ILLEGAL and problem.alternatives == ("e5-d6", "e5-f6")


def test_capture_is_compulsory():
    problem = BRAZILIAN.check(["c3-d4", "f6-e5", "b2-c3"]).problem
    assert (problem.index, problem.number, problem.side, problem.alternatives) == (3, 2, "white", ("d4xf6",))


@pytest.mark.parametrize("written", ["c3-d4", "C3-D4"])
def test_cbjd_64_simple_move(written):
    assert BRAZILIAN.check([written]).plies[0].notation == "c3-d4"


@pytest.mark.parametrize("written", ["d4xf6", "d4:f6", "d4Xf6"])
def test_cbjd_64_capture_with_x_or_colon(written):
    game = BRAZILIAN.check(["c3-d4", "f6-e5", written])
    assert game.legal and game.plies[-1].notation == "d4xf6" and game.plies[-1].capture


def test_cbjd_64_capture_written_as_a_simple_move_is_refused():
    assert BRAZILIAN.check(["c3-d4", "f6-e5", "d4-f6"]).problem.kind is ProblemKind.ILLEGAL


@pytest.mark.parametrize("written", ["32x23", "32:23"])
def test_cbjd_100_numbers(written):
    # 1. 32-28 19-23 2. 28x19 written with x or colon (CBJD 4º d: 32x23 or 32:23)
    game = INTERNATIONAL.check(["32-28", "19-23", "28" + written[2] + "19"])
    assert game.legal and [p.notation for p in game.plies] == ["32-28", "19-23", "28x19"]


def test_unreadable_move_is_named_with_the_legal_moves():
    problem = BRAZILIAN.check(["c3-d4", "f6-e9"]).problem
    assert problem.kind is ProblemKind.UNREADABLE and (problem.number, problem.side) == (1, "black")
    assert "f6-e5" in problem.alternatives


def test_international_majority_and_flying_king():
    # White king 46 takes 37 and 19 (two) rather than the man 27x18 (one)
    fen = "W:WK46,27:B37,19,22,5"
    game = INTERNATIONAL.check(["27x18"], fen)
    assert game.problem is not None and all(a.startswith("46x") for a in game.problem.alternatives)


def test_moves_after_the_problem_are_kept_as_written():
    game = BRAZILIAN.check(["c3-d4", "f6-e5", "b2-c3", "e5xc3", "d2xb4"])
    assert game.plies[-1].index == 2 and game.rest == ("e5xc3", "d2xb4")
    assert game.written_moves() == ("c3-d4", "f6-e5", "b2-c3", "e5xc3", "d2xb4")


def test_no_move_left_loses_cbjd_95_a():
    # Black's last man is taken
    assert BRAZILIAN.check(["c3xe5"], "W:Wc3:Bd4").final is Verdict.WHITE_WINS
    # Black to move, blocked: a7 cannot move (b6 occupied, and no capture over b6 to c5? c5 held)
    assert BRAZILIAN.check(["d4-c5"], "W:Wb6,d4,h2:Ba7").final is Verdict.WHITE_WINS


def test_king_moves_do_not_end_the_game_by_themselves_unlike_pydraughts():
    # pydraughts' Brazilian variant declares the Russian draws (15 king moves, repetition) by
    # itself; under CBJD 97 b, c and 98 a draw is claimed by the players, so the record's end
    # decides nothing and the checker goes on
    moves = ["c1-d2", "f8-e7", "d2-c1", "e7-f8"] * 8  # 32 plies of king moves
    game = BRAZILIAN.check(moves, "W:WKc1:BKf8")
    assert game.legal and game.final is Verdict.NOT_OVER
    library = Board("brazilian", "W:WKc1:BKf8")
    for written in moves:
        library.push(Move(library, pdn_move=written))
    assert library.is_over() and library.winner() == 0  # the library's own draw
    assert king_only_moves(game, len(game.plies)) == 32


def test_king_only_count_restarts_at_a_man_move():
    game = BRAZILIAN.check(["c1-d2", "f8-e7", "g1-h2", "e7-f8"], "W:WKc1,g1:BKf8,a7")
    assert game.legal
    assert [king_only_moves(game, n) for n in (1, 2, 3, 4)] == [1, 2, 0, 1]


def test_chess_san_and_mate():
    game = CHESS.check("e4 e5 Qh5 Nc6 Bc4 Nf6 Qxf7#".split())
    assert game.legal and game.final is Verdict.WHITE_WINS and game.plies[-1].capture


def test_chess_ambiguous_move_names_both():
    problem = CHESS.check("Nf3 d5 Nc3 a6 Nb5 a5 Nd4".split()).problem
    assert problem.kind is ProblemKind.AMBIGUOUS and problem.alternatives == ("Nbd4", "Nfd4")


def test_chess_illegal_move_lists_the_legal_ones():
    problem = CHESS.check(["e4", "e4"]).problem
    assert problem.kind is ProblemKind.ILLEGAL and (problem.number, problem.side) == (1, "black")
    assert len(problem.alternatives) == 20


def test_chess_stalemate_is_a_draw():
    assert CHESS.check(["Qb6"], "k7/8/2Q5/8/8/8/8/K7 w - - 0 1").final is Verdict.DRAW


@pytest.mark.parametrize("rules", [BRAZILIAN, INTERNATIONAL], ids=lambda r: r.code)
@pytest.mark.parametrize("seed", [7])
def test_the_adapter_replays_random_games_as_the_library_board_does(rules, seed):
    # random legal games through pydraughts' public Board API; our checker must accept every
    # move written as the library writes it and reach the same positions
    rng = random.Random(seed)
    board, written, positions = Board(rules.library), [], []
    for _ in range(40):
        legal = board.legal_moves()
        if not legal:
            break
        move = Move(board, board_move=rng.choice(legal).board_move)
        written.append(move.pdn_move)
        board.push(move)
        positions.append(pieces(board.fen, rules.board_size))
    game = rules.check(written)
    assert game.legal, game.problem
    assert [pieces(p.position, rules.board_size) for p in game.plies] == positions
