"""Knockout and team micro-match events on the generic pages: a knockout's standings are its
bracket's final places (categories, category report, prizes, API, player card, arbiter's report,
playoffs); a team event shows its teams and its team tiebreak order."""
from __future__ import annotations

import re

from damas.engine.pairing.knockout import all_ties
from damas.models import Event, EventStatus, Role
from damas.models.micromatch import MicroMatchSettings, Team, TeamMemberRow
from damas.services.rounds import knockout as ko


def _game(client, db, eid, tie, result, absent_longer=None):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    event = db.session.get(Event, eid)
    loaded = ko.load_bracket(event)
    t = all_ties(loaded.bracket)[tie]
    white, black, _stage = ko.proposed_game(event, loaded, t)
    extra = {}
    if absent_longer is not None:  # both absent: the one absent longer loses
        extra = {"white_minutes": "30", "black_minutes": "5"} if white == absent_longer else \
            {"white_minutes": "5", "black_minutes": "30"}
    data = {"round": tie[0], "tie": tie[1], "expected": len(t.games), "result": result,
            "white_minutes": "", "black_minutes": "", **extra}
    page = client.post(f"/eventos/{eid}/eliminatoria/partida", data=data, follow_redirects=True)
    assert "Partida gravada." in page.get_data(as_text=True)
    return white, black


def _win(client, db, eid, tie, winner):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    event = db.session.get(Event, eid)
    loaded = ko.load_bracket(event)
    white, _black, _s = ko.proposed_game(event, loaded, all_ties(loaded.bracket)[tie])
    _game(client, db, eid, tie, "1-0" if white == winner else "0-1")


def _finished_knockout(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    """4 players (start numbers = seeds by rating): semi-finals 1 v 4 (4 absent longer than 1:
    lost by W.O.) and 2 v 3 (2 wins); final 1 v 2 won by 2. Places 3-4 not played off: shared."""
    arbiter = make_user(Role.ARBITER)
    names = ["Ana Primeira", "Bruno Segundo", "Carla Terceira", "Davi Quarto"]
    players = [make_player(full_name=n, rating_regular=2000 - 100 * k) for k, n in enumerate(names)]
    event = make_event(name="Copa KO", arbiters=(arbiter,), players=tuple(players), pairing_system="knockout",
                       ruleset="club", time_minutes=10)
    login_as(arbiter)
    eid = event.id
    client.post(f"/eventos/{eid}/eliminatoria/iniciar")
    db.session.expire_all()
    loaded = ko.load_bracket(db.session.get(Event, eid))
    semis = {frozenset((t.top, t.bottom)): t.id for t in all_ties(loaded.bracket).values() if t.id[0] == 1}
    _game(client, db, eid, semis[frozenset((1, 4))], "absent", absent_longer=4)
    _win(client, db, eid, semis[frozenset((2, 3))], 2)
    _win(client, db, eid, (2, 0), 2)
    client.post(f"/eventos/{eid}/situacao", data={"status": "finished"})
    db.session.expire_all()
    assert db.session.get(Event, eid).status == EventStatus.FINISHED
    return eid, players


def test_knockout_standings_are_the_bracket_places(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    eid, players = _finished_knockout(client, db, make_user, make_player, make_event, login_as)
    ranks = {r["name"]: r["rank"] for r in client.get(f"/api/v1/events/{eid}/standings").get_json()["rows"]}
    assert ranks == {"Bruno Segundo": "1", "Ana Primeira": "2", "Carla Terceira": "3-4", "Davi Quarto": "3-4"}
    api = client.get(f"/api/v1/events/{eid}/standings").get_json()
    assert api["after_round"] == 2
    page = client.get(f"/eventos/{eid}/categorias/absoluto").get_data(as_text=True)
    assert page.index("Bruno Segundo") < page.index("Ana Primeira") < page.index("Carla Terceira")
    assert "colocações da chave" in page
    report = client.get(f"/eventos/{eid}/relatorios/categorias").get_data(as_text=True)
    assert "Nenhuma rodada concluída ainda." not in report and "Após a rodada 2" in report
    prizes = client.get(f"/eventos/{eid}/premios").get_data(as_text=True)
    assert "Nenhuma rodada concluída ainda." not in prizes and "Após a rodada 2" in prizes
    assert "Classificação por categoria" in client.get(f"/eventos/{eid}/relatorios").get_data(as_text=True)


def test_knockout_playoffs_page_points_to_the_bracket(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    from damas.models import Playoff

    eid, _players = _finished_knockout(client, db, make_user, make_player, make_event, login_as)
    page = client.get(f"/eventos/{eid}/playoffs/absoluto").get_data(as_text=True)
    assert "Uma eliminatória classifica pela chave" in page and f"/eventos/{eid}/eliminatoria" in page
    assert "Criar playoff" not in page
    response = client.post(f"/eventos/{eid}/playoffs/absoluto/criar", data={"tied": "3, 4"}, follow_redirects=True)
    assert "Uma eliminatória classifica pela chave" in response.get_data(as_text=True)
    assert db.session.query(Playoff).count() == 0


def test_knockout_player_card_lists_his_ties(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    eid, players = _finished_knockout(client, db, make_user, make_player, make_event, login_as)
    page = client.get(f"/eventos/{eid}/jogadores/{players[1].id}").get_data(as_text=True)
    assert "Nenhuma rodada publicada ainda." not in page
    assert "Semifinal" in page and "Final" in page and "Carla Terceira" in page and "Ana Primeira" in page
    assert "Pontos no torneio: <strong>2</strong>" in page  # two wins, 1 point each (club)
    card = client.get(f"/api/v1/events/{eid}/players/{players[1].id}")
    if card.status_code == 200:
        assert len(card.get_json()["games"]) == 2
    absent = client.get(f"/eventos/{eid}/jogadores/{players[3].id}").get_data(as_text=True)
    assert "derrota por W.O." in absent


def test_knockout_arbiter_report_counts_unplayed_games(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    eid, _players = _finished_knockout(client, db, make_user, make_player, make_event, login_as)
    page = client.get(f"/eventos/{eid}/relatorios/arbitro").get_data(as_text=True)
    section = page.split("Partidas não jogadas (W.O.)", 1)[1].split("</table>", 1)[0]
    assert "Davi Quarto" in section and "ambos ausentes" in section and "Semifinal" in section


def _team_event(db, make_event, make_player):  # type: ignore[no-untyped-def]
    event = make_event(name="Interclubes Teste", pairing_system="micromatch", planned_rounds=3)
    db.session.add(MicroMatchSettings(event_id=event.id, team=True, boards=2, scoring="game", openings="none"))
    for t in range(1, 5):
        team = Team(event_id=event.id, number=t, name=f"Equipe {t}", club=f"Clube {t}")
        for b in (1, 2, 3):
            team.members.append(TeamMemberRow(player_id=make_player(full_name=f"Atleta {t}{b}").id, position=b))
        db.session.add(team)
    db.session.commit()
    return event


def test_team_event_pages_show_teams_and_team_tiebreaks(client, db, make_player, make_event):  # type: ignore[no-untyped-def]
    event = _team_event(db, make_event, make_player)
    listing = client.get("/eventos/").get_data(as_text=True)
    assert "4 equipes" in listing and "0 inscritos" not in listing
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Equipes (4)" in page and "Lista inicial (0)" not in page
    assert "Equipe 3" in page and "Atleta 31" in page and "(reserva)" in page
    # ranked by team game points, then the team order (engine default_team_tiebreaks), not individual BH/SB
    # the event page names them (issue 27 point 5), each with its code as the tooltip, in order
    assert re.findall(r'class="tb-name" title="([^"]+)"', page) == ["MP", "TSB", "OPP-MP", "OPP-GP"]
    regulations = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "TSB" in regulations and "OPP-MP" in regulations
    assert client.get(f"/api/v1/events/{event.id}").get_json()["tiebreaks"] == ["MP", "TSB", "OPP-MP", "OPP-GP"]
