"""Every route against every role: anonymous, player, arbiter of another event, arbiter of
this event, staff. A new route without an entry in ACCESS fails the first test."""
from __future__ import annotations

from typing import Any

import pytest

from damas.models import AuditEntry, EventStatus, Game, Role, Round, RoundStatus

ROLES = ("anonymous", "player", "other_arbiter", "arbiter", "staff")

# endpoint -> who may use it: public, staff, editor (staff or this event's arbiter), login.
ACCESS = {
    "main.index": "public",
    "main.set_language": "public",
    "auth.login": "public",
    "auth.logout": "login",
    "players.list_players": "public",
    "players.view_player": "public",
    "players.new_player": "staff",
    "players.edit_player": "staff",
    "clubs.list_clubs": "public",
    "clubs.new_club": "staff",
    "clubs.edit_club": "staff",
    "events.list_events": "public",
    "events.view_event": "public",
    "events.start_list_report": "public",
    "events.new_event": "staff",
    "events.edit_event": "editor",
    "events.change_status": "editor",
    "events.add_arbiter": "staff",
    "events.remove_arbiter": "staff",
    "events.manage_entries": "editor",
    "events.add_entry": "editor",
    "events.remove_entry": "editor",
    "events.audit_log": "editor",
    "rounds.list_rounds": "public",
    "rounds.view_round": "public",
    "rounds.standings": "public",
    "rounds.crosstable": "public",
    "rounds.draw_protocol": "public",
    "rounds.regulations_page": "public",
    "rounds.generate": "editor",
    "rounds.pair_next": "editor",
    "rounds.publish": "editor",
    "rounds.delete": "editor",
    "rounds.save_results": "editor",
    "rounds.manage_players": "editor",
    "users.list_users": "staff",
    "users.new_user": "staff",
    "users.edit_user": "staff",
    "users.audit_log": "staff",
}

ALLOWED = {
    "public": set(ROLES),
    "login": {"player", "other_arbiter", "arbiter", "staff"},
    "staff": {"staff"},
    "editor": {"arbiter", "staff"},
}


@pytest.fixture
def world(db, make_user, make_player, make_club, make_event):  # type: ignore[no-untyped-def]
    club = make_club()
    player = make_player(club_id=club.id)
    others = [make_player() for _ in range(3)]
    player_user = make_user(Role.PLAYER, player_id=player.id)
    arbiter = make_user(Role.ARBITER)
    other_arbiter = make_user(Role.ARBITER)
    staff = make_user(Role.STAFF)
    make_event(arbiters=(other_arbiter,))
    event = make_event(arbiters=(arbiter,), players=(player, *others), status=EventStatus.RUNNING)
    a, b, c, d = event.entries
    rnd = Round(event_id=event.id, number=1, status=RoundStatus.PUBLISHED)
    rnd.games = [Game(board=1, white_entry_id=a.id, black_entry_id=b.id),
                 Game(board=2, white_entry_id=c.id, black_entry_id=d.id)]
    db.session.add(rnd)
    db.session.commit()
    users = {"player": player_user, "arbiter": arbiter, "other_arbiter": other_arbiter, "staff": staff}
    entry = event.entries[-1]
    url_args = {
        "player_id": player.id, "club_id": club.id, "event_id": event.id, "user_id": arbiter.id,
        "entry_id": entry.id, "code": "en", "number": 1,
    }
    return users, url_args


def test_every_route_is_in_the_matrix(app):  # type: ignore[no-untyped-def]
    endpoints = {r.endpoint for r in app.url_map.iter_rules() if r.endpoint != "static"}
    assert endpoints == set(ACCESS), "add new routes to ACCESS with who may use them"


def _requests(app: Any, url_args: dict[str, Any]) -> list[tuple[str, str, str]]:
    from flask import url_for

    result = []
    with app.test_request_context():
        for rule in app.url_map.iter_rules():
            if rule.endpoint == "static":
                continue
            url = url_for(rule.endpoint, **{a: url_args[a] for a in rule.arguments})
            for method in sorted(rule.methods & {"GET", "POST"}):
                result.append((rule.endpoint, method, url))
    return result


@pytest.mark.parametrize("role", ROLES)
def test_role_matrix(app, client, db, world, role):  # type: ignore[no-untyped-def]
    from tests.conftest import login

    users, url_args = world
    logged_in = False
    for endpoint, method, url in _requests(app, url_args):
        if role != "anonymous" and not logged_in:
            login(client, users[role])
            logged_in = True
        logged_in = logged_in and endpoint != "auth.logout"
        audit_before = db.session.query(AuditEntry).count()
        response = client.open(url, method=method, data={})
        allowed = role in ALLOWED[ACCESS[endpoint]]
        where = f"{role} {method} {url} -> {response.status_code}"
        if allowed:
            assert response.status_code in (200, 302), where
            if response.status_code == 302:
                assert "/conta/entrar" not in response.headers["Location"] or endpoint == "auth.logout", where
        else:
            if role == "anonymous":
                assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"], where
            else:
                assert response.status_code == 403, where
            db.session.expire_all()
            assert db.session.query(AuditEntry).count() == audit_before, f"refused request wrote: {where}"
