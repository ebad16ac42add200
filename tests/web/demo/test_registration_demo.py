"""The demo's player login can register himself for the event open for registration."""
from __future__ import annotations

from damas.cli import damas_cli
from damas.models import Entry, Event, EventStatus, User


def test_demo_player_registers_for_the_open_event(app, client, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    events = db.session.query(Event).filter_by(status=EventStatus.REGISTRATION).all()
    assert any("Campeonato Cearense" in e.name for e in events), [(e.name, e.status) for e in db.session.query(Event)]
    event = next(e for e in events if "Campeonato Cearense" in e.name)
    user = db.session.query(User).filter_by(email="jogador@demo.damas.br").one()
    assert db.session.query(Entry).filter_by(event_id=event.id).count() == 24
    client.post("/conta/entrar", data={"email": "jogador@demo.damas.br", "password": "demo12345"})
    page = client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)
    assert "Inscrever-me" in page and "8 vagas livres" in page
    page = client.post(f"/eventos/{event.id}/inscricao/inscrever", follow_redirects=True).get_data(as_text=True)
    assert "Inscrição confirmada." in page
    assert db.session.query(Entry).filter_by(event_id=event.id, player_id=user.player_id).count() == 1
