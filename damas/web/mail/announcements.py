"""Staff write an announcement to an event's entrants: the page says how many will get it; the
service checks the text, records it and sends the mails after its commit."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models import Event
from damas.services.errors import ServiceError
from damas.services.mail.announcements import SUBJECT_MAX, TEXT_MAX, entrant_accounts, recipients, send_announcement
from damas.web.access import staff_required
from damas.web.forms_util import show_service_error
from damas.web.mail.forms import AnnouncementForm
from damas.web.mail.routes import bp


@bp.route("/eventos/<int:event_id>/aviso", methods=["GET", "POST"])
@staff_required
def announcement(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id) or abort(404)
    form = AnnouncementForm()
    if form.validate_on_submit():
        try:
            sent = send_announcement(current_user, event, form.subject.data or "", form.text.data or "")
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Aviso enviado a %(n)s inscritos com e-mail confirmado.", n=sent), "success")
            return redirect(url_for("events.view_event", event_id=event.id))
    return render_template("mail_prefs/announcement.html", form=form, event=event, count=len(recipients(event)),
                           accounts=len(entrant_accounts(event)), subject_max=SUBJECT_MAX, text_max=TEXT_MAX)
