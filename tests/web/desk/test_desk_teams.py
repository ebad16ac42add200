"""The arbiter's desk in a running team micro-match event (CBJD 120 with CBJD 51, 60; RULES.md §6):
4 teams x 2 boards, round 1 published with both line-ups of each match. The forms offer the team
round and the players on its boards (team, table, board); an incident that only warns; "game
lost" sanctions written into one game of a board through the team service, so the team match
score follows; refusal on a game that already has another result (nothing written); the results
form still saves a board with one game from the desk; access (a player and another event's
arbiter get 403); the audit rows.

Desk board numbers: (table - 1) x 2 + board, so table 1 board 1 is board 1 and table 2 board 1
is board 3."""
from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from damas.models import AuditEntry, Event, EventStatus, Player, Role
from damas.models.desk import DeskIncident, DeskSanction
from damas.models.micromatch import TeamRound


@pytest.fixture
def team_event(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    from damas.services.events import lifecycle as event_service
    from damas.services.micromatch import matches as micro_service
    from damas.services.micromatch import team_events as team_service

    staff, arbiter, other = make_user(Role.STAFF), make_user(Role.ARBITER), make_user(Role.ARBITER)
    make_event(arbiters=(other,))  # the other arbiter's own event
    event = micro_service.create_micromatch_event(staff, {
        "name": "Interclubes de Teste", "discipline": "damas-64", "ruleset": "cbjd", "planned_rounds": 3,
        "time_minutes": 20, "time_increment": 0, "start_date": date(2026, 12, 1), "end_date": date(2026, 12, 2),
        "team": True, "boards": 2, "scoring": "match", "openings": "none"})
    event_service.assign_arbiter(staff, event, arbiter)
    event_service.change_status(staff, event, EventStatus.REGISTRATION)
    for t in range(1, 5):
        squad = [make_player(full_name=f"Equipe {t} Tab {b}", rating_regular=2000 - 100 * t - b) for b in (1, 2)]
        team_service.add_team(staff, event, {"name": f"Equipe {t}", "player_ids": [p.id for p in squad]})
    rnd = team_service.pair_team_round(staff, event)
    team_service.publish_team_round(staff, event, rnd)
    for match in rnd.matches:
        for team in (match.team_a, match.team_b):
            team_service.submit_lineup(staff, event, rnd, team, [m.player_id for m in team.members[:2]])
    db.session.expire_all()
    rnd = db.session.query(TeamRound).filter_by(event_id=event.id, number=1).one()
    tables = {}
    for m in rnd.matches:
        la, lb = team_service.lineup_of(rnd, m.team_a_id), team_service.lineup_of(rnd, m.team_b_id)
        tables[m.table] = {"id": m.id, "a": la, "b": lb}
    return event.id, arbiter, other, tables


def _post(client: Any, eid: int, what: str, prefix: str, **data: Any) -> str:
    response = client.post(f"/eventos/{eid}/mesa/{what}", data={f"{prefix}-{k}": v for k, v in data.items()},
                           follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _audit(db: Any, eid: int, action: str, object_type: str) -> list[AuditEntry]:
    return db.session.query(AuditEntry).filter_by(event_id=eid, action=action, object_type=object_type).all()


def _board(db: Any, match_id: int, k: int) -> tuple[str, str]:
    from damas.models.micromatch import TeamMatchRow

    db.session.expire_all()
    row = next((b for b in db.session.get(TeamMatchRow, match_id).boards if b.board == k), None)
    return (row.game1, row.game2) if row is not None else ("", "")


def _table_total(db: Any, eid: int, table: int) -> str:
    from damas.formats import get_format
    from damas.services.micromatch import team_events as team_service

    db.session.expire_all()
    event = db.session.get(Event, eid)
    rnd = team_service.team_rounds(event)[0]
    return next(m for m in get_format(event).round_view(event, rnd) if m["table"] == table)["total"]


def test_forms_offer_team_round_and_players(client, db, login_as, team_event):  # type: ignore[no-untyped-def]
    eid, arbiter, _other, _tables = team_event
    login_as(arbiter)
    html = client.get(f"/eventos/{eid}/mesa/").get_data(as_text=True)
    assert "Rodada 1" in html
    assert "mesa 1, tabuleiro 1 (rodada 1)" in html and "mesa 2, tabuleiro 2 (rodada 1)" in html
    assert "Partida do micro match" in html
    assert "formulário de resultados da rodada por equipes" in html
    # exclusion and loss for both have no team rule: not offered
    assert "Afastamento da competição" not in html and "pelos dois jogadores (CBJD 51 c)" not in html


def test_incident_only_warns(client, db, login_as, team_event):  # type: ignore[no-untyped-def]
    eid, arbiter, _other, tables = team_event
    login_as(arbiter)
    offender, opponent = tables[2]["b"][1], tables[2]["a"][1]
    html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=offender, kind="irregular_move")
    assert "1ª incidência: adversário +2 minutos" in html
    row = db.session.query(DeskIncident).one()
    assert (row.round_number, row.board, row.player_id, row.entry_id, row.game_id) == (1, 3, offender, None, None)
    assert row.player.full_name.endswith("Tab 1")
    assert [(a.object_id, a.after["player"], a.after["board"], a.after["table"], a.after["team_board"])
            for a in _audit(db, eid, "incident", "incident")] == [(row.id, row.player.full_name, 3, 2, 1)]
    assert _audit(db, eid, "team_result", "team_match") == [] and _audit(db, eid, "penalty", "team_match") == []
    assert _board(db, tables[2]["id"], 1) == ("", "")
    opponent_name = db.session.get(Player, opponent).full_name
    assert f"adversário +2 minutos ({opponent_name})" in html  # the beneficiary is the board's opponent


def test_game_lost_sanctions_change_team_match_score(client, db, login_as, team_event):  # type: ignore[no-untyped-def]
    eid, arbiter, _other, tables = team_event
    login_as(arbiter)
    t1 = tables[1]
    # board 2 of table 1 played over the board; board 1 still playing
    html = client.post(f"/eventos/{eid}/equipes/rodadas/1/resultados",
                       data={f"g1-{t1['id']}-2": "2-0", f"g2-{t1['id']}-2": "2-0"},
                       follow_redirects=True).get_data(as_text=True)
    assert "1 micro match(es) gravado(s)" in html
    assert _table_total(db, eid, 1) == "4-0"
    offender = t1["a"][1]  # team A's player on board 1
    # game lost needs the game of the micro-match: refused, nothing written
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=offender, kind="game_lost")
    assert "escolha a partida (1ª ou 2ª)" in html
    assert db.session.query(DeskSanction).count() == 0
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=offender, kind="game_lost", micro_game=1)
    assert "Resultado registrado pelo sistema" in html
    assert _board(db, t1["id"], 1) == ("0-2", "")
    assert _table_total(db, eid, 1) == "4-0"  # the board counts once its other game has a result
    # the team results form still saves with the desk's single game on the page
    html = client.post(f"/eventos/{eid}/equipes/rodadas/1/resultados",
                       data={f"g1-{t1['id']}-1": "0-2", f"g2-{t1['id']}-1": "",
                             f"g1-{t1['id']}-2": "2-0", f"g2-{t1['id']}-2": "2-0"},
                       follow_redirects=True).get_data(as_text=True)
    assert "informe o resultado das duas partidas" not in html
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=offender, kind="game_lost", micro_game=2)
    assert _board(db, t1["id"], 1) == ("0-2", "0-2")
    assert _table_total(db, eid, 1) == "4-4"
    sanctions = db.session.query(DeskSanction).order_by(DeskSanction.id).all()
    assert [(s.board, s.player_id, s.entry_id, s.kind) for s in sanctions] == [(1, offender, None, "game_lost")] * 2
    penalties = _audit(db, eid, "penalty", "team_match")
    assert [(a.object_id, a.after["micro_game"], a.after["result"], a.after["source"]) for a in penalties] == [
        (t1["id"], 1, "0-2", "sanction"), (t1["id"], 2, "0-2", "sanction")]
    assert penalties[1].after["games"] == ["0-2", "0-2"] and penalties[1].after["article"]
    assert len(_audit(db, eid, "sanction", "sanction")) == 2
    assert len(_audit(db, eid, "team_result", "team_match")) == 3  # the form's board 2 and the desk's two games
    page = client.get(f"/eventos/{eid}/mesa/").get_data(as_text=True)
    assert "2ª partida: 0-2" in page and "Resultados da rodada" in page


def test_refused_on_decided_game_and_no_rule(client, db, login_as, team_event):  # type: ignore[no-untyped-def]
    eid, arbiter, _other, tables = team_event
    login_as(arbiter)
    t2 = tables[2]
    client.post(f"/eventos/{eid}/equipes/rodadas/1/resultados",
                data={f"g1-{t2['id']}-1": "1-1", f"g2-{t2['id']}-1": "2-0"}, follow_redirects=True)
    before = db.session.query(AuditEntry).count()
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=t2["b"][1], kind="game_lost", micro_game=1)
    assert "já tem o resultado 1-1" in html
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=t2["b"][1], kind="exclusion")
    assert "afastamento (CBJD 51 d) não pode ser aplicado" in html
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=t2["b"][1], kind="game_lost_both",
                 micro_game=1)
    assert "perda da partida pelos dois jogadores não tem regra" in html
    db.session.expire_all()
    assert db.session.query(DeskSanction).count() == 0 and db.session.query(AuditEntry).count() == before
    assert _board(db, t2["id"], 1) == ("1-1", "2-0")
    # a player of another round / not on a board is refused too
    html = _post(client, eid, "sancoes", "s", round_number=2, entry_id=t2["b"][1], kind="verbal_warning")
    assert "Escolha rodada, jogador e sanção" in html  # round 2 is not offered
    assert db.session.query(DeskSanction).count() == 0


def test_third_incidence_loses_the_named_game(client, db, login_as, team_event):  # type: ignore[no-untyped-def]
    eid, arbiter, _other, tables = team_event
    login_as(arbiter)
    t2 = tables[2]
    offender = t2["a"][2]  # team A's player on table 2 board 2 = desk board 4
    for _n in range(2):
        _post(client, eid, "incidentes", "i", round_number=1, entry_id=offender, kind="irregular_move")
    html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=offender, kind="irregular_move",
                 micro_game=2)
    assert "3ª incidência: partida perdida" in html
    assert _board(db, t2["id"], 2) == ("", "0-2")
    assert {r.board for r in db.session.query(DeskIncident).all()} == {4}
    assert [a.after["source"] for a in _audit(db, eid, "penalty", "team_match")] == ["incident"]


def test_access(client, db, make_user, login_as, team_event):  # type: ignore[no-untyped-def]
    eid, _arbiter, other, tables = team_event
    for user in (make_user(Role.PLAYER), other):
        login_as(user)
        assert client.get(f"/eventos/{eid}/mesa/").status_code == 403
        response = client.post(f"/eventos/{eid}/mesa/sancoes", data={
            "s-round_number": 1, "s-entry_id": tables[1]["a"][1], "s-kind": "game_lost", "s-micro_game": 1})
        assert response.status_code == 403
    assert db.session.query(DeskSanction).count() == 0
    assert _board(db, tables[1]["id"], 1) == ("", "")


def test_event_board_numbering() -> None:
    from damas.engine.teams import event_board, table_and_board

    assert [event_board(t, k, 4) for t, k in ((1, 1), (1, 4), (2, 1), (3, 2))] == [1, 4, 5, 10]
    assert all(table_and_board(event_board(t, k, 3), 3) == (t, k) for t in range(1, 5) for k in range(1, 4))
