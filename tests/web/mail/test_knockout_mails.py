"""A knockout event's mails (RULES.md §3): the start tells each player of round 1 his tie (stage,
opponent with rating, colour of game 1; kind "pairings"); a game entered tells both players its
result and who goes through (kind "results"), and a tie it completes tells its two players;
in the account's language; never to an unverified or opted-out account; nothing when refused."""
from __future__ import annotations

from datetime import datetime, timezone
from typing import Any

from damas.engine.pairing.knockout import all_ties
from damas.models import Event, Role
from damas.services.rounds import knockout as ko
from damas.services.mail.preferences import set_kinds_on
from tests.web.mail.mail_helpers import outbox

NOW = datetime.now(timezone.utc)


def _event(client: Any, db: Any, make_user: Any, make_player: Any, login_as: Any) -> tuple[Event, dict]:
    """Four players (seeds 1 v 4 and 2 v 3 in the semifinals), one game per tie, all with accounts."""
    staff = make_user(Role.STAFF)
    players = [make_player(full_name=f"Jogador {n}", rating_regular=2200 - 50 * n, rating_rapid=2200 - 50 * n)
               for n in range(1, 5)]
    users = {p.full_name: make_user(Role.PLAYER, player_id=p.id, name=p.full_name, email_verified_at=NOW)
             for p in players}
    login_as(staff)
    client.post("/eventos/novo", data={
        "name": "Copa do Clube", "discipline": "damas-64", "ruleset": "club", "pairing_system": "knockout",
        "planned_rounds": "2", "time_minutes": "15", "time_increment": "5",
        "start_date": "2026-12-01", "end_date": "2026-12-01"})
    event = db.session.query(Event).one()
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    return event, users


def _game(client: Any, db: Any, event_id: int, tie: tuple[int, int], result: str) -> str:
    db.session.expire_all()
    loaded = ko.load_bracket(db.session.get(Event, event_id))
    expected = len(all_ties(loaded.bracket)[tie].games)
    return client.post(f"/eventos/{event_id}/eliminatoria/partida", data={
        "round": tie[0], "tie": tie[1], "expected": expected, "result": result, "white_minutes": "",
        "black_minutes": ""}, follow_redirects=True).get_data(as_text=True)


def _white(db: Any, event_id: int, tie: tuple[int, int]) -> str:
    db.session.expire_all()
    event = db.session.get(Event, event_id)
    loaded = ko.load_bracket(event)
    white, _black, _stage = ko.proposed_game(event, loaded, all_ties(loaded.bracket)[tie])
    return loaded.entry_by_no[white].player.full_name


def test_start_tells_each_player_his_semifinal(app, client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, users = _event(client, db, make_user, make_player, login_as)
    users["Jogador 2"].locale = "en"
    users["Jogador 3"].email_verified_at = None
    db.session.commit()
    set_kinds_on(users["Jogador 4"], users["Jogador 4"], {"results"})  # pairings turned off
    app.extensions["mailman"].outbox.clear()
    client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True)
    mails = {m.to[0]: m for m in outbox(app)}
    assert set(mails) == {users["Jogador 1"].email, users["Jogador 2"].email}
    first = mails[users["Jogador 1"].email]
    assert first.subject == "Copa do Clube: seu confronto — Semifinal"
    assert "Adversário: Jogador 4 (rating" in first.body
    white = _white(db, event.id, (1, 0))
    assert ("1ª partida com as brancas" if white == "Jogador 1" else "1ª partida com as pretas") in first.body
    assert f"http://localhost/eventos/{event.id}/eliminatoria" in first.body
    english = mails[users["Jogador 2"].email]
    assert english.subject == "Copa do Clube: your tie — Semifinal"
    assert "Opponent: Jogador 3" in english.body


def test_results_and_the_final(app, client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, users = _event(client, db, make_user, make_player, login_as)
    client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True)
    app.extensions["mailman"].outbox.clear()
    white = _white(db, event.id, (1, 0))
    assert "Partida gravada." in _game(client, db, event.id, (1, 0), "1-0")
    mails = {m.to[0]: m for m in outbox(app)}
    assert set(mails) == {users["Jogador 1"].email, users["Jogador 4"].email} and len(outbox(app)) == 2
    mail = mails[users["Jogador 1"].email]
    assert mail.subject == "Copa do Clube: resultado lançado — Semifinal"
    assert "Resultado: Vitória das brancas" in mail.body
    assert f"Confronto decidido: {white} se classifica." in mail.body
    app.extensions["mailman"].outbox.clear()
    white2 = _white(db, event.id, (1, 1))
    assert "Partida gravada." in _game(client, db, event.id, (1, 1), "0-1")
    mails: dict[str, list] = {}
    for m in outbox(app):
        mails.setdefault(m.to[0], []).append(m)
    winner2 = "Jogador 3" if white2 == "Jogador 2" else "Jogador 2"
    # the semifinal's result to both; the final's pairing to both finalists (another round: another mail)
    final = [m for ms in mails.values() for m in ms if "Final" in m.subject]
    assert {m.to[0] for m in final} == {users[white].email, users[winner2].email}
    assert len(mails[users[winner2].email]) == 2 and len(mails[users[white2].email]) == 1


def test_refused_game_sends_nothing(app, client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, users = _event(client, db, make_user, make_player, login_as)
    client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True)
    app.extensions["mailman"].outbox.clear()
    text = client.post(f"/eventos/{event.id}/eliminatoria/partida", data={
        "round": 1, "tie": 0, "expected": 3, "result": "1-0", "white_minutes": "", "black_minutes": ""},
        follow_redirects=True).get_data(as_text=True)
    assert "Outro árbitro" in text
    assert outbox(app) == []
