"""The arbiter's check-in pages: the list of who is present and who is missing (keyboard only: a
starting number + Enter ticks the player, a name filters the list), leaving the missing out of
the round with one confirmation, the event's check-in setting and the QR code sheet for the
hall."""
from __future__ import annotations

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models import Entry, EntryStatus, Event
from damas.presentation.qr import qr_svg
from damas.presentation.site_url import absolute_url
from damas.services.errors import ServiceError
from damas.services.venue import checkin as checkin_service
from damas.services.venue.checkin_settings import checkin_mode, next_round_number, open_round, save_checkin_mode
from damas.services.venue.checkin_token import round_token
from damas.views.summaries import event_summary
from damas.web.access import event_editor_required
from damas.web.forms_util import show_service_error
from damas.web.venue.blueprint import bp
from damas.web.venue.checkin_forms import CheckinRowForm, CheckinSearchForm, CheckinSettingsForm


def _by_number(event: Event, text: str) -> Entry | None:
    number = int(text)
    return next((e for e in event.entries if e.pairing_number == number and e.status == EntryStatus.REGISTERED),
                None)


def _tick_by_number(event: Event, text: str) -> None:
    entry = _by_number(event, text)
    if entry is None:
        flash(_("Nenhum inscrito com o nº %(n)s.", n=text), "error")
        return
    try:
        done = checkin_service.tick(current_user, event, entry)
    except ServiceError as error:
        flash(error.message, "error")
        return
    name = f"{entry.pairing_number}. {entry.player.full_name}"
    flash(_("%(name)s: presente.", name=name) if done else _("%(name)s já estava presente.", name=name),
          "success" if done else "info")


def _row_action(event: Event, form: CheckinRowForm) -> None:
    entry = db.session.get(Entry, form.entry_id.data)
    try:
        if form.action.data == "untick":
            checkin_service.untick(current_user, event, entry)
            flash(_("%(name)s: presença retirada.", name=entry.player.full_name), "success")  # type: ignore[union-attr]
        else:
            checkin_service.tick(current_user, event, entry)
            flash(_("%(name)s: presente.", name=entry.player.full_name), "success")  # type: ignore[union-attr]
    except ServiceError as error:
        flash(error.message, "error")


@bp.route("/eventos/<int:event_id>/presenca", methods=["GET", "POST"])
@event_editor_required
def checkin_page(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    query = request.args.get("q", "")[:80]
    if request.method == "POST":
        search, row = CheckinSearchForm(), CheckinRowForm()
        text = (search.q.data or "").strip() if "q" in request.form else ""
        if "entry_id" in request.form and row.validate():
            _row_action(event, row)
        elif text.isascii() and text.isdigit() and len(text) < 7 and search.validate():
            _tick_by_number(event, text)
        elif text and search.validate():
            return redirect(url_for("venue.checkin_page", event_id=event_id, q=text))
        return redirect(url_for("venue.checkin_page", event_id=event_id))
    number = open_round(event)
    rows = checkin_service.roster(event, number) if number else []
    shown = checkin_service.find_entries(event, number, query) if number and query else rows
    counts = {state: sum(1 for r in rows if r["state"] == state) for state in ("present", "missing", "out", "bye")}
    return render_template("venue/checkin.html", event=event_summary(event), number=number, rows=shown,
                           counts=counts, query=query, search=CheckinSearchForm(formdata=None, q=query),
                           row_form=CheckinRowForm(formdata=None), mode=checkin_mode(event),
                           next_round=next_round_number(event))


@bp.post("/eventos/<int:event_id>/presenca/ausentes")
@event_editor_required
def checkin_missing(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    number = open_round(event)
    try:
        names = checkin_service.mark_missing_not_paired(current_user, event)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Fora da rodada %(n)s (não emparceirados, 0 ponto): %(names)s.", n=number, names=", ".join(names)),
              "success")
    return redirect(url_for("venue.checkin_page", event_id=event_id))


@bp.route("/eventos/<int:event_id>/presenca/regras", methods=["GET", "POST"])
@event_editor_required
def checkin_settings(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = CheckinSettingsForm()
    if not form.is_submitted():
        form.mode.data = checkin_mode(event)
    if form.validate_on_submit():
        try:
            save_checkin_mode(current_user, event, form.mode.data or "")
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Regras de presença gravadas."), "success")
            return redirect(url_for("venue.checkin_settings", event_id=event_id))
    return render_template("venue/checkin_settings.html", event=event_summary(event), form=form)


@bp.get("/eventos/<int:event_id>/presenca/qr")
@event_editor_required
def checkin_sheet(event_id: int):  # type: ignore[no-untyped-def]
    """The sheet for the hall: the QR code of the open round's check-in, big, to print."""
    event = db.session.get(Event, event_id)
    number = open_round(event)
    url = absolute_url("venue.player_checkin", event_id=event.id, token=round_token(event.id, number)) if number else ""
    return render_template("venue/checkin_sheet.html", event=event_summary(event), number=number, url=url,
                           qr=qr_svg(url, _("QR code de presença da rodada %(n)s", n=number)) if number else "")
