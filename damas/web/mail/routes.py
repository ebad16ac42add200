"""Staff pages of the mail: the outbox of a development install (404 where mails really go
out: they are not kept) and the test mail."""
from __future__ import annotations

from flask import Blueprint, abort, flash, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.services.mail.outbox import outbox_in_use, read_one, read_outbox
from damas.services.mail.test_mail import send_test_mail
from damas.web.access import staff_required

bp = Blueprint("mail", __name__)

# The HTML of a mail is shown as the mail client would, in a frame that runs nothing and loads
# nothing from outside (its own inline styles only).
_MAIL_HTML_POLICY = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'"


def _outbox_only() -> None:
    if not outbox_in_use():
        abort(404)


@bp.get("/federacao/emails/")
@staff_required
def outbox():  # type: ignore[no-untyped-def]
    _outbox_only()
    return render_template("mail_outbox/list.html", mails=read_outbox())


@bp.get("/federacao/emails/<name>")
@staff_required
def outbox_mail(name: str):  # type: ignore[no-untyped-def]
    _outbox_only()
    found = read_one(name)
    if found is None:
        abort(404)
    return render_template("mail_outbox/mail.html", mail=found)


@bp.get("/federacao/emails/<name>/html")
@staff_required
def outbox_mail_html(name: str):  # type: ignore[no-untyped-def]
    _outbox_only()
    found = read_one(name)
    if found is None or not found.html:
        abort(404)
    response = make_response(found.html)
    response.headers["Content-Type"] = "text/html; charset=utf-8"
    response.headers["Content-Security-Policy"] = _MAIL_HTML_POLICY
    response.headers["X-Frame-Options"] = "SAMEORIGIN"
    return response


@bp.post("/federacao/emails/teste")
@staff_required
def test_mail():  # type: ignore[no-untyped-def]
    address = send_test_mail(current_user)
    if outbox_in_use():
        flash(_("E-mail de teste gravado na caixa de saída de desenvolvimento (sem servidor de e-mail)."), "success")
        return redirect(url_for("mail.outbox"))
    flash(_("E-mail de teste enviado para %(address)s. Se não chegar em alguns minutos, confira MAIL_SERVER e "
            "as demais configurações de e-mail.", address=address), "success")
    return redirect(url_for("federation.settings"))
