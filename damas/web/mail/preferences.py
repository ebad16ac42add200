"""The notification mails an account gets, chosen on "Minha área" ("E-mails")."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required

from damas.services.mail.kinds import KINDS
from damas.services.mail.preferences import kinds_off, set_kinds_on
from damas.web.mail.forms import MailKindsForm
from damas.web.mail.routes import bp


@bp.route("/conta/emails", methods=["GET", "POST"])
@login_required
def preferences():  # type: ignore[no-untyped-def]
    user = current_user._get_current_object()
    form = MailKindsForm()
    if form.validate_on_submit():
        set_kinds_on(user, user, set(form.kinds.data or []))
        flash(_("Preferências de e-mail salvas."), "success")
        return redirect(url_for("mail.preferences"))
    if request.method == "GET":
        off = kinds_off(user)
        form.kinds.data = [kind.code for kind in KINDS if kind.code not in off]
    return render_template("mail_prefs/preferences.html", form=form, email=user.email,
                           verified=user.email_verified_at is not None)
