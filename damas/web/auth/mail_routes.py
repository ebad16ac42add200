"""The account pages behind the account mails: "Esqueci minha senha" (ask for a link, then choose
a new password from it) and the address confirmation (follow the link, or ask for it again).

Registered on the `auth` blueprint. Asking for a link answers the same page whatever the address
(no way to learn which addresses have accounts); a bad link (expired, used, altered, of a
deactivated account) gets a page saying so, never an error. The pages that carry a token in their
address send no Referer, so the token does not leak to another site."""
from __future__ import annotations

from typing import Any

from flask import flash, make_response, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_required, logout_user

from damas.services.accounts import account_mail
from damas.services.errors import ServiceError
from damas.web.auth.forms import ForgotPasswordForm, ResetPasswordForm
from damas.web.auth.routes import bp
from damas.web.forms_util import show_service_error
from damas.web.guards.limits import throttle_reset_request, throttle_reset_set, throttle_verify_resend


def _private(body: Any) -> Any:
    """A page whose address holds a token: no Referer to the next site, nothing cached."""
    response = make_response(body)
    response.headers["Referrer-Policy"] = "no-referrer"
    response.headers["Cache-Control"] = "no-store"
    return response


def _link_problem(message: str, verify: bool = False) -> Any:
    return _private(render_template("auth/link_problem.html", message=message, verify=verify))


@bp.route("/senha/esqueci", methods=["GET", "POST"])
@throttle_reset_request
def forgot_password():  # type: ignore[no-untyped-def]
    form = ForgotPasswordForm()
    if form.validate_on_submit():
        account_mail.request_password_reset(form.email.data or "")
        return redirect(url_for("auth.reset_requested"))
    return render_template("auth/forgot.html", form=form)


@bp.get("/senha/esqueci/enviado")
def reset_requested():  # type: ignore[no-untyped-def]
    """The one answer to every request, whether an account has the address or not."""
    return render_template("auth/reset_requested.html")


@bp.route("/senha/nova/<token>", methods=["GET", "POST"])
@throttle_reset_set
def reset_password(token: str):  # type: ignore[no-untyped-def]
    try:
        user = account_mail.account_for_reset(token)
    except ServiceError as error:
        return _link_problem(error.message)
    form = ResetPasswordForm()
    if form.validate_on_submit():
        try:
            account_mail.reset_password(token, form.password.data or "")
        except ServiceError as error:
            if error.field is None:
                return _link_problem(error.message)
            show_service_error(form, error)
        else:
            logout_user()  # whoever was logged in here: the login page comes next
            flash(_("Senha alterada. Todas as sessões da conta foram encerradas; entre com a nova senha."), "success")
            return redirect(url_for("auth.login"))
    return _private(render_template("auth/reset.html", form=form, email=user.email))


@bp.get("/email/confirmar/<token>")
def verify_email(token: str):  # type: ignore[no-untyped-def]
    try:
        account_mail.verify_email(token)
    except ServiceError as error:
        return _link_problem(error.message, verify=True)
    flash(_("E-mail confirmado. Obrigado!"), "success")
    return redirect(url_for("registration.my_page") if current_user.is_authenticated else url_for("auth.login"))


@bp.post("/email/reenviar")
@throttle_verify_resend
@login_required
def resend_verification():  # type: ignore[no-untyped-def]
    if account_mail.send_verification(current_user._get_current_object()):
        flash(_("Enviamos um novo link de confirmação para %(address)s.", address=current_user.email), "success")
    else:
        flash(_("O seu e-mail já está confirmado."), "info")
    return redirect(url_for("registration.my_page"))
