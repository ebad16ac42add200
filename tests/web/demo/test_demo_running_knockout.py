"""The demo's running knockout: three quarter-finals decided (one in the rapid play-off), the
fourth waiting for its Armageddon game, so the demo arbiter sees the tie-entry forms and can
finish the tie from them."""
from __future__ import annotations

import re

import pytest

from damas.cli import damas_cli
from damas.models import Event, EventStatus, KnockoutGame, User
from tests.conftest import login


@pytest.fixture
def running(app, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    assert "a running knockout (a tie in Armageddon)" in result.output
    return db.session.query(Event).filter_by(pairing_system="knockout", status=EventStatus.RUNNING).one()


def _forms(html: str) -> list[str]:
    return re.findall(r'<form method="post" action="[^"]*/eliminatoria/partida".*?</form>', html, re.S)


def test_demo_has_a_running_knockout_with_an_armageddon_pending(running, client, db):  # type: ignore[no-untyped-def]
    games = db.session.query(KnockoutGame).filter_by(event_id=running.id).order_by(
        KnockoutGame.tie_index, KnockoutGame.seq).all()
    assert {g.round for g in games} == {1}
    by_tie = {}
    for g in games:
        by_tie.setdefault(g.tie_index, []).append(g.stage)
    assert by_tie == {0: ["main", "main"], 1: ["main", "main"], 2: ["main", "main", "rapid", "rapid"],
                      3: ["main", "main", "rapid", "rapid"]}

    public = client.get(f"/eventos/{running.id}/eliminatoria").get_data(as_text=True)
    assert "Próxima partida" in public and "Armagedom" in public
    assert not _forms(public)  # visitors read, only the event's arbiters enter games

    login(client, db.session.query(User).filter_by(email="arbitro@demo.damas.br").one(), "demo12345")
    page = client.get(f"/eventos/{running.id}/eliminatoria").get_data(as_text=True)
    forms = _forms(page)
    # The Armageddon of quarter-final 4 and the first semi-final (both its players known).
    assert len(forms) == 2
    armageddon = next(f for f in forms if 'name="round" value="1"' in f)
    assert 'name="tie" value="3"' in armageddon and 'name="expected" value="4"' in armageddon
    section = page.split('id="confronto-1-3"', 1)[1].split("</section>", 1)[0]
    assert "Armagedom" in section.split("Próxima partida", 1)[1]

    token = re.search(r'name="csrf_token" value="([^"]+)"', armageddon)
    data = {"round": "1", "tie": "3", "expected": "4", "result": "=-="}
    if token:
        data["csrf_token"] = token.group(1)
    response = client.post(f"/eventos/{running.id}/eliminatoria/partida", data=data, follow_redirects=True)
    assert "Partida gravada." in response.get_data(as_text=True)
    last = db.session.query(KnockoutGame).filter_by(event_id=running.id, tie_index=3).order_by(KnockoutGame.seq.desc()).first()
    assert last.stage == "armageddon" and last.seq == 5
    # Decided now (a drawn Armageddon goes to Black): both semi-finals can be played.
    page = client.get(f"/eventos/{running.id}/eliminatoria").get_data(as_text=True)
    assert len(_forms(page)) == 2 and not any('name="round" value="1"' in f for f in _forms(page))
