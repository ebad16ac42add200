"""The federation's national titles: the staff page under the federation settings (list, add,
edit, remove; audited by `services.titles`) and the public page of the titles and what each
asks, marked as the federation's own rules."""
from __future__ import annotations

from flask import Blueprint, abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.engine.norms.fmjd import ANNEX_10_URL
from damas.extensions import db
from damas.models import NationalTitleRow
from damas.services.errors import ServiceError
from damas.services.players.titles import NATIONAL_FIELDS, delete_national_title, national_titles, save_national_title
from damas.web.access import staff_required
from damas.web.forms_util import show_service_error
from damas.web.titles.forms import NationalTitleForm

bp = Blueprint("titles", __name__)


def _rows() -> list[dict[str, object]]:
    return [{name: getattr(row, name) for name in ("id", *NATIONAL_FIELDS)} for row in national_titles()]


@bp.get("/titulos")
def national_titles_page():  # type: ignore[no-untyped-def]
    """Public: the federation's titles and their requirements."""
    return render_template("titles/public.html", titles=_rows(), annex_url=ANNEX_10_URL)


@bp.route("/federacao/titulos", methods=["GET", "POST"])
@staff_required
def settings():  # type: ignore[no-untyped-def]
    """Staff: the list and the form of a new title."""
    form = NationalTitleForm()
    if form.validate_on_submit():
        try:
            save_national_title(current_user, form.data)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Título nacional salvo."), "success")
            return redirect(url_for("titles.settings"))
    return render_template("titles/settings.html", form=form, titles=_rows(), editing=None)


@bp.route("/federacao/titulos/<int:title_id>/editar", methods=["GET", "POST"])
@staff_required
def edit_title(title_id: int):  # type: ignore[no-untyped-def]
    row = db.session.get(NationalTitleRow, title_id) or abort(404)
    form = NationalTitleForm(obj=row)
    if form.validate_on_submit():
        try:
            save_national_title(current_user, form.data, row)
        except ServiceError as error:
            db.session.rollback()
            show_service_error(form, error)
        else:
            flash(_("Título nacional salvo."), "success")
            return redirect(url_for("titles.settings"))
    return render_template("titles/settings.html", form=form, titles=_rows(), editing=row.id)


@bp.post("/federacao/titulos/<int:title_id>/remover")
@staff_required
def remove_title(title_id: int):  # type: ignore[no-untyped-def]
    row = db.session.get(NationalTitleRow, title_id) or abort(404)
    try:
        delete_national_title(current_user, row)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Título nacional removido."), "success")
    return redirect(url_for("titles.settings"))
