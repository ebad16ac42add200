"""An arbiter of another event is refused (403) on every arbiter route: the desk's and the
existing editor routes; nothing is written. Staff-only desk routes refuse event arbiters too."""
from __future__ import annotations

from typing import Any

import pytest

from damas.models import AuditEntry, EventStatus, Game, Role, Round, RoundStatus
from damas.models.championships import Championship, ChampionshipSection
from tests.web.security.test_role_matrix import ACCESS


@pytest.fixture
def setup(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    arbiter, other = make_user(Role.ARBITER), make_user(Role.ARBITER)
    players = [make_player() for _ in range(4)]
    make_event(arbiters=(other,), status=EventStatus.RUNNING)
    event = make_event(arbiters=(arbiter,), players=tuple(players), status=EventStatus.RUNNING)
    a, b, c, d = event.entries
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=b.id),
                 Game(board=2, white_entry_id=c.id, black_entry_id=d.id)]
    db.session.add(rnd)
    championship = Championship(name="Campeonato", start_date=event.start_date, end_date=event.end_date,
                                published=True)
    championship.sections = [ChampionshipSection(event_id=event.id, position=0)]
    db.session.add(championship)
    db.session.commit()
    return event, arbiter, other, a


def _urls(app: Any, url_args: dict[str, Any], wanted: set[str]) -> list[tuple[str, str, str]]:
    from flask import url_for

    out = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if rule.endpoint not in wanted:
                continue
            url = url_for(rule.endpoint, **{a: url_args.get(a, 1) for a in rule.arguments})
            for method in sorted(rule.methods & {"GET", "POST"}):
                out.append((rule.endpoint, method, url))
    return out


def test_other_events_arbiter_is_refused_on_every_arbiter_route(app, client, db, setup, login_as):  # type: ignore[no-untyped-def]
    event, arbiter, other, entry = setup
    editor_routes = {e for e, who in ACCESS.items() if who == "editor"}
    desk_routes = {r.endpoint for r in app.url_map.iter_rules() if r.endpoint.startswith("desk.")}
    assert desk_routes and desk_routes - {"desk.set_chief"} <= editor_routes
    url_args = {"event_id": event.id, "number": 1, "entry_id": entry.id, "user_id": arbiter.id,
                "championship_id": db.session.get(ChampionshipSection, event.id).championship_id}
    login_as(other)
    requests = _urls(app, url_args, editor_routes | desk_routes)
    assert len(requests) > 30
    for endpoint, method, url in requests:
        data = {"i-round_number": 1, "i-entry_id": entry.id, "i-kind": "claimed_irregularity", "i-article": "56",
                "s-round_number": 1, "s-entry_id": entry.id, "s-kind": "game_lost", "reason": "x", "penalty_id": 1,
                "user_id": other.id}
        response = client.open(url, method=method, data=data)
        assert response.status_code == 403, f"{method} {url} -> {response.status_code}"
    assert db.session.query(AuditEntry).count() == 0


def test_event_arbiter_cannot_name_the_chief_arbiter(client, db, setup, make_user, login_as):  # type: ignore[no-untyped-def]
    event, arbiter, other, entry = setup
    login_as(arbiter)
    response = client.post(f"/eventos/{event.id}/mesa/arbitro-principal", data={"user_id": arbiter.id})
    assert response.status_code == 403
    staff = make_user(Role.STAFF)
    login_as(staff)
    ok = client.post(f"/eventos/{event.id}/mesa/arbitro-principal", data={"user_id": arbiter.id}, follow_redirects=True)
    assert "Árbitro principal designado." in ok.get_data(as_text=True)
    bad = client.post(f"/eventos/{event.id}/mesa/arbitro-principal", data={"user_id": other.id}, follow_redirects=True)
    assert "Escolha um dos árbitros do evento." in bad.get_data(as_text=True)
    from damas.models.desk import DeskSettings

    db.session.expire_all()
    assert db.session.get(DeskSettings, event.id).chief_arbiter_user_id == arbiter.id


def test_players_and_visitors_cannot_open_the_desk(client, db, setup, make_user, make_player, login_as):  # type: ignore[no-untyped-def]
    event, arbiter, other, entry = setup
    assert client.get(f"/eventos/{event.id}/mesa/").status_code == 302  # to the login page
    login_as(make_user(Role.PLAYER, player_id=make_player().id))
    assert client.get(f"/eventos/{event.id}/mesa/").status_code == 403
    assert client.get(f"/eventos/{event.id}/mesa/auditoria.csv").status_code == 403
