"""The account mails: a new password through a link ("Esqueci minha senha"), the address proved
through a link, the owner of an address warned when someone signs up with it, and the welcome of
an account staff made.

The links carry a token signed with the app's ``SECRET_KEY`` (itsdangerous, one salt per use), so
no table keeps them. A new-password link names the account and a keyed digest of its current
password hash: setting any password spends it (single use) and it works for
``PASSWORD_RESET_SECONDS`` (one hour). A confirmation link names the account and the address, so
a changed address needs a new link; it works for ``EMAIL_VERIFY_SECONDS`` (7 days).

Who asks for a new password always gets the same answer: only an active account with the address
gets a mail, and the page never says whether one did."""
from __future__ import annotations

import hashlib
import hmac
from datetime import datetime, timezone
from typing import Any

from flask import current_app
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from itsdangerous import BadData, SignatureExpired, URLSafeTimedSerializer
from sqlalchemy import func, select

from damas.extensions import db
from damas.models import User
from damas.services.audit import record, transaction
from damas.services.errors import ServiceError
from damas.services.mail.compose import compose, external_url
from damas.services.mail.sending import send

RESET_SALT = "damas.account.password-reset"
VERIFY_SALT = "damas.account.email-verify"
MIN_PASSWORD = 8


def _serializer(salt: str) -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=salt)


def _password_digest(user: User) -> str:
    """Changes whenever a password is set (a new hash has a new salt): what makes a link single-use.
    Keyed, so the token (readable, only signed) tells nothing about the hash."""
    key = str(current_app.config["SECRET_KEY"]).encode()
    return hmac.new(key, (user.password_hash or "").encode(), hashlib.sha256).hexdigest()[:24]


def active_account(email: str) -> User | None:
    """The active account with this address (any case), or None."""
    address = (email or "").strip().lower()
    if not address:
        return None
    user = db.session.scalar(select(User).where(func.lower(User.email) == address))
    return user if user is not None and user.active else None


# ------------------------------------------------------------------ tokens

def reset_token(user: User) -> str:
    return _serializer(RESET_SALT).dumps({"u": user.id, "p": _password_digest(user)})


def verify_token(user: User) -> str:
    return _serializer(VERIFY_SALT).dumps({"u": user.id, "e": (user.email or "").lower()})


def _invalid() -> ServiceError:
    return ServiceError(_("Este link não é válido. Confira se o endereço foi copiado inteiro ou peça um novo."))


def _read(token: str, salt: str, seconds: int, expired: str) -> tuple[User, dict[str, Any]]:
    """The account a token names and its payload; a ServiceError (translated) for a link that is
    expired, tampered with or names no account. Never anything else: a bad link is no error page."""
    try:
        data = _serializer(salt).loads(token, max_age=seconds)
    except SignatureExpired:
        raise ServiceError(expired) from None
    except BadData:
        raise _invalid() from None
    if not isinstance(data, dict) or not isinstance(data.get("u"), int):
        raise _invalid()
    user = db.session.get(User, data["u"])
    if user is None:
        raise _invalid()
    if not user.active:
        raise ServiceError(_("Esta conta está desativada. Fale com a federação."))
    return user, data


def account_for_reset(token: str) -> User:
    """The account a new-password link may change, or a ServiceError saying why not."""
    user, data = _read(token, RESET_SALT, int(current_app.config["PASSWORD_RESET_SECONDS"]),
                       _("Este link expirou: ele vale uma hora. Peça um novo."))
    if not hmac.compare_digest(str(data.get("p", "")), _password_digest(user)):
        raise ServiceError(_("Este link já foi usado, ou a senha foi trocada depois que ele foi enviado. "
                             "Peça um novo, se precisar."))
    return user


# ------------------------------------------------------------------ new password

def request_password_reset(email: str) -> None:
    """Mail a new-password link when an active account has `email`; otherwise nothing. The caller
    answers the same either way."""
    user = active_account(email)
    if user is None:
        return
    link = external_url("auth.reset_password", token=reset_token(user))
    send([compose("password_reset", user.email, user.locale, _l("Redefinir a sua senha"), name=user.name,
                  link=link, forgot_url=external_url("auth.forgot_password"))])


def reset_password(token: str, password: str) -> User:
    """Set the password a link allows: every session of the account ends (a thief's too), the
    link is spent, and the click proves the address (audited)."""
    user = account_for_reset(token)
    if len(password or "") < MIN_PASSWORD:
        raise ServiceError(_("A senha deve ter pelo menos 8 caracteres."), "password")
    with transaction():
        proved = user.email_verified_at is None
        user.set_password(password)
        user.end_sessions()
        if proved:
            user.email_verified_at = datetime.now(timezone.utc)
        record(user, "password_reset", "user", user.id, None,
               {"password_changed": True, **({"email_verified": True} if proved else {})})
    return user


# ------------------------------------------------------------------ the address

def send_verification(user: User) -> bool:
    """Mail the link that proves `user`'s address; False (nothing sent) when it is proved already
    or the account is inactive."""
    if user.email_verified_at is not None or not user.active or not user.email:
        return False
    link = external_url("auth.verify_email", token=verify_token(user))
    send([compose("verify_email", user.email, user.locale, _l("Confirme o seu e-mail"), name=user.name,
                  link=link)])
    return True


def verify_email(token: str) -> User:
    """Mark the address a confirmation link names as proved (audited; a second click changes
    nothing), or a ServiceError saying why not."""
    user, data = _read(token, VERIFY_SALT, int(current_app.config["EMAIL_VERIFY_SECONDS"]),
                       _("Este link de confirmação expirou. Entre e peça um novo em Minha área."))
    if data.get("e") != (user.email or "").lower():
        raise _invalid()  # the account's address changed since: the link proved the old one
    if user.email_verified_at is None:
        with transaction():
            user.email_verified_at = datetime.now(timezone.utc)
            record(user, "verify_email", "user", user.id, {"email_verified_at": None},
                   {"email_verified_at": user.email_verified_at.isoformat(), "email": user.email})
    return user


def warn_owner(email: str) -> None:
    """Tell the owner of `email` that someone tried to create an account with it (the sign-up page
    answered as for anyone): he may log in, or ask for a new password."""
    user = active_account(email)
    if user is None:
        return
    send([compose("account_exists", user.email, user.locale, _l("Tentativa de criar uma conta com o seu e-mail"),
                  name=user.name, login_url=external_url("auth.login"),
                  forgot_url=external_url("auth.forgot_password"))])


def send_welcome(user: User) -> None:
    """The mail of an account staff created: the confirmation link, and how to get a password
    (staff chose it; the owner sets his own with "Esqueci minha senha")."""
    if not user.active or not user.email:
        return
    send([compose("welcome", user.email, user.locale, _l("A sua conta no sistema da federação"), name=user.name,
                  link=external_url("auth.verify_email", token=verify_token(user)),
                  login_url=external_url("auth.login"), forgot_url=external_url("auth.forgot_password"))])
