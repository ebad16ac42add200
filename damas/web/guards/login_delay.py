"""Growing waits between failed logins of one account from one address.

At a venue hundreds of players share one public address, so a hard refusal per (account,
address) after a few failures would shut a player out of his own account for as long as the
window lasts. Instead, past `LOGIN_DELAY_AFTER` failures the next attempt on that pair waits
`LOGIN_DELAY_SECONDS`, doubling with each further failure up to `LOGIN_DELAY_MAX_SECONDS`: a
typo costs nothing, a guesser gets a handful of tries an hour. An attempt made during the wait is
refused without checking the password and without counting; the right password after the wait
logs in and forgets the failures. Failures are forgotten `LOGIN_DELAY_FORGET_SECONDS` after the
first one anyway.

The counts live in Flask-Limiter's store (memory, or Redis shared by every server); a store that
fails is logged and the login goes on unthrottled, as the limiter itself does.
"""
from __future__ import annotations

import math
import time
from typing import Any, Callable

from flask import current_app, request
from flask_babel import ngettext
from flask_limiter.util import get_remote_address

from damas.extensions import limiter
from damas.web.guards.limits import store_call

clock: Callable[[], float] = time.time  # the delays' clock (tests move it on)


def _enabled() -> bool:
    return bool(current_app.config.get("RATELIMIT_ENABLED"))


def _keys(email: str) -> tuple[str, str]:
    """(failures, wait-until) keys of the typed e-mail, normalised, at the client address."""
    pair = (email or "").strip().lower()[:254] + "|" + (get_remote_address() or "-")
    return "login_delay/failures/" + pair, "login_delay/until/" + pair


def wait_left(email: str) -> int:
    """Whole seconds this (account, address) must still wait before its next attempt; 0: none."""
    if not _enabled() or request.method != "POST":
        return 0
    until_ms = store_call(lambda: limiter.storage.get(_keys(email)[1]), 0)
    return max(0, math.ceil(until_ms / 1000 - clock()))


def failed(email: str) -> int:
    """Count a failed attempt; the wait (seconds) it imposes on the next one, 0 when none."""
    if not _enabled():
        return 0
    config = current_app.config
    failures_key, until_key = _keys(email)
    failures = store_call(lambda: limiter.storage.incr(failures_key, int(config["LOGIN_DELAY_FORGET_SECONDS"])), 0)
    over = failures - int(config["LOGIN_DELAY_AFTER"])
    if over < 0:
        return 0
    delay = min(int(config["LOGIN_DELAY_SECONDS"]) * 2 ** min(over, 30), int(config["LOGIN_DELAY_MAX_SECONDS"]))
    until_ms = math.ceil((clock() + delay) * 1000)  # the store keeps whole numbers

    def store() -> None:
        limiter.storage.clear(until_key)
        limiter.storage.incr(until_key, delay + 1, amount=until_ms)

    store_call(store, None)
    return delay


def succeeded(email: str) -> None:
    """The right password: the pair's earlier failures are forgotten."""
    if not _enabled():
        return
    for key in _keys(email):
        store_call(lambda key=key: limiter.storage.clear(key), None)


def wait_message(seconds: int) -> str:
    """How long to wait, in the visitor's language (minutes past two of them)."""
    if seconds < 120:
        return ngettext("Muitas tentativas erradas para esta conta. Aguarde %(num)d segundo e tente de novo.",
                        "Muitas tentativas erradas para esta conta. Aguarde %(num)d segundos e tente de novo.",
                        seconds)
    return ngettext("Muitas tentativas erradas para esta conta. Aguarde %(num)d minuto e tente de novo.",
                    "Muitas tentativas erradas para esta conta. Aguarde %(num)d minutos e tente de novo.",
                    math.ceil(seconds / 60))
