"""The arbiter's desk in a running 4-player knockout (RULES.md §6, §3 Knockout): the forms offer
the knockout round (fase) and the players of its ties; an incident that only warns; a sanction
"game lost" that decides the tie's current game through the knockout service and advances the
bracket; three incidences losing a game; refusals (decided tie, exclusion, loss for both);
access (a player and another event's arbiter get 403); the audit rows.

Seeds by rating: 1 v 4 is tie 1 and 2 v 3 is tie 2 of round 1 (the semi-finals); the final is
round 2, tie 1."""
from __future__ import annotations

from typing import Any

import pytest

from damas.engine.pairing.knockout import all_ties
from damas.models import AuditEntry, Entry, Event, KnockoutGame, Role
from damas.models.desk import DeskIncident, DeskSanction
from damas.services.rounds import knockout as ko


@pytest.fixture
def ko_event(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff, arbiter, other = make_user(Role.STAFF), make_user(Role.ARBITER), make_user(Role.ARBITER)
    make_event(arbiters=(other,))  # the other arbiter's own event
    players = [make_player(full_name=f"Jogador {n}", rating_regular=2000 - 50 * n, rating_rapid=2000 - 50 * n)
               for n in range(1, 5)]
    login_as(staff)
    response = client.post("/eventos/novo", data={
        "name": "Copa Online do Clube", "discipline": "damas-64", "ruleset": "club",
        "pairing_system": "knockout", "planned_rounds": "2", "time_minutes": "15", "time_increment": "5",
        "start_date": "2026-12-01", "end_date": "2026-12-01",
    })
    assert response.status_code == 302, response.get_data(as_text=True)[:2000]
    event = db.session.query(Event).filter_by(name="Copa Online do Clube").one()
    client.post(f"/eventos/{event.id}/arbitros", data={"user_id": arbiter.id})
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for p in players:
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id})
    login_as(arbiter)
    html = client.post(f"/eventos/{event.id}/eliminatoria/iniciar", follow_redirects=True).get_data(as_text=True)
    assert "Eliminatória iniciada: 4 jogadores" in html
    db.session.expire_all()
    entries = {e.pairing_number: e for e in db.session.get(Event, event.id).entries}
    return event.id, arbiter, other, entries


def _post(client: Any, eid: int, what: str, prefix: str, **data: Any) -> str:
    response = client.post(f"/eventos/{eid}/mesa/{what}", data={f"{prefix}-{k}": v for k, v in data.items()},
                           follow_redirects=True)
    assert response.status_code == 200
    return response.get_data(as_text=True)


def _tie(db: Any, eid: int, tie: tuple[int, int]):  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return all_ties(ko.load_bracket(db.session.get(Event, eid)).bracket)[tie]


def _audit(db: Any, eid: int, action: str, object_type: str) -> list[AuditEntry]:
    return db.session.query(AuditEntry).filter_by(event_id=eid, action=action, object_type=object_type).all()


def test_desk_forms_offer_the_knockout_round_and_its_players(client, db, ko_event):  # type: ignore[no-untyped-def]
    eid, _arbiter, _other, entries = ko_event
    html = client.get(f"/eventos/{eid}/mesa/").get_data(as_text=True)
    assert "Fase da eliminatória" in html and "Semifinal (fase 1)" in html
    assert f'value="{entries[4].id}"' in html and "4. Jogador 4 — Semifinal, confronto 1" in html
    assert "Confrontos da eliminatória" in html and "2. Jogador 2 × 3. Jogador 3" in html
    assert 'value="exclusion"' not in html and 'value="game_lost"' in html


def test_warning_incident_then_game_lost_sanction_advances_the_bracket(client, db, ko_event):  # type: ignore[no-untyped-def]
    eid, arbiter, _other, entries = ko_event
    html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=entries[1].id,
                 kind="claimed_irregularity", article="56", note="")
    assert "1ª incidência: adversário +2 minutos (Jogador 4)" in html
    row = db.session.query(DeskIncident).one()
    assert (row.round_number, row.board, row.game_id, row.entry_id) == (1, 1, None, entries[1].id)
    assert db.session.query(KnockoutGame).count() == 0
    assert len(_audit(db, eid, "incident", "incident")) == 1

    # CBJD 51 c: Jogador 4 loses; the tie's game is recorded and Jogador 1 reaches the final.
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=entries[4].id, kind="game_lost",
                 note="celular tocou")
    assert "Perda da partida pelo jogador Jogador 4." in html  # named, not numbered (issue 24)
    game = db.session.query(KnockoutGame).one()
    assert (game.round, game.tie_index, game.seq) == (1, 0, 1)
    white_no = {e.id: no for no, e in entries.items()}[game.white_entry_id]
    assert game.outcome == ("win" if white_no == 1 else "loss")
    assert _tie(db, eid, (1, 0)).winner == 1 and _tie(db, eid, (2, 0)).top == 1
    sanction = db.session.query(DeskSanction).one()
    assert (sanction.round_number, sanction.board, sanction.kind) == (1, 1, "game_lost")
    # audited as a sanction, the knockout result (as the bracket page writes it) and a penalty
    assert len(_audit(db, eid, "sanction", "sanction")) == 1
    assert [a.object_id for a in _audit(db, eid, "result", "knockout_game")] == [game.id]
    penalty = _audit(db, eid, "penalty", "knockout_game")
    assert len(penalty) == 1 and penalty[0].object_id == game.id and penalty[0].user_id == arbiter.id
    assert penalty[0].after["article"] == "CBJD 51 c" and penalty[0].after["source"] == "sanction"
    page = client.get(f"/eventos/{eid}/mesa/").get_data(as_text=True)
    assert "Correção na eliminatória" in page and "Decidido: Jogador 1" in page
    assert "Final (fase 2)" not in page  # the final's players are not both known yet

    # The tie's game has a result now: refused, nothing written.
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=entries[1].id, kind="game_lost", note="")
    assert "A partida atual deste confronto já tem resultado" in html
    assert db.session.query(KnockoutGame).count() == 1 and db.session.query(DeskSanction).count() == 1
    assert len(_audit(db, eid, "penalty", "knockout_game")) == 1
    # A warning about the finished game is still recorded.
    html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=entries[4].id, kind="verbal_warning",
                 note="")
    assert "Advertência verbal ao jogador Jogador 4." in html and db.session.query(DeskSanction).count() == 2


def test_third_incidence_loses_the_game_and_decided_tie_refuses(client, db, ko_event):  # type: ignore[no-untyped-def]
    eid, _arbiter, _other, entries = ko_event
    for n in (1, 2):
        html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=entries[2].id,
                     kind="irregular_move", article="", note="")
        assert f"{n}ª incidência: adversário +2 minutos (Jogador 3)" in html
    assert db.session.query(KnockoutGame).count() == 0
    html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=entries[2].id,
                 kind="irregular_move", article="", note="")
    assert "3ª incidência: partida perdida por Jogador 2" in html and "a chave avançou" in html
    game = db.session.query(KnockoutGame).one()
    assert (game.round, game.tie_index) == (1, 1) and _tie(db, eid, (1, 1)).winner == 3
    assert _audit(db, eid, "penalty", "knockout_game")[0].after["source"] == "incident"
    # A further game-losing incidence on the decided tie is refused and not recorded.
    html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=entries[2].id,
                 kind="irregular_move", article="", note="")
    assert "A partida atual deste confronto já tem resultado" in html
    assert db.session.query(DeskIncident).count() == 3 and db.session.query(KnockoutGame).count() == 1
    # Once tie 1 is decided too, the final (round 2) is offered; Jogador 2 has no tie there.
    html = _post(client, eid, "incidentes", "i", round_number=1, entry_id=entries[4].id,
                 kind="irregular_move", article="", note="")
    assert "1ª incidência: adversário +2 minutos (Jogador 1)" in html
    _post(client, eid, "sancoes", "s", round_number=1, entry_id=entries[1].id, kind="game_lost", note="")
    assert _tie(db, eid, (2, 0)).top == 4 and _tie(db, eid, (2, 0)).bottom == 3
    assert "Final (fase 2)" in client.get(f"/eventos/{eid}/mesa/").get_data(as_text=True)
    html = _post(client, eid, "sancoes", "s", round_number=2, entry_id=entries[2].id, kind="verbal_warning",
                 note="")
    assert "Este jogador não tem confronto nesta fase da eliminatória." in html
    # Incidences count per player per knockout round: Jogador 4's in the final is his first there.
    html = _post(client, eid, "incidentes", "i", round_number=2, entry_id=entries[4].id,
                 kind="irregular_move", article="", note="")
    assert "1ª incidência: adversário +2 minutos (Jogador 3)" in html
    row = db.session.query(DeskIncident).order_by(DeskIncident.id.desc()).first()
    assert (row.round_number, row.board) == (2, 1)


def test_refusals_write_nothing(client, db, ko_event):  # type: ignore[no-untyped-def]
    eid, _arbiter, _other, entries = ko_event
    for kind, text in (("exclusion", "A eliminatória não tem regra de desistência"),
                       ("game_lost_both", "o confronto precisa de um vencedor")):
        html = _post(client, eid, "sancoes", "s", round_number=1, entry_id=entries[1].id, kind=kind, note="")
        assert text in html
    html = _post(client, eid, "sancoes", "s", round_number=2, entry_id=entries[1].id, kind="game_lost", note="")
    assert "Escolha rodada, jogador e sanção." in html  # the final is not offered yet
    # CBJD 95 d does not apply at 15 min + 5 s.
    html = _post(client, eid, "lance-irregular", "c", round_number=1, entry_id=entries[1].id,
                 before_own_move="y", note="")
    assert "registre" in html and "60 b" in html
    assert db.session.query(DeskSanction).count() == 0 and db.session.query(KnockoutGame).count() == 0
    assert db.session.get(Entry, entries[1].id).status.value == "registered"
    assert not _audit(db, eid, "penalty", "knockout_game")


def test_player_and_other_arbiter_are_refused(client, db, ko_event, make_user, login_as):  # type: ignore[no-untyped-def]
    eid, _arbiter, other, entries = ko_event
    player = make_user(Role.PLAYER)
    for user in (player, other):
        login_as(user)
        assert client.get(f"/eventos/{eid}/mesa/").status_code == 403
        response = client.post(f"/eventos/{eid}/mesa/sancoes", data={
            "s-round_number": 1, "s-entry_id": entries[4].id, "s-kind": "game_lost", "s-note": ""})
        assert response.status_code == 403
        response = client.post(f"/eventos/{eid}/mesa/incidentes", data={
            "i-round_number": 1, "i-entry_id": entries[4].id, "i-kind": "irregular_move", "i-article": ""})
        assert response.status_code == 403
    assert db.session.query(DeskSanction).count() == 0 and db.session.query(DeskIncident).count() == 0
    assert db.session.query(KnockoutGame).count() == 0


def test_desk_report_lists_knockout_penalties(client, db, ko_event):  # type: ignore[no-untyped-def]
    eid, _arbiter, _other, entries = ko_event
    _post(client, eid, "sancoes", "s", round_number=1, entry_id=entries[4].id, kind="game_lost", note="")
    html = client.get(f"/eventos/{eid}/mesa/relatorio").get_data(as_text=True)
    assert "CBJD 51 c" in html and "Jogador 4" in html and "Em vigor" in html
    for path in ("wo", "correcoes"):
        assert client.get(f"/eventos/{eid}/mesa/{path}").status_code == 200
    # The way back is the knockout correction; the desk then shows the penalty as changed.
    game = db.session.query(KnockoutGame).one()
    html = client.post(f"/eventos/{eid}/eliminatoria/correcao", data={
        "game_id": game.id, "game_version": game.version, "result": "delete"}, follow_redirects=True).get_data(as_text=True)
    assert "Partida apagada." in html
    assert db.session.query(KnockoutGame).count() == 0 and _tie(db, eid, (1, 0)).winner is None
    html = client.get(f"/eventos/{eid}/mesa/").get_data(as_text=True)
    assert "Alterada pela correção da eliminatória" in html


def test_demo_running_knockout_has_a_desk_incident(app, client, db):  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli
    from damas.models import EventStatus, User
    from tests.conftest import login

    assert app.test_cli_runner().invoke(damas_cli, ["demo"]).exit_code == 0
    event = db.session.query(Event).filter_by(pairing_system="knockout", status=EventStatus.RUNNING).one()
    login(client, db.session.query(User).filter_by(email="arbitro@demo.damas.br").one(), "demo12345")
    html = client.get(f"/eventos/{event.id}/mesa/").get_data(as_text=True)
    assert "Tocou uma peça e jogou outra no Armagedom." in html and "1ª incidência: adversário +2 minutos" in html
    assert "Confrontos da eliminatória" in html and "Armagedom" in html
