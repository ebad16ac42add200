"""The federation's settings page (staff) and its logo (public)."""
from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.services.federation import settings as federation_service
from damas.services.errors import ServiceError
from damas.services.mail.outbox import outbox_in_use
from damas.web.access import staff_required
from damas.web.forms_util import choices, pairing_system_choices, pairing_system_names, show_service_error
from damas.services.ratings import parameters as rating_parameters_service
from damas.web.federation.forms import FederationForm, RatingParametersForm

bp = Blueprint("federation", __name__, url_prefix="/federacao")




@bp.route("/", methods=["GET", "POST"])
@staff_required
def settings():  # type: ignore[no-untyped-def]
    view = federation_service.current()
    form = FederationForm(data={name: getattr(view, name) for name in federation_service.SETTINGS_FIELDS})
    usual = pairing_system_names().get(federation_service.most_used_pairing_system(), "")
    form.default_pairing_system.choices = choices(
        [("", _("O mais usado nos eventos da federação (hoje: %(system)s)", system=usual))]) + pairing_system_choices()
    if form.validate_on_submit():
        upload = form.logo.data
        data = upload.read() if upload and getattr(upload, "filename", "") else None
        try:
            federation_service.save_settings(current_user, form.data, data, bool(form.remove_logo.data))
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Dados da federação salvos."), "success")
            return redirect(url_for("federation.settings"))
    limits = {"size_kb": federation_service.LOGO_MAX_BYTES // 1024, "side": federation_service.LOGO_MAX_SIDE}
    return render_template("federation/settings.html", form=form, federation=view, limits=limits,
                           outbox=outbox_in_use())


@bp.route("/rating", methods=["GET", "POST"])
@staff_required
def rating_parameters():  # type: ignore[no-untyped-def]
    """The federation list's Elo parameters, audited."""
    params = rating_parameters_service.rating_parameters()
    form = RatingParametersForm(data=params.as_dict())
    if form.validate_on_submit():
        try:
            rating_parameters_service.save_rating_parameters(current_user, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Parâmetros de rating salvos."), "success")
            return redirect(url_for("federation.rating_parameters"))
    return render_template("federation/rating.html", form=form)


@bp.get("/logo")
def logo():  # type: ignore[no-untyped-def]
    """The logo, revalidated by its version (the pages name it with ``?v=<version>``)."""
    stored = federation_service.logo()
    if stored is None:  # no logo yet: the application's mark
        return redirect(url_for("static", filename="favicon.svg"))
    data, mime = stored
    response = Response(data, mimetype=mime)
    response.set_etag(f"logo-{federation_service.current().version}")
    response.headers["Cache-Control"] = "no-cache"
    return response.make_conditional(request)


def logo_url() -> str:
    view = federation_service.current()
    return url_for("federation.logo", v=view.version) if view.has_logo else ""


def register(app) -> None:  # type: ignore[no-untyped-def]
    """The blueprint and `federation` / `federation_logo_url` in every template."""
    app.register_blueprint(bp)

    @app.context_processor
    def _federation() -> dict:
        return {"federation": federation_service.current(), "federation_logo_url": logo_url}

