"""Issue 14 point 2: the account routes are throttled (Flask-Limiter, damas.web.guards.limits) and do not
tell which e-mails or registration numbers have accounts."""
from __future__ import annotations

from typing import Any

import pytest
from limits import parse_many

from damas.models import Role, User
from damas.services.accounts import users as user_service

LOGIN = "/conta/entrar"


def _login(client: Any, email: str, password: str, ip: str = "10.0.0.1") -> Any:
    return client.post(LOGIN, data={"email": email, "password": password}, environ_base={"REMOTE_ADDR": ip})


@pytest.mark.rate_limited
def test_fifty_wrong_passwords_then_the_right_one_is_refused(client, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF, password="right-pass-1")
    answers = [_login(client, user.email, f"wrong{i}").status_code for i in range(50)]
    assert answers[:5] == [200] * 5  # the form again, "E-mail ou senha incorretos."
    assert set(answers[5:]) == {429}
    right = _login(client, user.email, "right-pass-1")
    assert right.status_code == 429
    with client.session_transaction() as session:
        assert "_user_id" not in session
    page = right.get_data(as_text=True)
    assert "Aguarde 2 segundos" in page and "Traceback" not in page  # no time went by: the first wait
    assert int(right.headers["Retry-After"]) > 0


@pytest.mark.rate_limited
def test_failures_from_other_addresses_do_not_lock_the_account(client, make_user, monkeypatch):  # type: ignore[no-untyped-def]
    """Issue 25 point 1 (was: the account throttle counted an account from every address)."""
    monkeypatch.setattr("damas.web.guards.limits.pause", lambda seconds: None)
    user = make_user(Role.STAFF, password="right-pass-1")
    for i in range(5):
        assert _login(client, user.email.upper(), "wrong", ip=f"10.1.0.{i}").status_code == 200
    assert _login(client, user.email, "right-pass-1", ip="10.1.0.99").status_code == 302


@pytest.mark.rate_limited
def test_the_address_throttle_stops_guessing_across_accounts(app, client):  # type: ignore[no-untyped-def]
    per_minute = parse_many(app.config["LIMIT_LOGIN_IP"])[0].amount
    answers = [_login(client, f"nobody{i}@x.br", "wrong", ip="10.2.0.1").status_code for i in range(per_minute + 1)]
    assert answers[:per_minute] == [200] * per_minute and answers[per_minute] == 429
    assert _login(client, "nobody@x.br", "wrong", ip="10.2.0.2").status_code == 200


@pytest.mark.rate_limited
def test_a_right_login_does_not_use_up_the_account_limit(client, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF, password="right-pass-1")
    for _ in range(8):
        assert _login(client, user.email, "right-pass-1").status_code == 302
        client.post("/conta/sair")


@pytest.mark.rate_limited
def test_the_429_page_speaks_english_too(app, client, make_user):  # type: ignore[no-untyped-def]
    client.get("/lang/en")
    for i in range(parse_many(app.config["LIMIT_LOGIN_IP"])[0].amount + 1):
        response = _login(client, f"x{i}@x.br", "wrong")
    assert response.status_code == 429
    assert "Too many attempts" in response.get_data(as_text=True)


def test_limits_are_off_in_the_ordinary_test_app(client, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF, password="right-pass-1")
    for _ in range(10):
        assert _login(client, user.email, "wrong").status_code == 200
    assert _login(client, user.email, "right-pass-1").status_code == 302


@pytest.fixture
def hash_checks(monkeypatch):  # type: ignore[no-untyped-def]
    calls: list[str] = []
    real = user_service.check_password_hash

    def counting(stored: str, password: str) -> bool:
        calls.append(stored)
        return real(stored, password)

    monkeypatch.setattr(user_service, "check_password_hash", counting)
    return calls


def test_unknown_and_known_emails_both_hash_the_password(client, db, make_user, hash_checks):  # type: ignore[no-untyped-def]
    known = make_user(Role.STAFF, password="right-pass-1")
    inactive = make_user(Role.ARBITER, password="right-pass-1", active=False)
    for email in ("nobody@test.br", known.email, inactive.email):
        hash_checks.clear()
        page = _login(client, email, "wrong-pass").get_data(as_text=True)
        assert "E-mail ou senha incorretos." in page
        assert len(hash_checks) == 1, email
    hash_checks.clear()
    _login(client, "nobody@test.br", "x")
    _login(client, known.email, "x")
    dummy, real = hash_checks
    assert dummy.split("$")[0] == real.split("$")[0]  # same method and cost: same time
    assert dummy != real


def test_authenticate_hashes_against_a_dummy_for_unknown_emails(db, hash_checks):  # type: ignore[no-untyped-def]
    assert user_service.authenticate("nobody@test.br", "whatever") is None
    assert len(hash_checks) == 1


def _sign_up(client: Any, **data: str) -> Any:
    base = {"kind": "member", "name": "Novo Jogador", "email": "novo@x.br", "password": "segredo123",
            "confirm": "segredo123"}
    return client.post("/conta/cadastro", data={**base, **data}, environ_base={"REMOTE_ADDR": "10.3.0.1"})


def test_sign_up_answers_the_same_for_a_taken_email_and_a_taken_number(client, db, make_player, make_user):  # type: ignore[no-untyped-def]
    """Issue 25 point 6: the same answer as a new account (was: one refusal for both)."""
    linked = make_player(federation_id="CE-10")
    make_user(Role.PLAYER, player_id=linked.id, email="dono@x.br")
    make_player(federation_id="CE-11")
    users = db.session.query(User).count()
    answers = [_sign_up(client, email="DONO@x.br", federation_id="CE-11"),
               _sign_up(client, email="livre@x.br", federation_id="CE-10"),
               _sign_up(client, kind="guest", email="dono@x.br", sex="M")]
    assert {(a.status_code, a.headers["Location"]) for a in answers} == {(302, "/conta/entrar")}
    page = client.get("/conta/entrar").get_data(as_text=True)
    assert "Já existe uma conta com este e-mail" not in page and "Este jogador já tem uma conta" not in page
    assert db.session.query(User).count() == users


@pytest.mark.rate_limited
def test_guest_sign_ups_are_limited_per_address_and_hour(client, db):  # type: ignore[no-untyped-def]
    made = []
    for i in range(6):
        response = _sign_up(client, kind="guest", email=f"guest{i}@x.br", sex="F")
        made.append(response.status_code)
        client.post("/conta/sair")
    assert made == [302] * 5 + [429]
    assert db.session.query(User).count() == 5
    other_ip = client.post("/conta/cadastro", data={
        "kind": "guest", "name": "Outra", "email": "outra@x.br", "password": "segredo123", "confirm": "segredo123",
        "sex": "F"}, environ_base={"REMOTE_ADDR": "10.3.0.2"})
    assert other_ip.status_code == 302


@pytest.mark.rate_limited
def test_sign_up_attempts_are_limited_per_address(client, db):  # type: ignore[no-untyped-def]
    codes = [_sign_up(client, federation_id="NOPE").status_code for _ in range(11)]
    assert codes == [302] * 10 + [429]  # every valid form gets the neutral answer


@pytest.mark.rate_limited
def test_wrong_current_passwords_are_throttled(client, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.ARBITER, password="right-pass-1")
    assert _login(client, user.email, "right-pass-1").status_code == 302
    data = {"password": "new-pass-12", "confirm": "new-pass-12"}
    codes = [client.post("/conta/senha", data={**data, "current": f"bad{i}"}).status_code for i in range(6)]
    assert codes == [200] * 5 + [429]
    assert client.post("/conta/senha", data={**data, "current": "right-pass-1"}).status_code == 429


@pytest.mark.rate_limited
def test_refused_requests_do_not_extend_the_account_wait(app, client, make_user):  # type: ignore[no-untyped-def]
    from damas.extensions import limiter

    user = make_user(Role.STAFF, password="right-pass-1")
    answers = [_login(client, user.email, f"wrong{i}") for i in range(40)]
    # 5 failures counted, 35 refused during the wait without counting: the wait stays the first one
    assert limiter.storage.get(f"login_delay/failures/{user.email}|10.0.0.1") == 5
    assert "Aguarde 2 segundos" in answers[-1].get_data(as_text=True)
