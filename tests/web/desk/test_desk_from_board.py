"""Issue 27 point 6: the arbiter's desk works from the board. An incident or a sanction names
its player by round, board number and side; the route resolves the entry and calls the same
services. A board the round does not have, an empty side or a side without a player (a bye) is
refused with a message and records nothing; an arbiter of another event cannot post; the desk
lists the current round's boards, each name a link that fills the forms in; the withdrawals and
absences page is in the desk's navigation; dates do not wrap."""
from __future__ import annotations

from typing import Any

import pytest

from damas.models import AuditEntry, Game, Role, Round
from damas.models.desk import DeskIncident, DeskSanction
from tests.web.desk.test_desk import running_event


def _incident(client: Any, event: Any, board: Any, side: Any, number: int = 1, kind: str = "claimed_irregularity",
              article: str = "56") -> str:
    response = client.post(f"/eventos/{event.id}/mesa/incidentes", data={
        "i-round_number": number, "i-board": board, "i-side": side, "i-kind": kind, "i-article": article},
        follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _sanction(client: Any, event: Any, board: Any, side: Any, number: int = 1, kind: str = "verbal_warning") -> Any:
    return client.post(f"/eventos/{event.id}/mesa/sancoes", data={
        "s-round_number": number, "s-board": board, "s-side": side, "s-kind": kind, "s-note": "conversa"},
        follow_redirects=True)


def test_an_incident_is_recorded_from_round_board_and_side(client, db, make_user, make_event, make_player,
                                                            login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,), rounds=2)
    login_as(arbiter)
    _incident(client, event, 2, "black", number=2)  # round 2, board 2: entries 2 (White) and 4 (Black)
    row = db.session.query(DeskIncident).one()
    assert (row.round_number, row.board, row.entry_id) == (2, 2, entries[3].id)
    response = _sanction(client, event, 1, "white", number=2)  # round 2, board 1: 3 (White) - 1
    assert response.status_code == 200
    sanction = db.session.query(DeskSanction).one()
    assert (sanction.round_number, sanction.board, sanction.entry_id) == (2, 1, entries[2].id)


@pytest.mark.parametrize("board,side,message", [
    (9, "white", "A rodada 1 não tem a mesa 9."),
    ("", "white", "Informe a mesa e o lado do jogador"),
    (1, "", "Informe a mesa e o lado do jogador"),
    ("abc", "white", "Escolha rodada, mesa, lado e tipo do incidente."),
    (0, "white", "Escolha rodada, mesa, lado e tipo do incidente."),
    (1, "green", "Escolha rodada, mesa, lado e tipo do incidente."),
    ("", "", "Informe a mesa e o lado do jogador"),
])
def test_a_bad_board_or_side_is_refused_and_records_nothing(client, db, make_user, make_event, make_player, login_as,
                                                            board, side, message):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    assert message in _incident(client, event, board, side)
    html = _sanction(client, event, board, side).get_data(as_text=True)
    assert "Informe a mesa" in html or "Escolha rodada, mesa, lado e sanção." in html or "não tem a mesa" in html
    assert db.session.query(DeskIncident).count() == 0 and db.session.query(DeskSanction).count() == 0
    assert db.session.query(AuditEntry).count() == 0


def test_the_side_of_a_bye_has_no_player(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,))
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    db.session.add(Game(round_id=rnd.id, board=3, white_entry_id=entries[0].id, black_entry_id=None))
    db.session.commit()
    login_as(arbiter)
    assert "Este lado da mesa 3 não tem jogador." in _incident(client, event, 3, "black")
    assert db.session.query(DeskIncident).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_an_arbiter_of_another_event_cannot_post_from_the_board(client, db, make_user, make_event, make_player,
                                                                 login_as):  # type: ignore[no-untyped-def]
    arbiter, other = make_user(Role.ARBITER), make_user(Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, (arbiter,))
    make_event(arbiters=(other,))
    login_as(other)
    response = client.post(f"/eventos/{event.id}/mesa/incidentes", data={
        "i-round_number": 1, "i-board": 1, "i-side": "white", "i-kind": "claimed_irregularity", "i-article": "56"})
    assert response.status_code == 403
    assert _sanction(client, event, 1, "white").status_code == 403
    assert client.get(f"/eventos/{event.id}/mesa/?rodada=1&mesa=1&lado=white").status_code == 403
    assert db.session.query(DeskIncident).count() == 0 and db.session.query(AuditEntry).count() == 0


def test_the_desk_lists_the_boards_and_a_link_fills_the_forms(client, db, make_user, make_event, make_player,
                                                              login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,), rounds=2)
    login_as(arbiter)
    html = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "Mesas da rodada 2" in html  # the current round: the latest published
    assert f"rodada=2&amp;mesa=1&amp;lado=white" in html and 'name="i-entry_id"' not in html
    assert "Desistências e pedidos" in html and f"/eventos/{event.id}/jogadores" in html
    html = client.get(f"/eventos/{event.id}/mesa/?rodada=1&mesa=2&lado=black").get_data(as_text=True)
    assert 'name="i-board" type="number" value="2"' in html and '<option selected value="1">Rodada 1</option>' in html
    black = entries[3].player.full_name  # round 1, board 2: 3 - 4
    assert f'<option selected value="black">Pretas — {black}</option>' in html
    # nonsense in the link is ignored, not an error
    assert client.get(f"/eventos/{event.id}/mesa/?rodada=x&mesa=99&lado=red").status_code == 200


def test_desk_dates_do_not_wrap(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, _entries = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    _incident(client, event, 1, "white")
    html = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    at = db.session.query(DeskIncident).one().at.strftime("%d/%m/%Y")
    assert f'<span class="date">{at}' in html


def test_the_desk_from_the_board_in_english(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, entries = running_event(db, make_event, make_player, (arbiter,))
    login_as(arbiter)
    html = client.get(f"/eventos/{event.id}/mesa/?rodada=1&mesa=1&lado=white&lang=en").get_data(as_text=True)
    assert "Boards of round 1" in html and f"White — {entries[0].player.full_name}" in html
    response = client.post(f"/eventos/{event.id}/mesa/incidentes?lang=en", data={
        "i-round_number": 1, "i-board": 7, "i-side": "white", "i-kind": "claimed_irregularity", "i-article": "56"},
        follow_redirects=True)
    assert "Round 1 has no board 7." in response.get_data(as_text=True)
