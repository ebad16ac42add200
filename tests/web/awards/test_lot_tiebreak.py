"""The LOT tiebreak (FIDE-GR; CBJD 123, 127) is drawn when the event finishes, not before."""
from __future__ import annotations

from damas.models import Event, EventStatus, Game, GameResult, Role, Round


def test_lot_in_the_order_shares_places_until_the_event_finishes(client, db, make_user, make_event, make_player,
                                                                 login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    players = tuple(make_player(rating_regular=2000 - i) for i in range(4))
    event = make_event(arbiters=(arbiter,), players=players, status=EventStatus.RUNNING, planned_rounds=3,
                       tiebreak_order="DE, BH, LOT")
    login_as(arbiter)
    client.post(f"/eventos/{event.id}/rodadas/gerar", data={"method": "rating"})
    for rnd in db.session.query(Round).filter_by(event_id=event.id):
        for game in rnd.games:
            game.result = GameResult.DRAW  # everybody equal on points, DE and BH
    db.session.commit()

    running = client.get(f"/eventos/{event.id}/classificacao")
    assert running.status_code == 200
    page = running.get_data(as_text=True)
    assert "1-4" in page and "LOT (" not in page
    assert client.get(f"/api/v1/events/{event.id}/standings").status_code == 200

    client.post(f"/eventos/{event.id}/situacao", data={"status": "finished"})
    db.session.expire_all()
    finished = db.session.get(Event, event.id)
    assert finished.status == EventStatus.FINISHED and finished.tiebreak_lot_seed is not None
    page = client.get(f"/eventos/{event.id}/classificacao").get_data(as_text=True)
    assert "LOT (" in page and "1-4" not in page
    assert db.session.query(Game).count() == 6
