"""The games a record names in every kind of event (issue 32): a micro-match board's two games
(colours swapped), a team match's boards counted over the round, a knockout tie's games; each
game gets its own record, page and place in the round's file."""
from __future__ import annotations

from damas.formats.game_slots import round_slots
from damas.models import Event, GameResult, Role
from damas.models.gamerecord import GameRecord
from tests.web.desk.test_desk import running_event, set_result
from tests.web.desk.test_desk_teams import team_event  # noqa: F401  (fixture)
from tests.web.knockout.test_knockout_event import _post_game, knockout_event  # noqa: F401  (fixture)
from tests.web.desk.test_micro_desk_penalty import _setup as micro_setup

OPENING = "c3-d4 f6-e5 d4xf6 g7xe5"


def test_micro_match_board_has_two_games_with_colours_swapped(client, db, make_user, make_player, make_event,
                                                              login_as):
    event, (b1, _b2) = micro_setup(client, db, make_user, make_player, make_event, login_as)
    slots = [s for s in round_slots(event, 1) if s.board == b1.board]
    assert [(s.game, s.white.player_id, s.black.player_id) for s in slots] == [
        (1, b1.white.player_id, b1.black.player_id), (2, b1.black.player_id, b1.white.player_id)]
    for game in (1, 2):
        response = client.post(f"/eventos/{event.id}/partidas/1/{b1.board}/{game}/editar", data={"moves": OPENING})
        assert response.status_code == 302
    recs = db.session.query(GameRecord).order_by(GameRecord.game_no).all()
    assert [(r.game_no, r.white_player_id) for r in recs] == [(1, b1.white.player_id), (2, b1.black.player_id)]
    text = client.get(f"/eventos/{event.id}/rodadas/1/partidas.pdn").get_data(as_text=True)
    assert '[Round "1.1"]' in text and '[Round "1.2"]' in text
    page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert f"/eventos/{event.id}/partidas/1/{b1.board}/2" in page  # both games linked from the pairings


def test_micro_game_results_are_the_games_not_the_board(client, db, make_user, make_player, make_event, login_as):
    event, (b1, b2) = micro_setup(client, db, make_user, make_player, make_event, login_as)
    url = f"/eventos/{event.id}/micro/rodadas/1/resultados"
    client.post(url, data={f"g1-{b1.id}": "2-0", f"g2-{b1.id}": "1-1", f"version-{b1.id}": b1.version,
                           f"g1-{b2.id}": "1-1", f"g2-{b2.id}": "1-1", f"version-{b2.id}": b2.version})
    db.session.expire_all()
    slots = {s.key: s for s in round_slots(db.session.get(Event, event.id), 1)}
    assert slots[(1, b1.board, 1)].outcome.verdict.value == "white"
    assert slots[(1, b1.board, 2)].outcome.verdict.value == "draw"


def test_team_boards_are_counted_over_the_round_with_game_one_colours(client, db, login_as, team_event):  # noqa: F811
    eid, arbiter, _other, tables = team_event
    event = db.session.get(Event, eid)
    slots = round_slots(event, 1)
    assert sorted({s.board for s in slots}) == [1, 2, 3, 4] and len(slots) == 8
    first = [s for s in slots if s.board == 1]
    a1, b1 = tables[1]["a"][1], tables[1]["b"][1]
    assert (first[0].white.player_id, first[0].black.player_id) == (a1, b1)  # odd board: team A White in game 1
    assert (first[1].white.player_id, first[1].black.player_id) == (b1, a1)
    second = [s for s in slots if s.board == 2]
    assert second[0].white.player_id == tables[1]["b"][2]  # even board: team B White in game 1
    login_as(arbiter)
    assert client.post(f"/eventos/{eid}/partidas/1/2/1/editar", data={"moves": OPENING}).status_code == 302
    assert db.session.query(GameRecord).one().white_player_id == tables[1]["b"][2]


def test_knockout_tie_games(client, db, knockout_event, login_as):  # noqa: F811
    event, _staff, arbiter = knockout_event
    base = f"/eventos/{event.id}/eliminatoria"
    client.post(f"{base}/configurar", data={"games": "2", "drawn": "playoff", "rapid_games": "2", "places": "2"})
    login_as(arbiter)
    client.post(f"{base}/iniciar")
    assert "Partida gravada." in _post_game(client, db, event.id, (1, 1), "1-0").get_data(as_text=True)
    db.session.expire_all()
    event = db.session.get(Event, event.id)
    slots = round_slots(event, 1)
    played = [s for s in slots if s.outcome.verdict is not None]
    assert played and all(s.tie for s in slots) and played[0].game == 1
    s = played[0]
    assert client.post(f"/eventos/{event.id}/partidas/1/{s.board}/1/editar",
                       data={"moves": OPENING + " 2-0"}).status_code == 302
    text = client.get(f"/eventos/{event.id}/partidas.pdn").get_data(as_text=True)
    assert '[Round "1.1"]' in text and '[Result "2-0"]' in text


def test_a_forfeit_board_with_moves_is_flagged(client, db, make_event, make_player, make_user, login_as):
    arbiter = make_user(role=Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, arbiters=(arbiter,))
    login_as(arbiter)
    client.post(f"/eventos/{event.id}/partidas/1/1/1/editar", data={"moves": OPENING})
    set_result(db, event, 1, 1, GameResult.WHITE_FORFEIT_WIN)
    page = client.get(f"/eventos/{event.id}/rodadas/1/partidas").get_data(as_text=True)
    assert "A mesa não teve partida (W.O.), mas há lances registrados." in page


