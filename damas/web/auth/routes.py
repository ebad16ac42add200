"""Log in, log out and change one's own password (Flask-Login).

The login id in the session and remember-me cookies carries the account's session version
(`User.get_id`): logging out, a password change and a deactivation raise it, so every older
cookie of the account stops working. The three routes are throttled (`damas.web.guards.limits`).
"""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, current_app, flash, redirect, render_template, request, session, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required, login_user, logout_user

from damas.extensions import login_manager
from damas.services.errors import ServiceError
from damas.services.accounts.users import authenticate, change_own_password, end_sessions, remember_locale
from damas.web.auth.forms import LoginForm, PasswordForm
from damas.web.guards import login_delay
from damas.web.forms_util import show_service_error
from damas.web.guards.limits import throttle_login, throttle_password

bp = Blueprint("auth", __name__, url_prefix="/conta")
login_manager.login_view = "auth.login"
login_manager.login_message = _l("Entre para acessar esta página.")
login_manager.login_message_category = "info"


def _safe_next(target: str | None) -> str:
    """A local path to go on to; anything else (another site, "//host", a control character
    such as a CR/LF that would split the Location header) goes to the home page."""
    if (target and target.startswith("/") and not target.startswith("//") and target.isprintable()
            and not urlsplit(target).netloc and "\\" not in target):
        return target
    return url_for("main.index")


def has_remember_cookie() -> bool:
    return bool(request.cookies.get(current_app.config.get("REMEMBER_COOKIE_NAME", "remember_token")))


@bp.route("/entrar", methods=["GET", "POST"])
@throttle_login
def login():  # type: ignore[no-untyped-def]
    if current_user.is_authenticated:
        return redirect(url_for("main.index"))
    form = LoginForm()
    if form.validate_on_submit():
        email = form.email.data or ""
        wait = login_delay.wait_left(email)
        if wait:
            flash(login_delay.wait_message(wait), "error")
            return render_template("auth/login.html", form=form), 429, {"Retry-After": str(wait)}
        user = authenticate(email, form.password.data or "")
        if user is None:
            flash(_("E-mail ou senha incorretos."), "error")
            wait = login_delay.failed(email)
            if wait:
                flash(login_delay.wait_message(wait), "error")
        else:
            login_delay.succeeded(email)
            login_user(user, remember=form.remember.data)
            if session.get("lang"):  # chosen before logging in: the account's mails follow it
                remember_locale(user, session["lang"])
            flash(_("Bem-vindo, %(name)s.", name=user.name), "success")
            return redirect(_safe_next(request.args.get("next")))
    return render_template("auth/login.html", form=form)


@bp.post("/sair")
@login_required
def logout():  # type: ignore[no-untyped-def]
    end_sessions(current_user)
    logout_user()  # also deletes the remember-me cookie in this browser
    flash(_("Você saiu."), "info")
    return redirect(url_for("main.index"))


@bp.route("/senha", methods=["GET", "POST"])
@throttle_password
@login_required
def change_password():  # type: ignore[no-untyped-def]
    """The user's own password; his other sessions end, this one goes on with the new version."""
    form = PasswordForm()
    if form.validate_on_submit():
        user = current_user._get_current_object()
        remember = has_remember_cookie()
        try:
            change_own_password(user, form.current.data or "", form.password.data or "")
        except ServiceError as error:
            show_service_error(form, error)
        else:
            login_user(user, remember=remember)
            flash(_("Senha alterada. As outras sessões da conta foram encerradas."), "success")
            return redirect(url_for("registration.my_page"))
    return render_template("auth/password.html", form=form)
