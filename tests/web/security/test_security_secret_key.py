"""Issue 14 point 1: no built-in SECRET_KEY. A cookie signed with the old fallback opens nothing,
and outside tests the app does not start without a real key (flask and gunicorn exit non-zero
with a message naming the variable)."""
from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.sessions import SecureCookieSessionInterface

from damas import create_app
from damas.config import Config, TestConfig
from damas.models import Role
from damas.security import MissingSecretKey

ROOT = Path(__file__).resolve().parents[3]
OLD_FALLBACK = "dev-only-change-me"
VENV_BIN = Path(sys.executable).parent


def _forged_session(secret: str, payload: dict[str, Any]) -> str:
    forger = Flask("forger")
    forger.secret_key = secret
    serializer = SecureCookieSessionInterface().get_signing_serializer(forger)
    assert serializer is not None
    return serializer.dumps(payload)


def _forged_remember(secret: str, user_id: str) -> str:
    from flask_login.utils import encode_cookie

    forger = Flask("forger")
    forger.secret_key = secret
    with forger.test_request_context():
        return encode_cookie(user_id)


def test_there_is_no_fallback_key(monkeypatch):  # type: ignore[no-untyped-def]
    assert not Config.SECRET_KEY or Config.SECRET_KEY != OLD_FALLBACK
    source = (ROOT / "damas" / "config.py").read_text(encoding="utf-8")
    assert OLD_FALLBACK not in source


@pytest.mark.parametrize("payload", ({"_user_id": "1", "_fresh": True}, {"_user_id": "1:0", "_fresh": True}))
def test_a_session_signed_with_the_old_fallback_opens_nothing(client, make_user, payload):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    assert staff.id == 1
    client.set_cookie("session", _forged_session(OLD_FALLBACK, payload))
    response = client.get("/usuarios/")
    assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"]
    with client.session_transaction() as session:  # the real session is empty: the forged one was dropped
        assert "_user_id" not in session


@pytest.mark.parametrize("login_id", ("1", "1:0"))
def test_a_remember_cookie_signed_with_the_old_fallback_opens_nothing(client, make_user, login_id):  # type: ignore[no-untyped-def]
    make_user(Role.STAFF)
    client.set_cookie("remember_token", _forged_remember(OLD_FALLBACK, login_id))
    response = client.get("/usuarios/")
    assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"]


def test_the_app_key_itself_still_signs_valid_cookies(app, client, make_user):  # type: ignore[no-untyped-def]
    """Guard for the two tests above: a cookie signed with the app's own key does open the page."""
    staff = make_user(Role.STAFF)
    client.set_cookie("remember_token", _forged_remember(app.secret_key, staff.get_id()))
    assert client.get("/usuarios/").status_code == 200


def _production_config(**overrides: Any) -> dict[str, Any]:
    values = {k: getattr(TestConfig, k) for k in dir(TestConfig) if k.isupper()}
    values.update(TESTING=False, **overrides)
    return values


@pytest.mark.parametrize("key", (None, "", "   ", OLD_FALLBACK, "short"))
def test_the_factory_refuses_a_missing_or_weak_key(key):  # type: ignore[no-untyped-def]
    with pytest.raises(MissingSecretKey, match="SECRET_KEY"):
        create_app(_production_config(SECRET_KEY=key))


def _clean_env(tmp_path: Path, **extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("SECRET_KEY", "FLASK_DEBUG", "DATABASE_URL")}
    env.update({"FLASK_APP": "app.py", "DATABASE_URL": f"sqlite:///{tmp_path / 'prod.db'}",
                "PATH": f"{VENV_BIN}:{env.get('PATH', '')}", **extra})
    return env


def test_flask_commands_exit_with_the_message_without_a_key(tmp_path):  # type: ignore[no-untyped-def]
    result = subprocess.run([str(VENV_BIN / "flask"), "routes"], cwd=ROOT, env=_clean_env(tmp_path),
                            capture_output=True, text=True, timeout=120)
    assert result.returncode != 0
    assert "SECRET_KEY is not set" in result.stderr
    assert "Traceback" not in result.stderr
    ok = subprocess.run([str(VENV_BIN / "flask"), "routes"], cwd=ROOT,
                        env=_clean_env(tmp_path, SECRET_KEY="a-real-random-key-0123456789abcdef"),
                        capture_output=True, text=True, timeout=120)
    assert ok.returncode == 0, ok.stderr
    assert "/conta/entrar" in ok.stdout


def test_gunicorn_exits_with_the_message_without_a_key(tmp_path):  # type: ignore[no-untyped-def]
    gunicorn = VENV_BIN / "gunicorn"
    if not gunicorn.exists():
        pytest.skip("gunicorn is not installed in this environment")
    command = [str(gunicorn), "--bind", "127.0.0.1:0", "--workers", "1", "--no-control-socket", "app:app"]
    result = subprocess.run(command, cwd=ROOT, env=_clean_env(tmp_path), capture_output=True, text=True, timeout=120)
    assert result.returncode == 4  # "App failed to load": the server stops instead of rebooting workers
    assert "SECRET_KEY is not set" in result.stderr


@pytest.mark.parametrize("key", ("aaaaaaaaaaaaaaaa", "changeme-changeme", "x" * 64, "abcdefghij" * 4,
                                 "0123456789abcdef", "Tr0ub4dor&3", "ab" * 20))
def test_a_low_entropy_key_is_refused_by_its_strength(key):  # type: ignore[no-untyped-def]
    """Issue 25 point 7: not a list of known keys, their strength (length, distinct characters, no
    repeated pattern)."""
    with pytest.raises(MissingSecretKey, match="SECRET_KEY"):
        create_app(_production_config(SECRET_KEY=key))


@pytest.mark.parametrize("make_key", (lambda: secrets.token_hex(32), lambda: secrets.token_urlsafe(32),
                                      lambda: "a-real-random-key-0123456789abcdef"), ids=("hex", "urlsafe", "phrase"))
def test_a_random_key_starts_the_app(make_key):  # type: ignore[no-untyped-def]
    """The keys are drawn in the test, not at collection: every xdist worker collects the same ids."""
    key = make_key()
    assert create_app(_production_config(SECRET_KEY=key)).secret_key == key


@pytest.mark.parametrize("key", ("0123456789012345678901234567890123", "abcdefghijklmnopqrstuvwxyz012345",
                                 "password1234567890password12345678"))
def test_a_patterned_key_is_refused_with_how_to_make_a_good_one(key):  # type: ignore[no-untyped-def]
    """Runs and repeats are guessed, however long the key and however many its characters: refused
    by a strength estimate, with the command that makes a good key."""
    with pytest.raises(MissingSecretKey, match=r"predictable.*secrets\.token_hex\(32\)"):
        create_app(_production_config(SECRET_KEY=key))
