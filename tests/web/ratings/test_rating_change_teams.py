"""The rating change of a team event (issue 29 point 1; CBJD 115, FIDE B.02 8.3): rated game by
game, the players being the teams' players with the rating the rating export gives them, against
their opponents' ratings; played games only. Two teams of two boards, one round played."""
from __future__ import annotations

import csv
import io
from typing import Any

from damas.cli import damas_cli
from damas.models import Event, Role
from damas.models.micromatch import Team, TeamRound
from damas.services.ratings.change import event_ratings
from tests.web.reports.test_reports_pdf import pdf_text
from tests.web.micromatch.test_team_one_game_per_board import _new_event, _post_ok


def _two_teams_one_round(client: Any, db: Any, make_user: Any, make_player: Any, login_as: Any,
                         games_per_board: str, results: dict[int, tuple[str, ...]]) -> Event:
    """Alfa (1999, 1998) against Beta (1899, 1898); `results` per board from Alfa's side."""
    login_as(make_user(Role.STAFF))
    _new_event(client, games_per_board=games_per_board, planned_rounds="1")
    event = db.session.query(Event).one()
    _post_ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for t, rating in (("Alfa", 2000), ("Beta", 1900)):
        ps = [make_player(full_name=f"{t} {b}", rating_regular=rating - b, rating_rapid=rating - b) for b in (1, 2)]
        _post_ok(client, f"/eventos/{event.id}/equipes/nova", {"name": t, "players": f"{ps[0].id},{ps[1].id}"},
                 expect="Equipe inscrita.")
    _post_ok(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/publicar")
    rnd = db.session.query(TeamRound).one()
    teams = {t.name: t for t in db.session.query(Team).all()}
    match = next(m for m in rnd.matches if m.team_b_id is not None)
    for team in (teams["Alfa"], teams["Beta"]):
        ids = [m.player_id for m in team.members]
        _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/escalacao?equipe={team.id}",
                 {"board-1": ids[0], "board-2": ids[1]}, expect="gravada")
    a_is_alfa = match.team_a_id == teams["Alfa"].id
    form = {}
    for board, games in results.items():
        for k, game in enumerate(games, start=1):
            form[f"g{k}-{match.id}-{board}"] = game if a_is_alfa else game[::-1]
    _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados", form)
    return event


def test_team_event_of_one_game_per_board_is_rated_game_by_game(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Board 1 Alfa wins, board 2 a draw; every difference is 100 points: We .64 / .36, K 20.
    Alfa 1: 20 × (1 − .64) = 7.2 → +7; Beta 1 −7; Alfa 2: 20 × (.5 − .64) = −2.8 → −3; Beta 2 +3."""
    event = _two_teams_one_round(client, db, make_user, make_player, login_as, "1", {1: ("2-0",), 2: ("1-1",)})
    ratings = event_ratings(event)
    rows = {r.name: r for r in ratings.rows}
    assert set(rows) == {"Alfa 1", "Alfa 2", "Beta 1", "Beta 2"}
    assert {r.club for r in ratings.rows} == {"Alfa", "Beta"}
    alfa1, beta1, alfa2, beta2 = (rows[n].change for n in ("Alfa 1", "Beta 1", "Alfa 2", "Beta 2"))
    assert [g.name for g in rows["Alfa 1"].games] == ["Beta 1"] and rows["Alfa 1"].games[0].rating == 1899
    assert alfa1.rating == 1999 and alfa1.counted == 1 and alfa1.score == 2 and str(alfa1.expected) == "16/25"
    assert (alfa1.k, alfa1.delta, alfa1.new_rating) == (20, 7, 2006)
    assert (beta1.delta, alfa2.delta, beta2.delta) == (-7, -3, 3)
    assert sum(r.change.exact_delta for r in ratings.rows) == 0 and sum(r.change.delta for r in ratings.rows) == 0
    html = client.get(f"/eventos/{event.id}/relatorios/variacao-rating").get_data(as_text=True)
    assert "Alfa 1" in html and "Beta 2" in html and "+7" in html and "0,64" in html and "2006" in html
    assert "<th>Equipe</th>" in html and "<td>Beta</td>" in html
    assert f"/eventos/{event.id}/jogadores/" not in html  # team players have no entry, hence no player card
    response = client.get(f"/eventos/{event.id}/relatorios/variacao-rating.csv")
    lines = {r["nome"]: r for r in csv.DictReader(io.StringIO(response.get_data(as_text=True).lstrip("\ufeff")))}
    assert set(lines) == {"Alfa 1", "Alfa 2", "Beta 1", "Beta 2"}
    assert lines["Alfa 1"]["partidas"] == "1" and lines["Alfa 1"]["w"] == "1" and lines["Alfa 1"]["we"] == "0.64"
    assert lines["Alfa 1"]["variacao"] == "+7" and lines["Alfa 1"]["clube"] == "Alfa"
    assert lines["Alfa 2"]["w"] == "0.5" and lines["Alfa 2"]["we"] == "0.64"
    assert lines["Alfa 2"]["variacao"] == "-3" and lines["Beta 2"]["variacao"] == "+3"
    assert lines["Beta 1"]["adversarios"] == "Alfa 1 (1999) 0"
    pdf = client.get(f"/eventos/{event.id}/relatorios/variacao-rating.pdf")
    assert pdf.status_code == 200
    text = pdf_text(pdf.data)
    assert "Alfa 1" in text and "Beta" in text and "+7" in text


def test_team_micro_match_rates_both_games_of_a_board(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Two games per board (CBJD 120): board 1 Alfa wins both, board 2 one each; 2 games a player."""
    event = _two_teams_one_round(client, db, make_user, make_player, login_as, "2",
                                 {1: ("2-0", "2-0"), 2: ("2-0", "0-2")})
    rows = {r.name: r.change for r in event_ratings(event).rows}
    assert {n: c.counted for n, c in rows.items()} == {"Alfa 1": 2, "Alfa 2": 2, "Beta 1": 2, "Beta 2": 2}
    assert (rows["Alfa 1"].score, rows["Alfa 2"].score, rows["Beta 1"].score) == (4, 2, 0)
    # Alfa 1: 20 × (2 − 1.28) = 14.4 → +14; Alfa 2: 20 × (1 − 1.28) = −5.6 → −6
    assert (rows["Alfa 1"].delta, rows["Beta 1"].delta, rows["Alfa 2"].delta, rows["Beta 2"].delta) == (14, -14, -6, 6)
    assert sum(c.exact_delta for c in rows.values()) == 0


def test_demo_team_event_rating_page_lists_its_players(app, client, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    event = db.session.query(Event).filter(Event.name.like("Interclubes por Equipes%")).one()
    ratings = event_ratings(event)
    assert {r.club for r in ratings.rows} == {t.name for t in db.session.query(Team).filter(Team.event_id == event.id)}
    # 4 teams of 3 players, 2 matches of 2 boards of two games: 8 players with 2 games (a game
    # against an unrated player is not counted for the rated one, CBJD 115)
    assert len(ratings.rows) == 12 and sorted(len(r.games) for r in ratings.rows) == [0] * 4 + [2] * 8
    assert any(r.change.delta for r in ratings.rows)
    html = client.get(f"/eventos/{event.id}/relatorios/variacao-rating").get_data(as_text=True)
    team = db.session.query(Team).filter(Team.event_id == event.id).first()
    assert team.members[0].player.full_name in html and team.name in html
