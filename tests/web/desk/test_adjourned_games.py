"""Issue 18 #5, seed fide-swiss-general-and-dutch-ru.txt #1 (C.04.2): "Adjourned games count as draws
for pairing only". The result "adiada" end to end: the results form, the round page, the standings
("pendente", no points), the API, the exports, the next pairing (no rematch), and the real result
replacing it whatever the correction deadline."""
from __future__ import annotations

from damas.models import AuditEntry, EventStatus, Game, GameResult, Role, Round
from damas.models.desk import DeskSettings
from tests.web.desk.test_desk import board, running_event


def _enter(client, db, event, number, results):  # type: ignore[no-untyped-def]
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=number).one()
    data = {}
    for g in rnd.games:
        if g.board in results:
            data[f"result-{g.id}"] = results[g.board]
            data[f"version-{g.id}"] = str(g.version)
    return client.post(f"/eventos/{event.id}/rodadas/{number}/resultados", data=data,
                       follow_redirects=True).get_data(as_text=True)


def _swiss(db, make_event, make_player, arbiter):  # type: ignore[no-untyped-def]
    """Dutch, FIDE, 4 players; round 1 published: board 1 is 1-2, board 2 is 3-4."""
    event, entries = running_event(db, make_event, make_player, (arbiter,), rounds=1, pairing_system="dutch",
                                   ruleset="fide", discipline="xadrez")
    db.session.add(DeskSettings(event_id=event.id, correction_mode="next_pairing"))
    db.session.commit()
    return event, entries


def test_c04_2_1_adjourned_result_end_to_end(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss(db, make_event, make_player, arbiter)
    login_as(arbiter)
    round_page = client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)
    assert 'value="adj"' in round_page  # offered on the results form
    _enter(client, db, event, 1, {1: "adj", 2: "1-0"})
    assert board(db, event, 1, 1).result == GameResult.ADJOURNED
    assert 'value="adj" selected' in client.get(f"/eventos/{event.id}/rodadas/1").get_data(as_text=True)

    standings = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "pendente" in standings
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    rows = {r["start_no"]: r for r in api["rows"]}
    assert rows[1]["points"] == rows[2]["points"] == "0" and rows[1]["pending"] == [1]
    assert rows[3]["points"] == "1" and rows[3]["pending"] == []
    boards = client.get(f"/api/v1/events/{event.id}/rounds/1").get_json()["boards"]
    assert boards[0]["adjourned"] is True and boards[1]["adjourned"] is False
    assert boards[0]["result"] == "adiada"

    trf = client.get(f"/eventos/{event.id}/relatorios/fide.trf").get_data(as_text=True)
    line1 = next(ln for ln in trf.splitlines() if ln.startswith("001") and ln[4:8].strip() == "1")
    assert line1[91:99] == "   2 w D"  # TRF-16 has no adjourned code: an unrated draw [ours]
    csv = client.get(f"/eventos/{event.id}/relatorios/rating.csv").get_data(as_text=True)
    assert len(csv.strip().splitlines()) == 2  # the header and board 2 only: not a result to rate yet

    # the next round is paired with the adjourned game as a draw: 1 and 2 have met
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    rnd2 = db.session.query(Round).filter_by(event_id=event.id, number=2).one()
    pairs = [{g.white.pairing_number, g.black.pairing_number} for g in rnd2.games if g.black is not None]
    assert len(pairs) == 2 and {1, 2} not in pairs and {3, 4} not in pairs
    client.post(f"/eventos/{event.id}/rodadas/2/publicar")

    # the real result replaces it although the correction deadline (next pairing) has passed
    page = _enter(client, db, event, 1, {1: "1-0"})
    assert "1 resultado(s) gravado(s)." in page
    assert board(db, event, 1, 1).result == GameResult.WHITE_WIN
    api = client.get(f"/api/v1/events/{event.id}/standings").get_json()
    rows = {r["start_no"]: r for r in api["rows"]}
    assert rows[1]["points"] == "1" and rows[1]["pending"] == []
    assert db.session.query(AuditEntry).filter_by(action="result").count() == 3
    # an ordinary result of round 1 is now a correction after the next pairing, before the end of
    # round 2: C.04.2 #8 takes it, to count from the pairing after (issue 18 point 18)
    assert "1 resultado(s) gravado(s)." in _enter(client, db, event, 1, {2: "0-1"})
    assert board(db, event, 1, 2).result == GameResult.BLACK_WIN


def test_an_event_with_an_adjourned_game_cannot_finish(client, db, make_user, make_event, make_player,
                                                       login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event, _entries = _swiss(db, make_event, make_player, staff)
    login_as(staff)
    _enter(client, db, event, 1, {1: "adj", 2: "=-="})
    page = client.post(f"/eventos/{event.id}/situacao", data={"status": "finished"},
                       follow_redirects=True).get_data(as_text=True)
    assert "Há resultados pendentes" in page
    db.session.expire_all()
    assert event.status == EventStatus.RUNNING


def test_regulations_page_explains_adjourned_games(client, db, make_event):  # type: ignore[no-untyped-def]
    event = make_event(ruleset="fide", pairing_system="dutch", status=EventStatus.RUNNING)
    page = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Partida adiada: empate só para o emparceiramento (C.04.2 #1)" in page
    assert db.session.query(Game).count() == 0


def test_player_card_shows_the_adjourned_game_pending(client, db, make_user, make_event, make_player,
                                                      login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, c, d) = _swiss(db, make_event, make_player, arbiter)
    login_as(arbiter)
    _enter(client, db, event, 1, {1: "adj", 2: "1-0"})
    card = client.get(f"/api/v1/events/{event.id}/players/{a.player_id}").get_json()
    assert card["games"][0]["result"] == "adiada (pendente)" and card["games"][0]["points"] == "0"


def test_demo_swiss_has_an_adjourned_game_in_round_4(app, client, db):  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli
    from damas.models import Event

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter(Event.name.like("Aberto de Xadrez de Fortaleza%")).one()
    boards = client.get(f"/api/v1/events/{event.id}/rounds/4").get_json()["boards"]
    assert [b["result"] for b in boards if b["adjourned"]] == ["adiada"]
