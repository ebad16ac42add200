"""The role matrix over the registration, player-card and API routes alone (the full matrix in
test_role_matrix.py also covers them; this one stays green while other areas add routes)."""
from __future__ import annotations

import pytest

from damas.models import AuditEntry
from tests.web.security.test_role_matrix import ACCESS, ALLOWED, ROLES, world  # noqa: F401  (fixture)

MINE = ("registration.", "public.", "api.")


@pytest.mark.parametrize("role", ROLES)
def test_registration_routes_by_role(app, client, db, world, role):  # type: ignore[no-untyped-def]  # noqa: F811
    from flask import url_for

    from tests.conftest import login

    users, url_args = world
    if role != "anonymous":
        login(client, users[role])
    with app.test_request_context():
        requests = [
            (rule.endpoint, method, url_for(rule.endpoint, **{a: url_args[a] for a in rule.arguments}))
            for rule in app.url_map.iter_rules() if rule.endpoint.startswith(MINE)
            for method in sorted(rule.methods & {"GET", "POST"})
        ]
    assert len({r[0] for r in requests}) == len([k for k in ACCESS if k.startswith(MINE)])
    for endpoint, method, url in requests:
        before = db.session.query(AuditEntry).count()
        response = client.open(url, method=method, data={})
        where = f"{role} {method} {url} -> {response.status_code}"
        if role in ALLOWED[ACCESS[endpoint]]:
            assert response.status_code in (200, 302), where
        elif role == "anonymous":
            assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"], where
        else:
            assert response.status_code == 403, where
            db.session.expire_all()
            assert db.session.query(AuditEntry).count() == before, where
