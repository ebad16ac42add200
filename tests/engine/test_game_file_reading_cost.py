"""Reading a PDN / PGN file costs work in proportion to its size (issue 36 point 2): each line
is scanned once, and the reader stops at the caps (games per file, plies per game) instead of
reading the rest. Counted, never timed (the timings are in benchmarks/game_files.py)."""
from __future__ import annotations

from typing import Any

import pytest

from damas.engine.games import files
from damas.engine.games.files import GameFileError, read_games
from damas.engine.games.notation import CHESS_RESULTS, DRAUGHTS_RESULTS

HEADER = '[Event "Aberto"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n'


def scanned_characters(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The characters handed to the movetext scanner, added up."""
    seen = [0]
    feed = files.MovetextReader.feed

    def counting(self: Any, text: str) -> bool:
        seen[0] += len(text)
        return feed(self, text)

    monkeypatch.setattr(files.MovetextReader, "feed", counting)
    return seen


def test_each_line_of_a_long_movetext_is_scanned_once(monkeypatch):
    seen = scanned_characters(monkeypatch)
    body = "e4\n" * 3000
    (game,) = read_games(HEADER + body + "*\n", CHESS_RESULTS)
    assert len(game.movetext.moves) == 3000 and game.movetext.result == "*"
    assert seen[0] == len(body) + len("*\n")  # not once per line read so far


def test_a_game_longer_than_the_plies_cap_stops_the_reader_at_that_line(monkeypatch):
    seen = scanned_characters(monkeypatch)
    with pytest.raises(GameFileError) as refused:
        read_games(HEADER + "e4\n" * 100_000, CHESS_RESULTS, max_plies=600)
    assert (refused.value.reason, refused.value.limit, refused.value.line) == ("moves", 600, 1)
    assert seen[0] == 601 * len("e4\n")  # the other 99,399 lines are never read


def test_a_file_with_more_games_than_the_cap_is_refused_at_the_first_game_too_many(monkeypatch):
    seen = scanned_characters(monkeypatch)
    game = HEADER + "1. 32-28 19-23 1-1\n\n"
    with pytest.raises(GameFileError) as refused:
        read_games(game * 10_000, DRAUGHTS_RESULTS, max_games=2)
    assert (refused.value.reason, refused.value.limit, refused.value.line) == ("games", 2, 15)  # game 3: 7 lines a game
    assert seen[0] == 3 * len("1. 32-28 19-23 1-1\n")


def test_comments_and_variations_over_several_lines_still_hide_their_result_tokens():
    text = HEADER + "1. e4 {a note\nthat says 1-0\n} e5 (1... c5\n2. Nf3 0-1\n) 2. Nf3 ; 1/2-1/2\nNc6 1-0\n"
    (game,) = read_games(text, CHESS_RESULTS)
    assert game.movetext.moves == ("e4", "e5", "Nf3", "Nc6") and game.movetext.result == "1-0"
