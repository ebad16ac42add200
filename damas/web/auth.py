"""Log in and log out (Flask-Login)."""
from __future__ import annotations

from urllib.parse import urlsplit

from flask import Blueprint, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user, login_required, login_user, logout_user

from damas.extensions import login_manager
from damas.services.users import authenticate
from damas.web.forms import LoginForm

bp = Blueprint("auth", __name__, url_prefix="/conta")
login_manager.login_view = "auth.login"
login_manager.login_message = _l("Entre para acessar esta página.")
login_manager.login_message_category = "info"


def _safe_next(target: str | None) -> str:
    if target and not urlsplit(target).netloc and target.startswith("/"):
        return target
    return url_for("main.index")


@bp.route("/entrar", methods=["GET", "POST"])
def login():  # type: ignore[no-untyped-def]
    if current_user.is_authenticated:
        return redirect(url_for("main.index"))
    form = LoginForm()
    if form.validate_on_submit():
        user = authenticate(form.email.data or "", form.password.data or "")
        if user is None:
            flash(_("E-mail ou senha incorretos."), "error")
        else:
            login_user(user, remember=form.remember.data)
            flash(_("Bem-vindo, %(name)s.", name=user.name), "success")
            return redirect(_safe_next(request.args.get("next")))
    return render_template("auth/login.html", form=form)


@bp.post("/sair")
@login_required
def logout():  # type: ignore[no-untyped-def]
    logout_user()
    flash(_("Você saiu."), "info")
    return redirect(url_for("main.index"))
