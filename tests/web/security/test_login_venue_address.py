"""A venue's players share one public address: failures there must neither lock the owner of an
account out for long nor stop the other players logging in (`damas.web.guards.limits`,
`damas.web.guards.login_delay`). Past a few failures for an (account, address) pair the next attempt
waits a delay that doubles with each further failure; the address itself counts failures only."""
from __future__ import annotations

from typing import Any

import pytest
from limits import parse_many
from werkzeug.security import generate_password_hash

from damas.models import Role, User
from damas.web.guards import limits
from damas.web.guards import login_delay

LOGIN = "/conta/entrar"
VENUE = "200.129.0.1"


def _login(client: Any, email: str, password: str, ip: str = VENUE) -> Any:
    return client.post(LOGIN, data={"email": email, "password": password}, environ_base={"REMOTE_ADDR": ip})


class _Clock:
    """The delays' clock, moved on by the test instead of waiting."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    fake = _Clock()
    monkeypatch.setattr(login_delay, "clock", fake, raising=False)
    monkeypatch.setattr(limits, "pause", lambda seconds: None)
    return fake


@pytest.mark.rate_limited
def test_three_hundred_players_behind_one_address_all_get_in(app, db, clock):  # type: ignore[no-untyped-def]
    """300 accounts log in from one address at once (well within 5 minutes); every tenth types a
    wrong password first. All 300 get in."""
    cheap = generate_password_hash("senha-certa-1", method="pbkdf2:sha256:1")  # the test's speed only
    players = [User(email=f"atleta{i}@x.br", name=f"Atleta {i}", role=Role.PLAYER, password_hash=cheap)
               for i in range(300)]
    db.session.add_all(players)
    db.session.commit()
    logged_in = 0
    for i, player in enumerate(players):
        browser = app.test_client()
        if i % 10 == 0:
            assert _login(browser, player.email, "senha-errada").status_code == 200
        logged_in += _login(browser, player.email, "senha-certa-1").status_code == 302
    assert logged_in == 300, f"{logged_in} of 300 got in"


@pytest.mark.rate_limited
def test_after_five_failures_the_owner_waits_a_doubling_delay_then_gets_in(client, make_user, clock):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER, password="right-pass-1")
    assert [_login(client, user.email, "bad").status_code for _ in range(5)] == [200] * 5
    waiting = _login(client, user.email, "right-pass-1")
    assert waiting.status_code == 429 and int(waiting.headers["Retry-After"]) >= 2
    assert "Aguarde 2 segundos" in waiting.get_data(as_text=True)
    with client.session_transaction() as session:
        assert "_user_id" not in session
    clock.now += 2
    sixth = _login(client, user.email, "bad")  # counted: the next wait doubles
    assert sixth.status_code == 200 and "Aguarde 4 segundos" in sixth.get_data(as_text=True)
    clock.now += 3
    assert "Aguarde 1 segundo " in _login(client, user.email, "right-pass-1").get_data(as_text=True)
    clock.now += 1
    assert _login(client, user.email, "right-pass-1").status_code == 302
    with client.session_transaction() as session:
        assert "_user_id" in session


@pytest.mark.rate_limited
def test_a_right_password_forgets_the_account_s_failures(client, make_user, clock):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER, password="right-pass-1")
    for _ in range(4):
        _login(client, user.email, "bad")
    assert _login(client, user.email, "right-pass-1").status_code == 302
    client.post("/conta/sair")
    assert [_login(client, user.email, "bad").status_code for _ in range(5)] == [200] * 5


@pytest.mark.rate_limited
def test_the_wait_is_told_in_english_too(client, make_user, clock):  # type: ignore[no-untyped-def]
    user = make_user(Role.PLAYER, password="right-pass-1")
    client.get("/lang/en")
    for _ in range(5):
        _login(client, user.email, "bad")
    page = _login(client, user.email, "right-pass-1").get_data(as_text=True)
    assert "Wait 2 seconds" in page


@pytest.mark.rate_limited
def test_guessing_across_accounts_from_one_address_is_still_refused(app, client, make_user, clock):  # type: ignore[no-untyped-def]
    """Password spraying: one wrong password on many accounts. The address is refused once its
    failures pass the per-minute limit, even for a right password."""
    user = make_user(Role.PLAYER, password="right-pass-1")
    per_minute = parse_many(app.config["LIMIT_LOGIN_IP"])[0].amount
    answers = [_login(client, f"alvo{i}@x.br", "Senha123", ip="10.2.0.9").status_code for i in range(per_minute)]
    assert answers == [200] * per_minute
    assert _login(client, user.email, "right-pass-1", ip="10.2.0.9").status_code == 429
    assert _login(client, user.email, "right-pass-1", ip="10.2.0.10").status_code == 302
