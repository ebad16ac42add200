"""The event's wall screen settings (seconds per page, the standings' top N): staff or the
event's arbiters; each change audited (`damas.services.venue.screen`)."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models import Event
from damas.services.errors import ServiceError
from damas.services.venue.screen import (
    SECONDS_MAX,
    SECONDS_MIN,
    TOP_N_MAX,
    TOP_N_MIN,
    save_screen_settings,
    screen_settings,
)
from damas.views.summaries import event_summary
from damas.web.access import event_editor_required
from damas.web.forms_util import show_service_error
from damas.web.venue.blueprint import bp
from damas.web.venue.screen_forms import ScreenSettingsForm


@bp.route("/eventos/<int:event_id>/telao/configuracoes", methods=["GET", "POST"])
@event_editor_required
def screen_settings_page(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    current = screen_settings(event)
    form = ScreenSettingsForm()
    if request.method == "GET":
        form.screen_seconds.data, form.screen_top_n.data = current.seconds, current.top_n
    if form.validate_on_submit():
        try:
            save_screen_settings(current_user, event, form.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Configurações do telão gravadas."), "success")
            return redirect(url_for("venue.screen_settings_page", event_id=event_id))
    if request.method == "POST":
        flash(_("Corrija os campos indicados."), "error")
    return render_template("venue/screen_settings.html", event=event_summary(event), form=form,
                           bounds={"seconds": (SECONDS_MIN, SECONDS_MAX), "top_n": (TOP_N_MIN, TOP_N_MAX)})
