"""Issue 25 point 1: nobody can lock another user out of his account.

Failed logins are refused per client address and delayed per (account, address); the account as a whole
is only slowed down (`damas.web.guards.limits`), so the owner's right password from another address
logs in however many strangers typed wrong ones."""
from __future__ import annotations

from typing import Any

import pytest

from damas.models import Role
from damas.web.guards import limits

LOGIN = "/conta/entrar"


def _login(client: Any, email: str, password: str, ip: str) -> Any:
    return client.post(LOGIN, data={"email": email, "password": password}, environ_base={"REMOTE_ADDR": ip})


@pytest.fixture
def delays(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    waited: list[float] = []
    monkeypatch.setattr(limits, "pause", waited.append)
    return waited


@pytest.mark.rate_limited
def test_a_stranger_s_failures_do_not_lock_the_owner_out(client, make_user, delays):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF, password="right-pass-1")
    stranger = [_login(client, user.email, "bad", ip="10.9.0.1").status_code for _ in range(20)]
    assert stranger[:5] == [200] * 5 and set(stranger[5:]) == {429}  # the stranger's address waits
    owner = _login(client, user.email, "right-pass-1", ip="10.9.0.2")
    assert owner.status_code == 302
    with client.session_transaction() as session:
        assert "_user_id" in session


@pytest.mark.rate_limited
def test_many_addresses_slow_the_account_down_but_never_refuse_it(client, make_user, delays):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF, password="right-pass-1")
    for i in range(30):
        assert _login(client, user.email, "bad", ip=f"10.8.0.{i}").status_code == 200
    assert delays and all(0 < d <= 5 for d in delays)  # slowed down once past the free failures
    assert _login(client, user.email, "right-pass-1", ip="10.8.1.1").status_code == 302


@pytest.mark.rate_limited
def test_the_per_address_wait_still_holds(client, make_user, delays):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF, password="right-pass-1")
    for _ in range(5):
        _login(client, user.email, "bad", ip="10.7.0.1")
    assert _login(client, user.email, "right-pass-1", ip="10.7.0.1").status_code == 429


@pytest.mark.rate_limited
def test_a_failing_store_does_not_fail_the_login(client, make_user, monkeypatch):  # type: ignore[no-untyped-def]
    from damas.extensions import limiter

    def broken(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("store away")

    user = make_user(Role.STAFF, password="right-pass-1")
    strategy = type(limiter.limiter)
    monkeypatch.setattr(strategy, "test", broken)
    monkeypatch.setattr(strategy, "hit", broken)
    assert _login(client, user.email, "bad", ip="10.6.0.1").status_code == 200
    assert _login(client, user.email, "right-pass-1", ip="10.6.0.1").status_code == 302
