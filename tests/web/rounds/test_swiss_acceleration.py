"""Baku acceleration (FIDE C.04.5.1) chosen on the event form and used by the Dutch pairing."""
from __future__ import annotations

from damas.models import AuditEntry, Entry, Event, Role, Round

FORM = {
    "name": "Aberto Acelerado", "discipline": "xadrez", "ruleset": "fide", "pairing_system": "dutch",
    "planned_rounds": "9", "time_minutes": "90", "time_increment": "30",
    "start_date": "2026-12-01", "end_date": "2026-12-05",
}


def _event_with_players(client, db, make_user, make_player, login_as, **extra):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, **extra}, follow_redirects=True)
    assert response.status_code == 200
    event = db.session.query(Event).one()
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    for n in range(1, 9):
        player = make_player(full_name=f"Acelerado {n}", rating_regular=2400 - 50 * n)
        client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": player.id})
    return event


def _round_one_boards(db, event):  # type: ignore[no-untyped-def]
    rnd = db.session.query(Round).filter_by(event_id=event.id, number=1).one()
    number = {e.id: e.pairing_number for e in db.session.query(Entry).filter_by(event_id=event.id)}
    return sorted(tuple(sorted((number[g.white_entry_id], number[g.black_entry_id]))) for g in rnd.games)


def test_baku_round_one_pairs_group_a_inside_itself(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event = _event_with_players(client, db, make_user, make_player, login_as, acceleration="baku")
    assert event.acceleration == "baku"
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "aceleração Baku" in page
    response = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "Rodada 1 emparceirada." in response.get_data(as_text=True)
    # 8 players: GA = 1-4 with one virtual point, so 1-3, 2-4 and 5-7, 6-8 (not 1-5, 2-6, ...).
    assert _round_one_boards(db, event) == [(1, 3), (2, 4), (5, 7), (6, 8)]
    pair_log = db.session.query(AuditEntry).filter_by(action="pair").one()
    assert pair_log.after["acceleration"] == "baku"
    rules = client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)
    assert "Aceleração Baku (FIDE C.04.5.1)" in rules


def test_without_acceleration_top_half_meets_bottom_half(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event = _event_with_players(client, db, make_user, make_player, login_as)
    client.post(f"/eventos/{event.id}/rodadas/emparceirar")
    assert _round_one_boards(db, event) == [(1, 5), (2, 6), (3, 7), (4, 8)]


def test_acceleration_refused_outside_the_dutch_system(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data={**FORM, "pairing_system": "berger", "acceleration": "baku"},
                           follow_redirects=True)
    assert "A aceleração Baku só se aplica ao sistema suíço holandês" in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0


def test_acceleration_locked_once_the_event_runs(client, db, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event = _event_with_players(client, db, make_user, make_player, login_as, acceleration="baku")
    client.post(f"/eventos/{event.id}/situacao", data={"status": "running"})
    response = client.post(f"/eventos/{event.id}/editar", data={**FORM, "acceleration": ""}, follow_redirects=True)
    assert "Não é possível mudar isto com o evento em andamento." in response.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Event, event.id).acceleration == "baku"
