"""The role matrix restricted to the categories/prizes/playoffs and reports routes (the full
matrix in test_role_matrix.py covers them too; this one runs on its own)."""
from __future__ import annotations

import pytest

from damas.models import AuditEntry
from tests.web.security.test_role_matrix import ACCESS, ALLOWED, ROLES, _requests, world  # noqa: F401

MINE = ("awards.", "reports.")


def test_my_routes_are_in_the_matrix(app):  # type: ignore[no-untyped-def]
    endpoints = {r.endpoint for r in app.url_map.iter_rules() if r.endpoint.startswith(MINE)}
    assert endpoints and endpoints <= set(ACCESS)


@pytest.mark.parametrize("role", ROLES)
def test_report_routes_by_role(app, client, db, world, role):  # type: ignore[no-untyped-def]  # noqa: F811
    from tests.conftest import login

    users, url_args = world
    if role != "anonymous":
        login(client, users[role])
    checked = 0
    for endpoint, method, url in _requests(app, url_args):
        if not endpoint.startswith(MINE):
            continue
        checked += 1
        audit_before = db.session.query(AuditEntry).count()
        response = client.open(url, method=method, data={})
        where = f"{role} {method} {url} -> {response.status_code}"
        if role in ALLOWED[ACCESS[endpoint]]:
            assert response.status_code in (200, 302), where
        elif role == "anonymous":
            assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"], where
        else:
            assert response.status_code == 403, where
            db.session.expire_all()
            assert db.session.query(AuditEntry).count() == audit_before, f"refused request wrote: {where}"
    assert checked > 30
