"""`python -m damas.engine pair --system knockout FILE.trf` with the event's knockout settings, and
the bracket written game by game (`state_from_bracket`: one TRF column per game) read back.

Hand-worked brackets: players 1..n rated 2000 - 10 n, so the seeds are 1..n. Four players: round 1
is 1 v 4 and 2 v 3 (the better seed White); 1 and 3 win, so the final is 1 v 3 and the match for
third place (--places 4) 2 v 4. Eight players: round 1 is 1 v 8, 4 v 5, 2 v 7, 3 v 6; the better
seeds win, so the semi-finals are 1 v 4 and 2 v 3 and, with --places 8, the 5-8 section pairs the
losers 5 v 8 and 6 v 7. A 2-game mini-match (--games 2) after game 1 (1 beat 2 with White) needs
game 2 with colours swapped: 2 v 1.
"""
from __future__ import annotations

import random

import pytest

from damas.engine.__main__ import main as engine_main
from damas.engine.pairing.base import PairingRequest
from damas.engine.pairing.knockout import (
    KnockoutSettings,
    KnockoutSystem,
    TieGame,
    all_ties,
    bracket_from_state,
    build_bracket,
    champion,
    game_columns,
    next_game,
    record_game,
    state_from_bracket,
)
from damas.engine.trf import read_trf, write_trf
from damas.engine.types import Color, Entrant, Outcome, RoundResult, TournamentState

W, B = Color.WHITE, Color.BLACK


def _entrants(n: int) -> tuple[Entrant, ...]:
    return tuple(Entrant(k, f"Jogador {k}", 2000 - 10 * k) for k in range(1, n + 1))


def _trf(tmp_path, n: int, games: list[list[tuple[int, int, Outcome]]]):  # type: ignore[no-untyped-def]
    """A TRF of n players whose column r holds the games (white, black, White's outcome) of games[r-1]."""
    results: dict[int, list[RoundResult]] = {k: [] for k in range(1, n + 1)}
    for r, column in enumerate(games, start=1):
        seen = {}
        for white, black, outcome in column:
            seen[white] = RoundResult(r, outcome, black, W)
            seen[black] = RoundResult(r, outcome.mirror, white, B)
        for k in results:
            results[k].append(seen.get(k, RoundResult(r, Outcome.NOT_PAIRED)))
    state = TournamentState(_entrants(n), {k: tuple(v) for k, v in results.items()}, max(1, len(games)) + 2)
    path = tmp_path / "ko.trf"
    path.write_text(write_trf(state), encoding="utf-8")
    return path


def _pair(capsys, path, *options: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    code = engine_main(["pair", "--system", "knockout", str(path), *options])
    out = capsys.readouterr()
    return code, out.out, out.err


# -- one-game ties -----------------------------------------------------------------------------------

def test_one_game_bracket_round_one_and_final(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert _pair(capsys, _trf(tmp_path, 4, []))[1] == "2\n1 4\n2 3\n"
    played = _trf(tmp_path, 4, [[(1, 4, Outcome.WIN), (2, 3, Outcome.LOSS)]])
    assert _pair(capsys, played, "--games", "1")[1] == "1\n1 3\n"
    final = _trf(tmp_path, 4, [[(1, 4, Outcome.WIN), (2, 3, Outcome.LOSS)], [(1, 3, Outcome.DRAW)]])
    code, out, err = _pair(capsys, final, "--ruleset", "club")  # club: a drawn tie is replayed
    assert code == 0 and out == "1\n3 1\n"
    assert _pair(capsys, final, "--drawn", "playoff")[1] == "1\n3 1\n"  # rapid game 1, colours alternating


def test_seeds_option_reorders_the_bracket(tmp_path, capsys):  # type: ignore[no-untyped-def]
    assert _pair(capsys, _trf(tmp_path, 4, []), "--seeds", "4,3,2,1")[1] == "2\n4 1\n3 2\n"


# -- mini-matches -------------------------------------------------------------------------------------

def test_two_game_mini_match_in_progress(tmp_path, capsys):  # type: ignore[no-untyped-def]
    path = _trf(tmp_path, 2, [[(1, 2, Outcome.WIN)]])
    code, _out, err = _pair(capsys, path)  # read as one-game ties, the tie is over
    assert code == 1 and "the knockout is finished" in err
    assert _pair(capsys, path, "--games", "2") == (0, "1\n2 1\n", "")
    assert _pair(capsys, path, "--games", "3")[1] == "1\n2 1\n"


def test_mini_match_decided_or_played_off(tmp_path, capsys):  # type: ignore[no-untyped-def]
    won = _trf(tmp_path, 2, [[(1, 2, Outcome.WIN)], [(2, 1, Outcome.DRAW)]])
    assert "finished" in _pair(capsys, won, "--games", "2")[2]  # 3-1
    level = _trf(tmp_path, 2, [[(1, 2, Outcome.WIN)], [(2, 1, Outcome.WIN)]])
    assert _pair(capsys, level, "--games", "2", "--drawn", "playoff")[1] == "1\n1 2\n"  # rapid game 1
    rapid = _trf(tmp_path, 2, [[(1, 2, Outcome.WIN)], [(2, 1, Outcome.WIN)], [(1, 2, Outcome.LOSS)]])
    # two rapid games: the second is still needed; one rapid game: 2 won the play-off
    assert _pair(capsys, rapid, "--games", "2", "--drawn", "playoff", "--rapid-games", "2")[1] == "1\n2 1\n"
    assert "finished" in _pair(capsys, rapid, "--games", "2", "--drawn", "playoff", "--rapid-games", "1")[2]
    # a replayed tie is decided by its first decisive replay
    assert "finished" in _pair(capsys, rapid, "--games", "2", "--drawn", "replay")[2]


# -- places played off --------------------------------------------------------------------------------

def test_third_place_match(tmp_path, capsys):  # type: ignore[no-untyped-def]
    played = _trf(tmp_path, 4, [[(1, 4, Outcome.WIN), (2, 3, Outcome.LOSS)]])
    assert _pair(capsys, played)[1] == "1\n1 3\n"
    assert _pair(capsys, played, "--places", "4")[1] == "2\n1 3\n2 4\n"


def test_places_five_to_eight(tmp_path, capsys):  # type: ignore[no-untyped-def]
    first = [(1, 8, Outcome.WIN), (4, 5, Outcome.WIN), (2, 7, Outcome.WIN), (3, 6, Outcome.WIN)]
    played = _trf(tmp_path, 8, [first])
    assert _pair(capsys, played, "--places", "4")[1] == "2\n1 4\n2 3\n"
    assert _pair(capsys, played, "--places", "8")[1] == "4\n1 4\n2 3\n5 8\n6 7\n"


# -- bad options ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("options, message", [
    (["--places", "3"], "power of two"),
    (["--games", "0"], "at least one game"),
    (["--seeds", "1,2,3"], "every player"),
    (["--seeds", "1,2,2,3,4"], "twice"),
    (["--seeds", "a,b"], "start numbers"),
])
def test_bad_knockout_options_are_errors(tmp_path, capsys, options, message):  # type: ignore[no-untyped-def]
    code, out, err = _pair(capsys, _trf(tmp_path, 4, []), *options)
    assert code == 1 and out == "" and message in err


def test_knockout_options_belong_to_the_knockout(tmp_path, capsys):  # type: ignore[no-untyped-def]
    code = engine_main(["pair", "--system", "dutch", str(_trf(tmp_path, 4, [])), "--games", "2"])
    assert code == 1 and "--system knockout" in capsys.readouterr().err


# -- the bracket game by game and back ------------------------------------------------------------------

def _played_bracket(n: int, settings: KnockoutSettings, rng: random.Random):  # type: ignore[no-untyped-def]
    """A bracket played to the end with random results (games in any order of the ties)."""
    bracket = build_bracket(list(range(1, n + 1)), settings)
    outcomes = [Outcome.WIN, Outcome.DRAW, Outcome.LOSS, Outcome.WIN, Outcome.LOSS, Outcome.FORFEIT_WIN,
                Outcome.DOUBLE_FORFEIT]
    for _ in range(500):
        todo = [(t, g) for t in all_ties(bracket).values() if (g := next_game(bracket, t)) is not None]
        if not todo:
            break
        tie, (white, black, stage) = rng.choice(todo)
        bracket = record_game(bracket, tie.id, TieGame(white, black, stage, rng.choice(outcomes)))
    return bracket


@pytest.mark.parametrize("n, settings", [
    (5, KnockoutSettings()),
    (11, KnockoutSettings(drawn="replay", places=4)),
    (8, KnockoutSettings(games=2, drawn="playoff", rapid_games=2, places=8)),
    (13, KnockoutSettings(games=3, drawn="playoff", rapid_games=1, places=16)),
])
def test_state_from_bracket_reads_back_and_pairs_column_by_column(n, settings):  # type: ignore[no-untyped-def]
    for seed in range(6):
        bracket = _played_bracket(n, settings, random.Random(f"{n}-{seed}"))
        assert champion(bracket) is not None
        state = state_from_bracket(bracket, _entrants(n))
        back = read_trf(write_trf(state)).state
        replayed = bracket_from_state(back, settings)
        assert dict(replayed.games) == dict(bracket.games)  # no absence minutes here: equal games
        columns = game_columns(bracket)
        assert sum(len(c) for c in columns) == sum(len(g) for g in bracket.games.values())
        options = {"games": settings.games, "drawn": settings.drawn, "rapid_games": settings.rapid_games,
                   "places": settings.places}
        for r, column in enumerate(columns, start=1):  # what the CLI pairs is what was played next
            request = PairingRequest(back, r, "fide", Color.WHITE, options=options)
            paired = [(p.white, p.black) for p in KnockoutSystem().pair(request) if p.black is not None]
            assert paired == [(g.white, g.black) for _tid, g in column]
        byes = {no for no, rs in back.results.items() if rs[0].outcome is Outcome.PAIRING_BYE}
        assert len(byes) == (1 << (n - 1).bit_length()) - n
