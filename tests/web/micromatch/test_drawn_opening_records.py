"""The opening drawn for a micro-match (Sistema Loteria, CBJD 119) on the record form of its games,
and the desk's warning for a record whose first moves are not that opening: the sheet is saved as
written (CBJD 56, 59), the warning names the game, the opening expected and the moves recorded."""
from __future__ import annotations

from damas.cli import damas_cli
from damas.models import Event, Role, Round
from damas.models.gamerecord import GameRecord
from damas.services.micromatch import matches as micro_service
from damas.services.micromatch import openings as opening_service
from tests.web.micromatch.test_micromatch_event import _post

TABLE = "código;lances;nome\n08;10-15 21-17 15-19;Avanço\n".encode()
OPENING = "1. 10-15 21-17 2. 15-19 24x15"  # the opening, then Black takes (b6xd4)
OTHER = "1. e3-d4 h6-g5 2. d4-e5 f6xd4"


def _micro_event(client, db, make_user, make_player, make_event, login_as,  # type: ignore[no-untyped-def]
                 table=TABLE):
    staff = make_user(Role.STAFF)
    opening_service.upload_openings(staff, table, "tablita.csv")
    players = [make_player(full_name=f"Loteria {n}", rating_regular=2000 - n) for n in range(1, 5)]
    event = make_event(pairing_system="micromatch", planned_rounds=2, players=tuple(players))
    micro_service.save_settings(staff, event, {"scoring": "game", "openings": "round"})
    login_as(staff)
    _post(client, f"/eventos/{event.id}/micro/emparceirar", expect="Rodada 1 emparceirada.")
    _post(client, f"/eventos/{event.id}/rodadas/1/publicar")
    rnd = db.session.query(Round).filter_by(event_id=event.id).one()
    return event, sorted(rnd.games, key=lambda g: g.board)


def _edit(event, board: int, game: int) -> str:  # type: ignore[no-untyped-def]
    return f"/eventos/{event.id}/partidas/1/{board}/{game}/editar"


def test_the_record_form_shows_the_opening_drawn(client, db, make_user, make_player, make_event, login_as):
    event, (b1, _b2) = _micro_event(client, db, make_user, make_player, make_event, login_as)
    for game in (1, 2):  # both games of the micro-match play it
        page = client.get(_edit(event, b1.board, game)).get_data(as_text=True)
        assert "Abertura sorteada:</strong> 08 — 10-15 21-17 15-19 (Avanço)" in page
        assert "= e3-d4 h6-g5 d4-c5" in page  # the same moves by file and rank
    english = client.get(_edit(event, b1.board, 1) + "?lang=en").get_data(as_text=True)
    assert "Opening drawn by lot:</strong> 08 — 10-15 21-17 15-19" in english


def test_a_record_off_the_opening_is_saved_and_flagged_on_the_desk(client, db, make_user, make_player, make_event,
                                                                    login_as):
    event, (b1, b2) = _micro_event(client, db, make_user, make_player, make_event, login_as)
    assert client.post(_edit(event, b1.board, 1), data={"moves": OPENING}).status_code == 302
    saved = client.post(_edit(event, b2.board, 2), data={"moves": OTHER}, follow_redirects=True)
    assert "Partida gravada." in saved.get_data(as_text=True)
    assert "Não começa pela abertura sorteada 08" in saved.get_data(as_text=True)  # a warning, not a refusal
    assert db.session.query(GameRecord).count() == 2
    desk = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "Planilhas fora da abertura sorteada (CBJD 119)" in desk
    flags = desk.split('class="plain opening-flags"')[1].split("</ul>")[0]
    assert flags.count("<li>") == 1
    names = f"{b2.black.player.full_name} – {b2.white.player.full_name}"
    assert f"Rodada 1, Mesa {b2.board}, 2ª partida: {names}" in flags
    assert ("Não começa pela abertura sorteada 08: esperado e3-d4 h6-g5 d4-c5, registrado e3-d4 h6-g5 d4-e5 "
            "(difere no lance 2 das brancas).") in flags
    assert f"Mesa {b1.board}, 1ª partida" not in flags  # the record that follows the opening is not flagged
    english = client.get(f"/eventos/{event.id}/mesa/?lang=en").get_data(as_text=True)
    assert "Score sheets that leave the opening drawn (CBJD 119)" in english
    assert "Does not start with the opening drawn, 08: expected e3-d4 h6-g5 d4-c5, recorded" in english


def test_a_record_following_the_opening_is_not_flagged(client, db, make_user, make_player, make_event, login_as):
    event, (b1, _b2) = _micro_event(client, db, make_user, make_player, make_event, login_as)
    client.post(_edit(event, b1.board, 1), data={"moves": "1. e3-d4 h6-g5 2. d4-c5"})  # by file and rank
    client.post(_edit(event, b1.board, 2), data={"moves": OPENING})
    desk = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "Planilhas fora da abertura sorteada" not in desk


def test_an_opening_the_rules_cannot_play_is_said_so(client, db, make_user, make_player, make_event, login_as):
    table = "código;lances;nome\n02;11-15 22-19 8-11;Ortodoxa\n".encode()
    event, (b1, _b2) = _micro_event(client, db, make_user, make_player, make_event, login_as, table)
    client.post(_edit(event, b1.board, 1), data={"moves": "1. 11-15 22-18"})
    desk = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "A abertura sorteada 02 (11-15 22-19 8-11) não é jogável pelas regras do jogo" in desk


def test_the_regulations_page_states_the_numbering(client, db, make_user, make_player, make_event, login_as):
    event, _boards = _micro_event(client, db, make_user, make_player, make_event, login_as)
    page = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "(1 = g1, 4 = a1, 5 = h2, 32 = b8) (decisão da federação)" in page
    english = client.get(f"/eventos/{event.id}/regulamento?lang=en").get_data(as_text=True)
    assert "(1 = g1, 4 = a1, 5 = h2, 32 = b8) (federation&#39;s decision)" in english


def test_the_demo_has_a_numeric_record_and_a_record_off_its_opening(app, db, client):  # type: ignore[no-untyped-def]
    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    micro = db.session.query(Event).filter(Event.name.like("Copa Micro Match%")).one()
    recs = {r.game_no: r for r in db.session.query(GameRecord).filter_by(event_id=micro.id, round_number=3, board=1)}
    drawn = opening_service.round_draws(micro, 3)[0]
    assert recs[1].moves == drawn["moves"] and recs[1].irregular_ply is None  # by numbers, as the table
    assert not recs[1].moves[0].isalpha() and recs[2].moves[0].isalpha()
    client.post("/conta/entrar", data={"email": "arbitro@demo.damas.br", "password": "demo12345"})
    desk = client.get(f"/eventos/{micro.id}/mesa/").get_data(as_text=True)
    flags = desk.split('class="plain opening-flags"')[1].split("</ul>")[0]
    assert flags.count("<li>") == 1 and "Rodada 3, Mesa 1, 2ª partida" in flags
    assert f"Não começa pela abertura sorteada {drawn['code']}" in flags
