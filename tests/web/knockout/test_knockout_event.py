"""An 11-player club knockout played to the final through the web (RULES.md §3 Knockout, §7).

16-slot bracket, seeds by rating; slot order 1 16 8 9 4 13 5 12 2 15 7 10 3 14 6 11, so seeds
1-5 have byes into round 2 and round 1 is 8-9 (tie (1, 1)), 7-10 (tie (1, 5)) and 6-11 (tie (1, 7)).
Settings: one game per tie, a drawn tie goes to 2 rapid games then Armageddon, third place
played off. Script (the better seed wins unless said otherwise):
  R1  8-9: draw; rapid games 1-1; Armageddon drawn -> Black (drawn by lot) wins the tie.
  R1  6-11: both absent, White 20 min, Black 10 min -> White (absent longer) loses.
  R1  7-10: 7 wins (first entered wrongly, corrected before round 2 depends on it).
  QF  1 v (8/9), 4 v 5 (5 wins: upset), 2 v 7, 3 v 11.
  SF 1 v 5, 2 v 3; third-place match 5 v 3 and final 1 v 2: the better seed wins.
Expected places: 1, 2, 3, 5 single; 4, 7 and the winners of 8-9 and 6-11 share 5-8
(quarter-final losers); 10 and the losers of 8-9 and 6-11 share 9-11.
"""
from __future__ import annotations

import shutil
import subprocess

import pytest

from damas.engine.pairing.knockout import all_ties
from damas.models import AuditEntry, Event, EventStatus, KnockoutGame, Role
from damas.services.rounds import knockout as ko


def _proposed(db, event_id: int, tie: tuple[int, int]):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    event = db.session.get(Event, event_id)
    loaded = ko.load_bracket(event)
    t = all_ties(loaded.bracket)[tie]
    return event, loaded, t, ko.proposed_game(event, loaded, t)


def _post_game(client, db, event_id: int, tie: tuple[int, int], result: str, **extra):  # type: ignore[no-untyped-def]
    _event, loaded, t, nxt = _proposed(db, event_id, tie)
    data = {"round": tie[0], "tie": tie[1], "expected": len(t.games), "result": result,
            "white_minutes": "", "black_minutes": "", **extra}
    return client.post(f"/eventos/{event_id}/eliminatoria/partida", data=data, follow_redirects=True)


def _win(client, db, event_id: int, tie: tuple[int, int], winner: int) -> None:  # type: ignore[no-untyped-def]
    """The next game of `tie` won by start number `winner`."""
    _event, _loaded, _t, nxt = _proposed(db, event_id, tie)
    assert nxt is not None, tie
    white, black, _stage = nxt
    assert winner in (white, black)
    response = _post_game(client, db, event_id, tie, "1-0" if winner == white else "0-1")
    assert "Partida gravada." in response.get_data(as_text=True), response.get_data(as_text=True)[:3000]


def _winner(db, event_id: int, tie: tuple[int, int]) -> int | None:  # type: ignore[no-untyped-def]
    return _proposed(db, event_id, tie)[2].winner


@pytest.fixture
def knockout_event(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    arbiter = make_user(Role.ARBITER)
    players = [make_player(full_name=f"Jogador {n:02d}", rating_regular=2200 - 50 * n, rating_rapid=2200 - 50 * n)
               for n in range(1, 12)]
    login_as(staff)
    response = client.post("/eventos/novo", data={
        "name": "Copa Eliminatória do Clube", "discipline": "damas-64", "ruleset": "club",
        "pairing_system": "knockout", "planned_rounds": "4", "time_minutes": "15", "time_increment": "5",
        "start_date": "2026-12-01", "end_date": "2026-12-01",
    })
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    event = db.session.query(Event).one()
    client.post(f"/eventos/{event.id}/arbitros", data={"user_id": arbiter.id})
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in reversed(players):
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    return event, staff, arbiter


def test_eleven_player_knockout_to_the_final(client, db, knockout_event, login_as):  # type: ignore[no-untyped-def]
    event, staff, arbiter = knockout_event
    eid = event.id
    base = f"/eventos/{eid}/eliminatoria"
    page = client.get(base).get_data(as_text=True)
    assert "Iniciar a eliminatória" in page and "Chave" in page

    # Settings: bad input refused with a message and nothing stored.
    response = client.post(f"{base}/configurar", data={"games": "0", "drawn": "playoff", "rapid_games": "2",
                                                       "places": "4"})
    assert "Entre 1 e 9." in response.get_data(as_text=True)
    assert ko.get_setup(event) is None
    response = client.post(f"{base}/configurar", data={"games": "1", "drawn": "playoff", "rapid_games": "2",
                                                       "places": "4"}, follow_redirects=True)
    assert "Regras da eliminatória gravadas." in response.get_data(as_text=True)

    login_as(arbiter)  # the event's arbiter runs it from here on
    response = client.post(f"{base}/iniciar", follow_redirects=True)
    html = response.get_data(as_text=True)
    assert "Eliminatória iniciada: 11 jogadores, 5 isento(s) na 1ª rodada." in html
    assert "<svg" in html and "isento (bye)" in html
    db.session.expire_all()
    event = db.session.get(Event, eid)
    assert event.status == EventStatus.RUNNING and event.planned_rounds == 4
    # Pairing numbers by rating: Jogador 01 is 1 ... Jogador 11 is 11.
    assert {e.player.full_name: e.pairing_number for e in event.entries} == {
        f"Jogador {n:02d}": n for n in range(1, 12)}
    loaded = ko.load_bracket(event)
    assert list(loaded.bracket.slots) == [1, None, 8, 9, 4, None, 5, None, 2, None, 7, 10, 3, None, 6, 11]
    ties = all_ties(loaded.bracket)
    assert [j for j in range(8) if ties[(1, j)].bye] == [0, 2, 3, 4, 6]
    assert [ties[(1, j)].winner for j in (0, 2, 3, 4, 6)] == [1, 4, 5, 2, 3]
    # Settings are fixed once started.
    response = client.post(f"{base}/configurar", data={"games": "2", "drawn": "replay", "rapid_games": "2",
                                                       "places": "2"})
    assert "A eliminatória já começou" in response.get_data(as_text=True)

    # 8-9: drawn, rapid mini-match 1-1, Armageddon drawn: Black wins.
    assert "Partida gravada." in _post_game(client, db, eid, (1, 1), "=-=").get_data(as_text=True)
    _e, _l, t, nxt = _proposed(db, eid, (1, 1))
    assert nxt[2].value == "rapid" and t.winner is None
    _win(client, db, eid, (1, 1), 8)
    _win(client, db, eid, (1, 1), 9)
    _e, _l, t, nxt = _proposed(db, eid, (1, 1))
    assert nxt[2].value == "armageddon"
    page = client.get(base).get_data(as_text=True)
    assert "Armagedom" in page and "Brancas 5 min, Pretas 4 min" in page
    armageddon_black = nxt[1]
    assert "Partida gravada." in _post_game(client, db, eid, (1, 1), "=-=").get_data(as_text=True)
    assert _winner(db, eid, (1, 1)) == armageddon_black

    # 6-11: both absent; the one absent longer (White, 20 min) loses.
    _e, _l, t, (white, black, _s) = _proposed(db, eid, (1, 7))
    response = _post_game(client, db, eid, (1, 7), "absent")  # minutes missing: refused
    assert "informe há quantos minutos" in response.get_data(as_text=True)
    response = _post_game(client, db, eid, (1, 7), "absent", white_minutes=20, black_minutes=10)
    assert "Partida gravada." in response.get_data(as_text=True)
    assert _winner(db, eid, (1, 7)) == black
    absent_winner = black
    absence = db.session.query(KnockoutGame).filter_by(event_id=eid, round=1, tie_index=7).one()
    assert (absence.outcome, absence.white_absent_minutes, absence.black_absent_minutes) == ("forfeit_loss", 20, 10)
    assert "perde quem está ausente há mais tempo" in client.get(base).get_data(as_text=True)

    # 7-10: entered wrongly (10 wins), corrected while round 2 does not depend on it yet.
    _win(client, db, eid, (1, 5), 10)
    wrong = db.session.query(KnockoutGame).filter_by(event_id=eid, round=1, tie_index=5).one()
    fix = "1-0" if wrong.white.pairing_number == 7 else "0-1"
    # A stale view of the game (its version) is refused and changes nothing.
    response = client.post(f"{base}/correcao", data={"game_id": wrong.id, "game_version": wrong.version + 1,
                                                     "result": fix}, follow_redirects=True)
    assert "Outro árbitro alterou" in response.get_data(as_text=True)
    response = client.post(f"{base}/correcao", data={"game_id": wrong.id, "game_version": wrong.version,
                                                     "result": fix, "white_minutes": "", "black_minutes": ""},
                           follow_redirects=True)
    assert "Partida corrigida." in response.get_data(as_text=True)
    assert _winner(db, eid, (1, 5)) == 7

    # Entering the same game twice from the same view is refused.
    data = {"round": 2, "tie": 0, "expected": 0, "result": "1-0"}
    assert "Partida gravada." in client.post(f"{base}/partida", data=data, follow_redirects=True).get_data(as_text=True)
    response = client.post(f"{base}/partida", data=data, follow_redirects=True)
    assert "Outro árbitro já lançou" in response.get_data(as_text=True)
    db.session.expire_all()
    first_qf = db.session.query(KnockoutGame).filter_by(event_id=eid, round=2, tie_index=0).one()
    if _winner(db, eid, (2, 0)) != 1:  # make seed 1 the winner, as the script says
        client.post(f"{base}/correcao", data={"game_id": first_qf.id, "game_version": first_qf.version,
                                              "result": "0-1"}, follow_redirects=True)
    assert _winner(db, eid, (2, 0)) == 1

    # The quarter-final with 9 has started: the Armageddon of 8-9 can no longer be corrected.
    arm = db.session.query(KnockoutGame).filter_by(event_id=eid, round=1, tie_index=1, stage="armageddon").one()
    response = client.post(f"{base}/correcao", data={"game_id": arm.id, "game_version": arm.version,
                                                     "result": "1-0" if armageddon_black != arm.white.pairing_number else "0-1"},
                           follow_redirects=True)
    assert "Esta correção não é mais possível" in response.get_data(as_text=True)
    assert _winner(db, eid, (1, 1)) == armageddon_black

    _win(client, db, eid, (2, 1), 5)  # 4 v 5: upset
    _win(client, db, eid, (2, 2), 2)  # 2 v 7
    _win(client, db, eid, (2, 3), 3)  # 3 v 11
    _win(client, db, eid, (3, 0), 1)  # 1 v 5
    _win(client, db, eid, (3, 1), 2)  # 2 v 3
    _win(client, db, eid, (4, 1), 3)  # third place: 5 v 3
    html = client.get(base).get_data(as_text=True)
    assert "Campeão" not in html.split("<svg", 1)[0]
    _win(client, db, eid, (4, 0), 1)  # final: 1 v 2

    html = client.get(base).get_data(as_text=True)
    assert "Campeão: <strong>Jogador 01</strong>" in html
    loaded = ko.load_bracket(db.session.get(Event, eid))
    from damas.engine.pairing.knockout import final_places

    # Colours are drawn (game 1 and the Armageddon), so who won 8-9 and 6-11 depends on the lot.
    fifth = tuple(sorted((4, 7, armageddon_black, absent_winner)))
    ninth = tuple(sorted((10, 17 - armageddon_black, 17 - absent_winner)))
    assert [(p.label, p.players) for p in final_places(loaded.bracket)] == [
        ("1", (1,)), ("2", (2,)), ("3", (3,)), ("4", (5,)), ("5-8", fifth), ("9-11", ninth)]
    names = ", ".join(f"Jogador {n:02d}" for n in fifth)
    assert "5-8º" in html and "dividido" in html and names in html

    # No more games: a further entry is refused.
    response = _post_game(client, db, eid, (4, 0), "1-0")
    assert "não precisa de partida" in response.get_data(as_text=True)

    # Everything is in the audit log.
    actions = [a.action for a in db.session.query(AuditEntry).filter_by(event_id=eid, object_type="knockout_game")]
    assert actions.count("result") == 14 and actions.count("correct") >= 1
    assert db.session.query(AuditEntry).filter_by(event_id=eid, object_type="knockout", action="start").count() == 1

    # The event can be closed; the page and PDF stay public.
    response = client.post(f"/eventos/{eid}/situacao", data={"status": "finished"}, follow_redirects=True)
    assert "Situação do evento alterada." in response.get_data(as_text=True)
    client.post("/conta/sair")
    assert client.get(base).status_code == 200
    pdf = client.get(f"{base}/chave.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_bracket_pdf_text(client, db, knockout_event, tmp_path):  # type: ignore[no-untyped-def]
    event, _staff, _arbiter = knockout_event
    eid = event.id
    client.post(f"/eventos/{eid}/eliminatoria/iniciar")
    _post_game(client, db, eid, (1, 1), "absent", white_minutes=5, black_minutes=30)
    pdf = client.get(f"/eventos/{eid}/eliminatoria/chave.pdf")
    assert pdf.status_code == 200
    path = tmp_path / "chave.pdf"
    path.write_bytes(pdf.data)
    text = subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout
    assert "Chave da eliminatória" in text and "Copa Eliminatória do Clube" in text
    assert "Jogador 01" in text and "Jogador 11" in text and "isento (bye)" in text
    assert "Quartas de final" in text and "Final" in text
    assert "ambos ausentes" in text
    assert "página 1 de" in text


def test_club_drawn_tie_is_replayed_with_colours_reversed(client, db, make_user, make_player, make_event,
                                                          login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = [make_player(rating_regular=1900 - 10 * n) for n in range(3)]
    event = make_event(arbiters=(arbiter,), players=tuple(players), ruleset="club", pairing_system="knockout",
                       time_minutes=10)
    login_as(arbiter)
    eid = event.id
    client.post(f"/eventos/{eid}/eliminatoria/iniciar")
    # 3 players: seed 1 has a bye; 2 v 3 (tie 1.1) draws twice, then 3 wins the replay.
    assert ko.get_setup(db.session.get(Event, eid)).drawn == "replay"  # club default
    _e, _l, _t, (w1, b1, s1) = _proposed(db, eid, (1, 1))
    assert s1.value == "main"
    response = _post_game(client, db, eid, (1, 1), "")  # no result chosen: refused, nothing written
    assert "Resultado inválido" in response.get_data(as_text=True)
    assert db.session.query(KnockoutGame).filter_by(event_id=eid).count() == 0
    assert "Partida gravada." in _post_game(client, db, eid, (1, 1), "=-=").get_data(as_text=True)
    _e, _l, _t, (w2, b2, s2) = _proposed(db, eid, (1, 1))
    assert (w2, b2, s2.value) == (b1, w1, "replay")
    _post_game(client, db, eid, (1, 1), "=-=")
    _win(client, db, eid, (1, 1), 3)
    assert _winner(db, eid, (1, 1)) == 3
    html = client.get(f"/eventos/{eid}/eliminatoria").get_data(as_text=True)
    assert "Repetição (cores trocadas)" in html
    # Only a tie's last game may be deleted; deleting it reopens the tie.
    rows = db.session.query(KnockoutGame).filter_by(event_id=eid).order_by(KnockoutGame.seq).all()
    response = client.post(f"/eventos/{eid}/eliminatoria/correcao", data={
        "game_id": rows[0].id, "game_version": rows[0].version, "result": "delete"},
        follow_redirects=True)
    assert "Só a última partida" in response.get_data(as_text=True)
    response = client.post(f"/eventos/{eid}/eliminatoria/correcao", data={
        "game_id": rows[-1].id, "game_version": rows[-1].version, "result": "delete"},
        follow_redirects=True)
    assert "Partida apagada." in response.get_data(as_text=True)
    assert _winner(db, eid, (1, 1)) is None
    assert db.session.query(AuditEntry).filter_by(event_id=eid, action="delete", object_type="knockout_game").count() == 1


def test_non_knockout_event_has_no_bracket(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event()
    login_as(staff)
    assert "Este evento não é eliminatório." in client.get(f"/eventos/{event.id}/eliminatoria").get_data(as_text=True)
    response = client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True)
    assert "Este evento não é eliminatório." in response.get_data(as_text=True)
    assert ko.get_setup(event) is None


def test_concurrent_change_to_the_bracket_is_refused(client, db, knockout_event, login_as):  # type: ignore[no-untyped-def]
    """The conditional version bump: a change computed on an out-of-date bracket writes nothing."""
    from damas.services.errors import ServiceError

    event, _staff, _arbiter = knockout_event
    client.post(f"/eventos/{event.id}/eliminatoria/iniciar")
    db.session.expire_all()
    setup = ko.get_setup(db.session.get(Event, event.id))
    seen = setup.version
    with pytest.raises(ServiceError, match="Outro árbitro alterou a chave"):
        ko._bump(setup, seen - 1)
    db.session.rollback()
    ko._bump(setup, seen)
    db.session.commit()
    db.session.expire_all()
    assert ko.get_setup(db.session.get(Event, event.id)).version == seen + 1
