"""Throttles of the account routes: log in, sign up, password change, "Esqueci minha senha" and
the address confirmation mails.

Counted by Flask-Limiter (`damas.extensions.limiter`); the limits are config values (`LIMIT_*`
in `damas.config.Config`), the store is `RATELIMIT_STORAGE_URI` (memory by default; a shared store
such as Redis when several processes serve the site). A refused request gets the 429 page of
`damas.web.errors`.

Log in (nobody can lock another user out; and a venue's players share one
public address, so a right password never counts against that address):

- per client address failed attempts count (`LIMIT_LOGIN_IP`): guessing across accounts;
- per (account, address) failures make the next attempt wait, longer at each failure
  (`damas.web.guards.login_delay`, called by the login route): guessing one password from one place;
- per account, from every address, failures only slow the login down
  (`LOGIN_SLOWDOWN_AFTER`, then `LOGIN_SLOWDOWN_SECONDS` of wait before each attempt): the
  owner's right password from his own address still logs in, however many strangers failed.

Only failed attempts count per account, so a user who types his password right is never held up
by his own earlier logins.
"""
from __future__ import annotations

import logging
import time
from functools import wraps
from typing import Any, Callable, TypeVar

from flask import current_app, make_response, request
from limits import parse_many
from flask_limiter.util import get_remote_address
from flask_login import current_user

from damas.extensions import limiter

F = TypeVar("F", bound=Callable[..., Any])
log = logging.getLogger("damas.limits")
pause: Callable[[float], None] = time.sleep  # the account slow-down's wait (tests record it)


def _config(name: str) -> Callable[[], str]:
    return lambda: current_app.config[name]


def _address() -> str:
    return "ip:" + (get_remote_address() or "-")


def _account_by_email() -> str:
    """The account a login names (typed e-mail, normalised); unknown e-mails count the same."""
    return "email:" + ((request.form.get("email") or "").strip().lower()[:254] or "-")


def _account_logged_in() -> str:
    return f"user:{current_user.id}" if current_user.is_authenticated else _address()


def _refused(response: Any) -> bool:
    """A login or password change that worked redirects; the form again is a failure. A request
    the throttle itself refused (429) does not count again, so the lock ends with its window."""
    return response.status_code not in (302, 429)


def _created(response: Any) -> bool:
    return response.status_code == 302


def _not_guest() -> bool:
    return request.form.get("kind") != "guest"


def _apply(view: F, *limits: Any) -> F:
    for limit in reversed(limits):
        view = limit(view)
    return view


def store_call(call: Callable[[], Any], fallback: Any) -> Any:
    """A call to the limits' store; a store that fails is logged (one line: an outage would fill
    the log with tracebacks) and `fallback` answered, as the limiter's own
    RATELIMIT_SWALLOW_ERRORS does (a login never fails because Redis is away)."""
    try:
        return call()
    except Exception as error:  # noqa: BLE001  redis, memcached...: whatever the store raises
        log.warning("login throttles: the limits' store failed (%s); not counted", type(error).__name__)
        return fallback


def _slowed_down(view: F) -> F:
    """Wait `LOGIN_SLOWDOWN_SECONDS` before a login attempt on an account that failed more than
    `LOGIN_SLOWDOWN_AFTER` times (from any address); count this attempt's failure."""
    @wraps(view)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        config = current_app.config
        if request.method != "POST" or not config.get("RATELIMIT_ENABLED"):
            return view(*args, **kwargs)
        key, items = _account_by_email(), parse_many(config["LOGIN_SLOWDOWN_AFTER"])
        if not store_call(lambda: all(limiter.limiter.test(item, "login_slowdown", key) for item in items), True):
            pause(float(config["LOGIN_SLOWDOWN_SECONDS"]))
        response = make_response(view(*args, **kwargs))
        if _refused(response):
            store_call(lambda: [limiter.limiter.hit(item, "login_slowdown", key) for item in items], None)
        return response

    return wrapper  # type: ignore[return-value]


def throttle_login(view: F) -> F:
    """Failures per address; the account as a whole is only slowed down."""
    return _apply(_slowed_down(view),
                  limiter.limit(_config("LIMIT_LOGIN_IP"), key_func=_address, methods=["POST"], deduct_when=_refused))


def throttle_sign_up(view: F) -> F:
    """Every sign-up attempt per address; guest accounts created per address and hour."""
    return _apply(view,
                  limiter.limit(_config("LIMIT_SIGN_UP_IP"), key_func=_address, methods=["POST"]),
                  limiter.limit(_config("LIMIT_GUEST_SIGN_UP_IP"), key_func=_address, methods=["POST"],
                                exempt_when=_not_guest, deduct_when=_created, scope="guest"))


def throttle_password(view: F) -> F:
    return _apply(view,
                  limiter.limit(_config("LIMIT_PASSWORD_IP"), key_func=_address, methods=["POST"]),
                  limiter.limit(_config("LIMIT_PASSWORD_ACCOUNT"), key_func=_account_logged_in, methods=["POST"],
                                deduct_when=_refused))


def throttle_reset_request(view: F) -> F:
    """"Esqueci minha senha": every request per client address and per typed address (whether an
    account has it or not, so the limit tells nothing): nobody floods a mailbox with links."""
    return _apply(view,
                  limiter.limit(_config("LIMIT_RESET_IP"), key_func=_address, methods=["POST"], scope="reset_ip"),
                  limiter.limit(_config("LIMIT_RESET_EMAIL"), key_func=_account_by_email, methods=["POST"],
                                scope="reset_email"))


def throttle_reset_set(view: F) -> F:
    """A new password chosen from a link, per client address."""
    return _apply(view, limiter.limit(_config("LIMIT_RESET_SET_IP"), key_func=_address, methods=["POST"],
                                      scope="reset_set"))


def throttle_verify_resend(view: F) -> F:
    """"Send the confirmation link again", per account and per address."""
    return _apply(view,
                  limiter.limit(_config("LIMIT_VERIFY_RESEND_ACCOUNT"), key_func=_account_logged_in,
                                methods=["POST"], scope="verify_resend"),
                  limiter.limit(_config("LIMIT_RESET_IP"), key_func=_address, methods=["POST"],
                                scope="verify_resend_ip"))


def throttle_result_report(view: F) -> F:
    """A player's own result reports, every attempt, per account and per address."""
    return _apply(view,
                  limiter.limit(_config("LIMIT_RESULT_REPORT_ACCOUNT"), key_func=_account_logged_in, methods=["POST"],
                                scope="result_report"),
                  limiter.limit(_config("LIMIT_LOGIN_IP"), key_func=_address, methods=["POST"],
                                scope="result_report_ip"))
