"""Undoing a Swiss pairing: freely before publication, after it only to undo a rematch with a
recorded reason (C.04.2 #10), never once a result of the round exists."""
from __future__ import annotations

from damas.models import AuditEntry, EventStatus, GameResult, Role, Round


def test_unpair_rules(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = tuple(make_player(rating_regular=2000 - 10 * i) for i in range(6))
    event = make_event(arbiters=(arbiter,), players=players, status=EventStatus.RUNNING, pairing_system="dutch",
                       planned_rounds=3)
    login_as(arbiter)
    base = f"/eventos/{event.id}/rodadas"

    def rounds():  # type: ignore[no-untyped-def]
        db.session.expire_all()
        return db.session.query(Round).filter_by(event_id=event.id).count()

    client.post(f"{base}/emparceirar")
    assert rounds() == 1
    client.post(f"{base}/1/apagar")  # not published yet: undone without a reason
    assert rounds() == 0

    client.post(f"{base}/emparceirar")
    client.post(f"{base}/1/publicar")
    page = client.get(f"{base}/1").get_data(as_text=True)
    assert "Motivo para despublicar e refazer" in page
    refused = client.post(f"{base}/1/apagar", data={"reason": "  "}, follow_redirects=True)
    assert "informe o motivo para desfazê-la" in refused.get_data(as_text=True)
    assert rounds() == 1
    # C.04.2 #10: only a rematch changes a published pairing; any other reason is refused
    # (a rematch undone: test_desk_corrections, test_correction_cases)
    refused = client.post(f"{base}/1/apagar", data={"reason": "jogador ausente emparceirado por engano"},
                          follow_redirects=True)
    assert "só muda para desfazer um reencontro" in refused.get_data(as_text=True)
    assert rounds() == 1
    logged = db.session.query(AuditEntry).filter_by(action="unpair").order_by(AuditEntry.id).all()
    assert [a.after for a in logged] == [None]

    rnd = db.session.query(Round).filter_by(event_id=event.id).one()
    game = next(g for g in rnd.games if g.black_entry_id is not None)
    client.post(f"{base}/1/resultados", data={f"result-{game.id}": GameResult.DRAW.value,
                                             f"version-{game.id}": str(game.version)})
    refused = client.post(f"{base}/1/apagar", data={"reason": "qualquer"}, follow_redirects=True)
    assert "Já há resultados lançados nesta rodada" in refused.get_data(as_text=True)
    assert rounds() == 1


def test_a_failed_first_pairing_does_not_start_the_event(client, db, make_user, make_event, make_player, login_as,
                                                        monkeypatch):  # type: ignore[no-untyped-def]
    from damas.engine.types import EngineError
    from damas.models import Event
    from damas.services.rounds import swiss

    class Failing:
        def pair(self, request):  # type: ignore[no-untyped-def]
            raise EngineError("no pairing exists")

    arbiter = make_user(Role.ARBITER)
    players = tuple(make_player(rating_regular=2000 - 10 * i) for i in range(4))
    event = make_event(arbiters=(arbiter,), players=players, status=EventStatus.REGISTRATION, pairing_system="dutch")
    login_as(arbiter)
    monkeypatch.setattr(swiss, "get_system", lambda code: Failing())
    response = client.post(f"/eventos/{event.id}/rodadas/emparceirar", follow_redirects=True)
    assert "Emparceiramento impossível: no pairing exists" in response.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Event, event.id).status == EventStatus.REGISTRATION
    assert db.session.query(Round).count() == 0
    assert db.session.query(AuditEntry).filter_by(object_type="event", action="status").count() == 0
