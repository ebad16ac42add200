"""User accounts: staff list, create and edit them."""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_user
from sqlalchemy import select

from damas.extensions import db
from damas.models import Player, User
from damas.services.errors import ServiceError
from damas.services.accounts.users import create_user, update_user
from damas.web import audit_log as audit_log_data
from damas.web.desk.audit import audit_row, audit_rows_named
from damas.web.access import staff_required
from damas.web.users.forms import UserForm
from damas.web.forms_util import choices, show_service_error
from damas.views.summaries import user_summary
from damas.web.auth.routes import has_remember_cookie
from damas.web.desk.report import audit_csv_response
from damas.engine.integers import parse_int

bp = Blueprint("users", __name__, url_prefix="/usuarios")


def _player_choices() -> list:
    players = db.session.scalars(select(Player).order_by(Player.full_name)).all()
    return choices([(None, "—")] + [(p.id, p.full_name) for p in players])


@bp.get("/")
@staff_required
def list_users():  # type: ignore[no-untyped-def]
    users = db.session.scalars(select(User).order_by(User.role, User.name)).all()
    return render_template("users/list.html", users=[user_summary(u) for u in users])


@bp.route("/novo", methods=["GET", "POST"])
@staff_required
def new_user():  # type: ignore[no-untyped-def]
    form = UserForm()
    form.player_id.choices = _player_choices()
    if form.validate_on_submit():
        try:
            create_user(current_user, form.data, welcome=True)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Usuário criado."), "success")
            return redirect(url_for("users.list_users"))
    return render_template("users/form.html", form=form, title=_("Novo usuário"))


@bp.route("/<int:user_id>/editar", methods=["GET", "POST"])
@staff_required
def edit_user(user_id: int):  # type: ignore[no-untyped-def]
    user = db.session.get(User, user_id) or abort(404)
    form = UserForm(obj=user, role=user.role.value)
    form.player_id.choices = _player_choices()
    if form.validate_on_submit():

        version = user.session_version
        try:
            update_user(current_user, user, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            if user.id == current_user.id and user.session_version != version:
                login_user(user, remember=has_remember_cookie())  # staff changed his own password: stay in
            flash(_("Usuário atualizado."), "success")
            return redirect(url_for("users.list_users"))
    return render_template("users/form.html", form=form, title=_("Editar usuário"), user=user)


@bp.get("/auditoria")
@staff_required
def audit_log():  # type: ignore[no-untyped-def]
    """Every change in the federation, newest first: filters (who, what, object, event, dates), pages."""
    filters = audit_log_data.global_filters()
    page = request.args.get("page", "1")
    rows, page_number, pages = audit_log_data.page_of(filters, parse_int(page, minimum=1) or 1)
    return render_template("users/audit.html", entries=audit_rows_named(list(rows)), filters=filters,
                           options=audit_log_data.filter_options(), page=page_number, pages=pages,
                           args=audit_log_data.query_args(filters))


@bp.get("/auditoria.csv")
@staff_required
def audit_csv():  # type: ignore[no-untyped-def]
    """The filtered log as CSV (all pages), through the event trail's writer."""
    rows = db.session.scalars(audit_log_data.filtered(audit_log_data.global_filters())).all()
    return audit_csv_response((audit_row(r) for r in rows), "auditoria.csv", with_event=True)
