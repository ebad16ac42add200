"""The one-click unsubscribe of a notification mail (RFC 8058). The mail's footer link opens a
page with one button (a GET never changes anything: mail scanners follow links); the mail
reader's own "unsubscribe" POSTs ``List-Unsubscribe=One-Click`` to the same address, without a
login or a CSRF token (the signed link is the credential)."""
from __future__ import annotations

from flask import abort, render_template, request

from damas.extensions import csrf, db
from damas.models import User
from damas.services.mail.kinds import BY_CODE
from damas.services.mail.notify import read_unsubscribe_token
from damas.services.mail.preferences import kinds_off, turn_off
from damas.web.mail.routes import bp


def _holder(token: str) -> tuple[User, str]:
    found = read_unsubscribe_token(token)
    user = db.session.get(User, found[0]) if found else None
    if found is None or user is None:
        abort(404)
    return user, found[1]


@bp.get("/email/cancelar/<token>")
def unsubscribe(token: str):  # type: ignore[no-untyped-def]
    user, kind = _holder(token)
    return render_template("mail_outbox/unsubscribe.html", label=BY_CODE[kind].label, email=user.email,
                           done=kind in kinds_off(user), token=token)


@bp.post("/email/cancelar/<token>")
@csrf.exempt
def unsubscribe_post(token: str):  # type: ignore[no-untyped-def]
    user, kind = _holder(token)
    turn_off(user, kind)
    if request.form.get("List-Unsubscribe") == "One-Click":  # the mail reader, not a person
        return "", 204
    return render_template("mail_outbox/unsubscribe.html", label=BY_CODE[kind].label, email=user.email,
                           done=True, token=token)
