"""Issue 14 point 3: sessions and remember-me cookies can be revoked (User.session_version in the
login id); cookies are SameSite=Lax, HttpOnly, Secure by config, remember-me for 30 days."""
from __future__ import annotations

from datetime import datetime, timedelta, timezone
from email.utils import parsedate_to_datetime
from typing import Any

from damas.models import Role, User

MY_PAGE = "/conta/minha-area"


def _logged_in_client(app: Any, user: User, password: str = "secret123", remember: bool = True) -> Any:
    client = app.test_client()
    response = client.post("/conta/entrar", data={"email": user.email, "password": password,
                                                  "remember": "y" if remember else ""})
    assert response.status_code == 302
    return client


def _copy(app: Any, client: Any, name: str) -> Any:
    """A second browser holding only a copy of one cookie of `client` (as a thief would)."""
    cookie = client.get_cookie(name)
    assert cookie is not None, name
    other = app.test_client()
    other.set_cookie(name, cookie.value)
    return other


def _opens_my_page(client: Any) -> bool:
    response = client.get(MY_PAGE)
    if response.status_code == 302:
        assert "/conta/entrar" in response.headers["Location"]
        return False
    assert response.status_code == 200
    return True


def test_staff_password_change_ends_the_users_sessions_and_remember_cookie(app, client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF), make_user(Role.ARBITER)
    victim = _logged_in_client(app, arbiter)
    session_copy, remember_copy = _copy(app, victim, "session"), _copy(app, victim, "remember_token")
    assert _opens_my_page(victim) and _opens_my_page(session_copy) and _opens_my_page(remember_copy)
    login_as(staff)
    response = client.post(f"/usuarios/{arbiter.id}/editar", data={
        "email": arbiter.email, "name": arbiter.name, "role": "arbiter", "player_id": "", "active": "y",
        "password": "brand-new-pass"})
    assert response.status_code == 302
    for browser in (victim, session_copy, remember_copy):
        assert not _opens_my_page(browser)
    assert _opens_my_page(client)  # staff's own session is untouched
    assert _opens_my_page(_logged_in_client(app, arbiter, "brand-new-pass"))


def test_a_staff_edit_without_a_new_password_keeps_the_sessions(app, client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF), make_user(Role.ARBITER)
    victim = _logged_in_client(app, arbiter)
    login_as(staff)
    client.post(f"/usuarios/{arbiter.id}/editar", data={
        "email": arbiter.email, "name": "Outro Nome", "role": "arbiter", "player_id": "", "active": "y", "password": ""})
    assert _opens_my_page(victim)


def test_staff_changing_his_own_password_stays_logged_in_here_only(app, client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    elsewhere = _logged_in_client(app, staff)
    login_as(staff)
    client.post(f"/usuarios/{staff.id}/editar", data={
        "email": staff.email, "name": staff.name, "role": "staff", "player_id": "", "active": "y",
        "password": "brand-new-pass"})
    assert _opens_my_page(client)
    assert not _opens_my_page(elsewhere)


def test_deactivation_ends_every_session_even_after_reactivation(app, client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF), make_user(Role.ARBITER)
    victim = _logged_in_client(app, arbiter)
    remember_copy = _copy(app, victim, "remember_token")
    login_as(staff)
    form = {"email": arbiter.email, "name": arbiter.name, "role": "arbiter", "player_id": "", "password": ""}
    client.post(f"/usuarios/{arbiter.id}/editar", data=form)  # no "active": deactivated
    db.session.expire_all()
    assert db.session.get(User, arbiter.id).active is False
    client.post(f"/usuarios/{arbiter.id}/editar", data={**form, "active": "y"})
    db.session.expire_all()
    assert db.session.get(User, arbiter.id).active is True
    assert not _opens_my_page(victim)
    assert not _opens_my_page(remember_copy)


def test_own_password_change_ends_the_other_sessions_and_keeps_this_one(app, db, make_user):  # type: ignore[no-untyped-def]
    player = make_user(Role.ARBITER, password="old-pass-123")
    phone = _logged_in_client(app, player, "old-pass-123")
    laptop = _logged_in_client(app, player, "old-pass-123")
    laptop_remember = _copy(app, laptop, "remember_token")
    response = phone.post("/conta/senha", data={"current": "old-pass-123", "password": "new-pass-456",
                                                "confirm": "new-pass-456"})
    assert response.status_code == 302
    assert _opens_my_page(phone)
    assert _opens_my_page(_copy(app, phone, "remember_token"))  # the remember cookie was renewed
    assert not _opens_my_page(laptop) and not _opens_my_page(laptop_remember)
    db.session.expire_all()
    assert db.session.get(User, player.id).check_password("new-pass-456")


def test_own_password_change_needs_the_current_password(app, db, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.ARBITER, password="old-pass-123")
    client = _logged_in_client(app, user, "old-pass-123")
    page = client.post("/conta/senha", data={"current": "wrong-one", "password": "new-pass-456",
                                             "confirm": "new-pass-456"}).get_data(as_text=True)
    assert "A senha atual não confere." in page
    page = client.post("/conta/senha", data={"current": "old-pass-123", "password": "new-pass-456",
                                             "confirm": "other-pass-7"}).get_data(as_text=True)
    assert "As senhas não conferem." in page
    db.session.expire_all()
    assert db.session.get(User, user.id).check_password("old-pass-123")
    assert _opens_my_page(client)


def test_own_password_change_is_audited(app, db, make_user):  # type: ignore[no-untyped-def]
    from damas.models import AuditEntry

    user = make_user(Role.ARBITER, password="old-pass-123")
    client = _logged_in_client(app, user, "old-pass-123")
    client.post("/conta/senha", data={"current": "old-pass-123", "password": "new-pass-456", "confirm": "new-pass-456"})
    entry = db.session.query(AuditEntry).filter_by(object_type="user", object_id=user.id).one()
    assert entry.user_id == user.id and entry.after == {"password_changed": True}
    assert "new-pass-456" not in str(entry.after)


def test_logout_ends_copies_of_the_session_and_the_remember_cookie(app, db, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.ARBITER)
    client = _logged_in_client(app, user)
    session_copy, remember_copy = _copy(app, client, "session"), _copy(app, client, "remember_token")
    response = client.post("/conta/sair")
    assert response.status_code == 302
    cleared = [h for h in response.headers.getlist("Set-Cookie") if h.startswith("remember_token=")]
    assert cleared and ("Max-Age=0" in cleared[0] or "1970" in cleared[0])
    assert client.get_cookie("remember_token") is None
    for browser in (client, session_copy, remember_copy):
        assert not _opens_my_page(browser)


def test_a_login_id_without_the_session_version_opens_nothing(app, client, db, make_user):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    with client.session_transaction() as session:
        session["_user_id"] = str(staff.id)  # the old form of the login id, signed with the right key
        session["_fresh"] = True
    assert client.get("/usuarios/").status_code == 302
    with client.session_transaction() as session:
        session["_user_id"] = f"{staff.id}:{staff.session_version + 1}"
    assert client.get("/usuarios/").status_code == 302
    with client.session_transaction() as session:
        session["_user_id"] = staff.get_id()
    assert client.get("/usuarios/").status_code == 200


def _set_cookie(response: Any, name: str) -> str:
    headers = [h for h in response.headers.getlist("Set-Cookie") if h.startswith(name + "=")]
    assert headers, name
    return headers[0]


def test_cookies_are_samesite_lax_httponly_and_remember_lasts_30_days(app, db, make_user):  # type: ignore[no-untyped-def]
    user = make_user(Role.ARBITER)
    response = app.test_client().post("/conta/entrar", data={"email": user.email, "password": "secret123",
                                                             "remember": "y"})
    session_cookie, remember = _set_cookie(response, "session"), _set_cookie(response, "remember_token")
    for header in (session_cookie, remember):
        assert "SameSite=Lax" in header and "HttpOnly" in header and "Secure" not in header
    expires = parsedate_to_datetime(remember.split("Expires=")[1].split(";")[0])
    assert abs(expires - (datetime.now(timezone.utc) + timedelta(days=30))) < timedelta(minutes=5)
    assert app.config["REMEMBER_COOKIE_DURATION"] == timedelta(days=30)


def test_secure_cookies_when_configured_for_https(app, db, make_user):  # type: ignore[no-untyped-def]
    app.config.update(SESSION_COOKIE_SECURE=True, REMEMBER_COOKIE_SECURE=True)
    user = make_user(Role.ARBITER)
    response = app.test_client().post("/conta/entrar", data={"email": user.email, "password": "secret123",
                                                             "remember": "y"}, base_url="https://localhost")
    assert "Secure" in _set_cookie(response, "session")
    assert "Secure" in _set_cookie(response, "remember_token")


def test_the_https_cookie_flag_comes_from_the_environment(monkeypatch):  # type: ignore[no-untyped-def]
    from damas.config import _flag

    monkeypatch.setenv("DAMAS_SECURE_COOKIES", "1")
    assert _flag("DAMAS_SECURE_COOKIES") is True
    monkeypatch.setenv("DAMAS_SECURE_COOKIES", "no")
    assert _flag("DAMAS_SECURE_COOKIES") is False
    monkeypatch.delenv("DAMAS_SECURE_COOKIES")
    assert _flag("DAMAS_SECURE_COOKIES") is False
