"""The federation's settings page (staff) and its logo (public), issue 17 point 4."""
from __future__ import annotations

from flask import Blueprint, Response, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_babel import lazy_gettext as _l
from flask_login import current_user
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, EmailField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional

from damas.services import federation as federation_service
from damas.services.errors import ServiceError
from damas.web.access import staff_required
from damas.web.forms_util import choices, show_service_error

bp = Blueprint("federation", __name__, url_prefix="/federacao")


class FederationForm(FlaskForm):
    name = StringField(_l("Nome da federação"), validators=[DataRequired(_l("Campo obrigatório.")), Length(max=160)])
    short_name = StringField(_l("Sigla"), validators=[Optional(), Length(max=40)])
    address = TextAreaField(_l("Endereço"), validators=[Optional(), Length(max=1000)])
    email = EmailField(_l("E-mail"), validators=[Optional(), Length(max=120)])
    phone = StringField(_l("Telefone"), validators=[Optional(), Length(max=40)])
    website = StringField(_l("Site"), validators=[Optional(), Length(max=200)])
    default_ruleset = SelectField(
        _l("Regulamento padrão dos novos eventos"),
        choices=choices([("", _l("Nenhum (o formulário começa no primeiro)")), ("cbjd", _l("CBJD")),
                         ("fide", _l("FIDE")), ("club", _l("Clube / online"))]),
        validators=[Optional()])
    logo = FileField(_l("Logotipo (PNG ou JPEG)"))
    remove_logo = BooleanField(_l("Remover o logotipo"))


@bp.route("/", methods=["GET", "POST"])
@staff_required
def settings():  # type: ignore[no-untyped-def]
    view = federation_service.current()
    form = FederationForm(data={name: getattr(view, name) for name in federation_service.SETTINGS_FIELDS})
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
    return render_template("federation/settings.html", form=form, federation=view, limits=limits)


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

