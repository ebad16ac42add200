"""User accounts (staff only) and authentication."""
from __future__ import annotations

from typing import Any

from flask_babel import gettext as _
from sqlalchemy import func, select
from werkzeug.security import check_password_hash, generate_password_hash

from damas.extensions import db
from damas.models import Player, Role, User
from damas.services.accounts import account_mail
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.players.names import check_name, clean_name

USER_FIELDS = ("email", "name", "role", "player_id", "active")


_DUMMY_HASH: list[str] = []


def _dummy_hash() -> str:
    """A hash made like real ones (same method and cost), checked for e-mails with no account."""
    if not _DUMMY_HASH:
        _DUMMY_HASH.append(generate_password_hash("no account has this password"))
    return _DUMMY_HASH[0]


def authenticate(email: str, password: str) -> User | None:
    """The active user with this e-mail and password, or None.

    The password is hashed whether or not the e-mail exists (against a dummy hash) and whether
    or not the account is active, so the answer time does not tell which e-mails have accounts.
    """
    user = db.session.scalar(select(User).where(func.lower(User.email) == email.strip().lower()))
    matches = check_password_hash(user.password_hash if user is not None else _dummy_hash(), password)
    if user is None or not user.active or not matches:
        return None
    return user


def end_sessions(user: User) -> None:
    """Log the account out everywhere: every session and remember-me cookie stops working.

    Used on logout: the session cookie lives in the browser, so clearing it there does not stop
    a copy of it; raising the account's session version does ([ours]: logging out of one device
    logs out of all of them).
    """
    with transaction():
        user.end_sessions()


def remember_locale(user: User, locale: str) -> None:
    """The language of an account's mails is the one it last chose on the site (audited)."""
    if locale not in ("pt_BR", "en") or user.locale == locale:
        return
    with transaction():
        record(user, "update", "user", user.id, {"locale": user.locale}, {"locale": locale})
        user.locale = locale


def change_own_password(user: User, current: str, new: str) -> None:
    """A user changes his own password: the current one must match; every other session ends."""
    if not check_password_hash(user.password_hash, current or ""):
        raise ServiceError(_("A senha atual não confere."), "current")
    if len(new or "") < 8:
        raise ServiceError(_("A senha deve ter pelo menos 8 caracteres."), "password")
    with transaction():
        user.set_password(new)
        user.end_sessions()
        record(user, "update", "user", user.id, None, {"password_changed": True})


def _snap(user: User) -> dict[str, Any]:
    return {"email": user.email, "name": user.name, "role": user.role.value,
            "player_id": user.player_id, "active": user.active}


def _check(values: dict[str, Any], user_id: int | None) -> None:
    check_name(values["name"], "name")
    clash = db.session.scalar(
        select(User.id).where(func.lower(User.email) == values["email"], User.id != (user_id or -1))
    )
    if clash is not None:
        raise ServiceError(_("Já existe um usuário com este e-mail."), "email")
    role = Role(values["role"])
    if role == Role.PLAYER and not values["player_id"]:
        raise ServiceError(_("Um usuário jogador deve estar ligado a um jogador."), "player_id")
    if values["player_id"]:
        if db.session.get(Player, values["player_id"]) is None:
            raise ServiceError(_("Jogador inexistente."), "player_id")
        linked = db.session.scalar(
            select(User.id).where(User.player_id == values["player_id"], User.id != (user_id or -1))
        )
        if linked is not None:
            raise ServiceError(_("Este jogador já tem um usuário."), "player_id")


def _clean(data: dict[str, Any]) -> dict[str, Any]:
    return {
        "email": (data.get("email") or "").strip().lower(),
        "name": clean_name(data.get("name")),
        "role": data.get("role") or Role.PLAYER.value,
        "player_id": data.get("player_id") or None,
        "active": bool(data.get("active", True)),
    }


def create_user(actor: User | None, data: dict[str, Any], welcome: bool = False) -> User:
    """A new account (unproved address). `welcome`: mail its owner the confirmation link (staff
    making an account on the site; not the command line or the demo)."""
    values = _clean(data)
    _check(values, None)
    password = data.get("password") or ""
    if len(password) < 8:
        raise ServiceError(_("A senha deve ter pelo menos 8 caracteres."), "password")
    with transaction():
        user = User(**{**values, "role": Role(values["role"])})
        user.set_password(password)
        db.session.add(user)
        db.session.flush()
        record(actor, "create", "user", user.id, None, _snap(user))
    if welcome:
        account_mail.send_welcome(user)
    return user


def update_user(actor: User, user: User, data: dict[str, Any]) -> User:
    values = _clean(data)
    _check(values, user.id)
    if user.id == actor.id and (Role(values["role"]) != Role.STAFF or not values["active"]):
        raise ServiceError(_("Você não pode retirar o seu próprio acesso de equipe."), "role")
    password = data.get("password") or ""
    if password and len(password) < 8:
        raise ServiceError(_("A senha deve ter pelo menos 8 caracteres."), "password")
    with transaction():
        before = _snap(user)
        for name, value in values.items():
            setattr(user, name, Role(value) if name == "role" else value)
        if user.email != before["email"]:
            user.email_verified_at = None  # a new address is proved by its own link
        if password:
            user.set_password(password)
        if password or (before["active"] and not user.active):
            user.end_sessions()  # a new password or a deactivation ends the user's sessions
        after = _snap(user)
        if before != after or password:
            record(actor, "update", "user", user.id, before, {**after, "password_changed": bool(password)})
    return user
