"""A team event of ONE game per board (issue 28 point 3: `games_per_board` 1, a FIDE team match)
set on the new-event form and run through the web: line-ups, one game per board on the results
form, the team table's match and game points, the bye worth a won game per board."""
from __future__ import annotations

import re

from damas.models import Event, Role
from damas.models.micromatch import MicroMatchSettings, Team, TeamRound


def _post_ok(client, url, data=None, expect=None):  # type: ignore[no-untyped-def]
    response = client.post(url, data=data or {}, follow_redirects=True)
    assert response.status_code == 200
    text = response.get_data(as_text=True)
    if expect:
        assert expect in text, text[:4000]
    return text


def _new_event(client, **fields):  # type: ignore[no-untyped-def]
    data = {"name": "Equipes FIDE", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "micromatch",
            "planned_rounds": "3", "time_minutes": "30", "time_increment": "0", "start_date": "2026-12-01",
            "end_date": "2026-12-01", "team": "y", "boards": "2", "games_per_board": "1", "scoring": "match",
            "openings": "none"}
    data.update(fields)
    return _post_ok(client, "/eventos/micro/novo", data)


def test_one_game_per_board_team_match_scores_each_board_as_one_game(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    """Three teams of two boards: Alfa beats Beta 2-0 on board 1 and draws board 2 (3-1 in game
    points, draughts 2/1/0 per game), Gama has the bye (a won game per board: 4)."""
    login_as(make_user(Role.STAFF))
    assert "Evento em micro match criado." in _new_event(client)
    event = db.session.query(Event).one()
    assert db.session.query(MicroMatchSettings).one().games_per_board == 1
    _post_ok(client, f"/eventos/{event.id}/situacao", {"status": "registration"})
    for t, rating in (("Alfa", 2000), ("Beta", 1900), ("Gama", 1800)):
        ps = [make_player(full_name=f"{t} {b}", rating_regular=rating - b) for b in (1, 2)]
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
    page = client.get(f"/eventos/{event.id}/equipes/rodadas/1").get_data(as_text=True)
    assert f'name="g1-{match.id}-1"' in page and f'name="g2-{match.id}-1"' not in page
    a_is_alfa = match.team_a_id == teams["Alfa"].id
    refused = _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados",
                       {f"g1-{match.id}-1": "2-0", f"g2-{match.id}-1": "2-0"})
    assert "uma por tabuleiro" in refused
    form = {f"g1-{match.id}-1": "2-0" if a_is_alfa else "0-2", f"g1-{match.id}-2": "1-1"}
    text = _post_ok(client, f"/eventos/{event.id}/equipes/rodadas/1/resultados", form)
    assert ("3-1" if a_is_alfa else "1-3") in text
    page = client.get(f"/eventos/{event.id}/micro/classificacao").get_data(as_text=True)
    rows = re.findall(r'data-team="([^"]+)">.*?<strong>(\d+)</strong></td>\s*<td class="num">(\d+)</td>', page, re.S)
    # match points: Gama bye 2 (GP 2 boards x 2 = 4), Alfa 2 (GP 3), Beta 0 (GP 1)
    assert rows == [("Gama", "2", "4"), ("Alfa", "2", "3"), ("Beta", "0", "1")]


def test_one_game_per_board_is_for_team_events_only(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    text = _new_event(client, team="")
    assert "Uma partida por tabuleiro só em eventos por equipes" in text
    assert db.session.query(Event).count() == 0
