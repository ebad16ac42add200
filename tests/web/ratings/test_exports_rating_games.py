"""Rating exports written game by game (damas/exports/rating_games.py) on the demo's events: the club
knockout (KnockoutGame rows), the individual micro-match event (two games per board) and the team
micro-match event (two games per board of each team match). CSV: one row per game; TRF-16: one
column per game, which the engine's CLI reads back (`pair --system knockout|micromatch`)."""
from __future__ import annotations

import csv
import io

import pytest

from damas.cli import damas_cli
from damas.engine.__main__ import main as engine_main
from damas.engine.micromatch_scoring import micro_ruleset, micro_state_from_games
from damas.engine.pairing.knockout import bracket_from_state, game_columns
from damas.engine.teams import board_colours
from damas.engine.trf import read_trf, write_trf
from damas.engine.types import Outcome, TournamentState
from damas.exports.rating import rating_csv, rating_trf
from damas.models import Event, EventStatus, Game, KnockoutGame
from damas.models.micromatch import MicroGame, TeamBoardRow, TeamMatchRow, TeamRound
from damas.services.rounds import knockout as ko
from damas.formats.mapping import event_rounds, snapshot
from damas.services.micromatch.team_standings import team_snapshot

# One game from the side of White in game 1 -> the CSV result of that game with him as White.
AS_WHITE = {"2-0": "1-0", "1-1": "1/2-1/2", "0-2": "0-1", "+-": "+/-", "-+": "-/+", "--": "-/-"}
AS_BLACK = {"2-0": "0-1", "1-1": "1/2-1/2", "0-2": "1-0", "+-": "-/+", "-+": "+/-", "--": "-/-"}


@pytest.fixture
def demo(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    return db


def _rows(text: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO(text)))


def _event(db, like: str) -> Event:  # type: ignore[no-untyped-def]
    return db.session.query(Event).filter(Event.name.like(like)).one()


def _pair(capsys, tmp_path, text: str, *options: str) -> tuple[int, str, str]:  # type: ignore[no-untyped-def]
    path = tmp_path / "export.trf"
    path.write_text(text, encoding="utf-8")
    code = engine_main(["pair", str(path), *options])
    out = capsys.readouterr()
    return code, out.out, out.err


def _first_columns(state: TournamentState, k: int) -> TournamentState:
    return TournamentState(state.entrants, {no: rs[:k] for no, rs in state.results.items()}, state.total_rounds,
                           state.name, state.extra)


# -- knockout ------------------------------------------------------------------------------------------

def test_knockout_csv_has_every_tie_game(demo):  # type: ignore[no-untyped-def]
    event = demo.session.query(Event).filter_by(pairing_system="knockout", ruleset="club").one()
    games = demo.session.query(KnockoutGame).filter_by(event_id=event.id).all()
    rows = _rows(rating_csv(event))
    assert len(games) > 10 and len(rows) == len(games)
    keys = {(r["rodada"], r["mesa"], r["partida"]) for r in rows}
    assert keys == {(str(g.round), str(g.tie_index + 1), str(g.seq)) for g in games}
    forfeits = [g for g in games if g.outcome in ("forfeit_win", "forfeit_loss", "double_forfeit")]
    assert forfeits  # the demo's both-absent game: a forfeit, not rated
    assert sum(r["jogada"] == "no" for r in rows) == len(forfeits)
    replays = [g for g in games if g.stage == "replay"]
    assert replays and all(r["ritmo"] == "10x10 + 5s" for r in rows)  # replays keep the event's rate


def test_knockout_trf_replays_the_bracket_and_pairs_like_the_web(demo, tmp_path, capsys):  # type: ignore[no-untyped-def]
    event = demo.session.query(Event).filter_by(pairing_system="knockout", ruleset="club").one()
    loaded = ko.load_bracket(event)
    assert loaded is not None
    text = rating_trf(event)
    trf = read_trf(text)
    assert len(trf.state.entrants) == 11 and trf.first_color == ko.first_color(event)
    columns = game_columns(loaded.bracket)
    assert trf.state.total_rounds == trf.state.rounds_played == len(columns)
    replayed = bracket_from_state(trf.state, loaded.bracket.settings, loaded.setup.seeds)

    def plain(bracket):  # type: ignore[no-untyped-def]
        return {t: [(g.white, g.black, g.stage, g.outcome) for g in gs] for t, gs in bracket.games.items()}

    assert plain(replayed) == plain(loaded.bracket)
    options = ("--system", "knockout", "--ruleset", "club", "--places", "4")
    code, _out, err = _pair(capsys, tmp_path, text, *options)
    assert code == 1 and "the knockout is finished" in err
    for k, column in enumerate(columns):  # each column is what the CLI pairs after the ones before
        code, out, err = _pair(capsys, tmp_path, write_trf(_first_columns(trf.state, k), first_color=trf.first_color),
                               *options)
        assert code == 0, err
        boards = [line for line in out.splitlines()[1:] if not line.endswith(" 0")]
        assert boards == [f"{g.white} {g.black}" for _tid, g in column]


def test_knockout_not_started_lists_the_players_only(app, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    event = make_event(players=tuple(make_player() for _ in range(3)), pairing_system="knockout", ruleset="club")
    assert _rows(rating_csv(event)) == []
    state = read_trf(rating_trf(event)).state
    assert len(state.entrants) == 3 and state.rounds_played == 0


# -- individual micro-matches ------------------------------------------------------------------------------

def test_micromatch_csv_has_both_games_of_every_micro_match(demo):  # type: ignore[no-untyped-def]
    event = _event(demo, "Copa Micro Match%")
    rows = _rows(rating_csv(event))
    played = [(rnd, g) for rnd in event_rounds(event) for g in rnd.games
              if g.black_entry_id is not None and rnd.number <= 3]
    assert len(played) == 15 and len(rows) == 2 * len(played)  # 3 rounds x 5 boards x 2 games
    by_key = {(r["rodada"], r["mesa"], r["partida"]): r for r in rows}
    for rnd, g in played:
        micro = demo.session.query(MicroGame).filter_by(game_id=g.id).one()
        first, second = by_key[(str(rnd.number), str(g.board), "1")], by_key[(str(rnd.number), str(g.board), "2")]
        white, black = g.white.player.full_name, g.black.player.full_name
        assert (first["brancas_nome"], first["pretas_nome"]) == (white, black)
        assert (second["brancas_nome"], second["pretas_nome"]) == (black, white)  # colours swapped
        assert first["resultado"] == AS_WHITE[micro.game1] and second["resultado"] == AS_BLACK[micro.game2]
    # a micro-match won 3-1 is a won game and a drawn one, not one "1-0"
    assert any(m.game1 != m.game2 and "1-1" in (m.game1, m.game2) for m in demo.session.query(MicroGame))


def test_micromatch_trf_folds_back_and_pairs_like_the_web(demo, tmp_path, capsys):  # type: ignore[no-untyped-def]
    event = _event(demo, "Copa Micro Match%")
    text = rating_trf(event)
    trf = read_trf(text)
    assert trf.state.rounds_played == 6 and trf.state.total_rounds == 10  # 3 rounds played of 5
    folded = micro_state_from_games(trf.state, micro_ruleset("cbjd", "game"))
    expected = snapshot(event).state
    assert {no: folded.rounds_of(no) for no in folded.results} == {no: expected.rounds_of(no) for no in expected.results}
    code, out, err = _pair(capsys, tmp_path, text, "--system", "micromatch", "--ruleset", "cbjd")
    assert code == 0, err
    round4 = event_rounds(event)[3]
    assert out.splitlines()[1:] == [f"{g.white.pairing_number} {g.black.pairing_number}" for g in round4.games]


def test_micromatch_forfeited_board_without_games(demo):  # type: ignore[no-untyped-def]
    """A board decided as a forfeit at the desk (no two games recorded): two forfeited games."""
    from damas.models import GameResult

    event = _event(demo, "Copa Micro Match%")
    game = next(g for g in event_rounds(event)[0].games if g.black_entry_id is not None)
    demo.session.query(MicroGame).filter_by(game_id=game.id).delete()
    demo.session.query(Game).filter_by(id=game.id).update({"result": GameResult.WHITE_FORFEIT_WIN})
    demo.session.commit()
    rows = [r for r in _rows(rating_csv(event)) if (r["rodada"], r["mesa"]) == ("1", str(game.board))]
    assert [(r["partida"], r["resultado"], r["jogada"]) for r in rows] == [("1", "+/-", "no"), ("2", "-/+", "no")]
    state = read_trf(rating_trf(event)).state
    white = game.white.pairing_number
    assert [r.outcome for r in state.rounds_of(white)[:2]] == [Outcome.FORFEIT_WIN, Outcome.FORFEIT_WIN]
    assert micro_state_from_games(state, "cbjd").rounds_of(white)[0].outcome is Outcome.FORFEIT_WIN


# -- team micro-matches -----------------------------------------------------------------------------------

def test_team_csv_and_trf_have_every_board_game(demo, tmp_path):  # type: ignore[no-untyped-def]
    event = _event(demo, "Interclubes%")
    assert event.status == EventStatus.RUNNING
    boards = (demo.session.query(TeamBoardRow).join(TeamMatchRow).join(TeamRound)
              .filter(TeamRound.event_id == event.id).all())
    assert boards and all(b.game1 and b.game2 for b in boards)
    rows = _rows(rating_csv(event))
    assert len(rows) == 2 * len(boards) and {r["jogada"] for r in rows} == {"yes"}
    snap = team_snapshot(event)
    members = [m for t in snap["teams"] for m in t.members]
    text = rating_trf(event)
    assert f"062 {len(members)}\n" in text
    state = read_trf(text).state
    assert state.rounds_played == 2 and state.total_rounds == 2 * event.planned_rounds
    no_of = {e.name: e.start_no for e in state.entrants}
    name = {m.player_id: m.player.full_name for m in members}
    folded = micro_state_from_games(state, micro_ruleset("cbjd", "match"))
    for match in snap["matches"]:
        for bg in match.boards:
            a, b = no_of[name[bg.player_a]], no_of[name[bg.player_b]]
            ra = folded.rounds_of(a)[0]
            assert (ra.opponent, ra.game_points, ra.outcome) == (b, bg.match.points_a, bg.match.outcome)
            white = a if board_colours(bg.board)[0] else b  # odd boards: team A's player White in game 1
            assert state.rounds_of(white)[0].color.value == "w"
    unplayed = [e for e in state.entrants if not state.rounds_of(e.start_no)[0].outcome.has_opponent]
    assert len(unplayed) == len(members) - 8  # the reserves: not paired


def test_round_by_round_exports_keep_their_columns(demo):  # type: ignore[no-untyped-def]
    event = demo.session.query(Event).filter_by(pairing_system="dutch-2025", status=EventStatus.RUNNING).one()
    assert "partida" not in rating_csv(event).splitlines()[0]


def test_rating_routes_serve_the_game_by_game_exports(demo, client):  # type: ignore[no-untyped-def]
    client.post("/conta/entrar", data={"email": "arbitro@demo.damas.br", "password": "demo12345"})
    event = _event(demo, "Interclubes%")
    response = client.get(f"/eventos/{event.id}/relatorios/rating.csv")
    assert response.status_code == 200 and response.get_data(as_text=True) == rating_csv(event)
    assert client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True) == rating_trf(event)
