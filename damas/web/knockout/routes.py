"""Knockout pages: the bracket (public, SVG, printable, PDF); settings, start and results (editors).

Thin routes: form -> one service call in damas.services.rounds.knockout -> redirect with a message.
"""
from __future__ import annotations

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.models import Event, EventStatus
from damas.reports.bracket import bracket_context, bracket_pdf
from damas.services.rounds import knockout as ko
from damas.services.errors import ServiceError
from damas.web.access import event_editor_required, visible_event
from damas.web.serving.pdf_jobs import deliver_pdf
from damas.web.forms_util import show_service_error
from damas.web.knockout.forms import CorrectionForm, KnockoutSettingsForm, TieGameForm

bp = Blueprint("knockout", __name__, url_prefix="/eventos/<int:event_id>/eliminatoria")



def _bracket_url(event_id: int) -> str:
    return url_for("knockout.bracket", event_id=event_id)


@bp.get("")
def bracket(event_id: int):  # type: ignore[no-untyped-def]
    event, editable = visible_event(event_id)
    context = bracket_context(event)
    entering = editable and event.status == EventStatus.RUNNING
    return render_template(  # forms (a CSRF token in the session) only for the arbiter: visitors' pages are cached
        "knockout/bracket.html", editable=editable, entering=entering,
        game_form=TieGameForm() if entering else None, correction_form=CorrectionForm() if entering else None, **context,
    )


@bp.get("/chave.pdf")
def bracket_report(event_id: int):  # type: ignore[no-untyped-def]
    event, _editable = visible_event(event_id)
    if not ko.is_knockout(event):
        flash(_("Este evento não é eliminatório."), "error")
        return redirect(url_for("events.view_event", event_id=event_id))
    return deliver_pdf(event.id, f"chave-{event.id}", lambda: bracket_pdf(event))


@bp.route("/configurar", methods=["GET", "POST"])
@event_editor_required
def settings(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    if not ko.is_knockout(event):
        flash(_("Este evento não é eliminatório."), "error")
        return redirect(url_for("events.view_event", event_id=event_id))
    setup = ko.get_setup(event)
    current = ko.engine_settings(setup, event)
    form = KnockoutSettingsForm(data={"games": current.games, "drawn": current.drawn,
                                      "rapid_games": current.rapid_games, "places": current.places})
    if form.validate_on_submit():
        try:
            ko.save_settings(current_user, event, form.games.data, form.drawn.data, form.rapid_games.data,
                             form.places.data)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Regras da eliminatória gravadas."), "success")
            return redirect(_bracket_url(event_id))
    context = bracket_context(event)
    return render_template("knockout/settings.html", form=form, **context)


@bp.post("/iniciar")
@event_editor_required
def start(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    try:
        bracket = ko.start_knockout(current_user, event)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Eliminatória iniciada: %(n)s jogadores, %(byes)s isento(s) na 1ª rodada.",
                n=len(bracket.seeds), byes=bracket.size - len(bracket.seeds)), "success")
    return redirect(_bracket_url(event_id))


@bp.post("/partida")
@event_editor_required
def record_game(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = TieGameForm()
    if not form.validate_on_submit():
        flash(_("Resultado inválido: escolha o resultado da partida."), "error")
        return redirect(_bracket_url(event_id))
    try:
        ko.record_tie_game(current_user, event, (form.round.data, form.tie.data), form.expected.data,
                           form.result.data, form.white_minutes.data, form.black_minutes.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Partida gravada."), "success")
    return redirect(_bracket_url(event_id) + f"#confronto-{form.round.data}-{form.tie.data}")


@bp.post("/correcao")
@event_editor_required
def correct_game(event_id: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    form = CorrectionForm()
    if not form.validate_on_submit():
        flash(_("Correção inválida: escolha o novo resultado."), "error")
        return redirect(_bracket_url(event_id))
    try:
        ko.correct_game(current_user, event, form.game_id.data, form.game_version.data,
                        form.result.data, form.white_minutes.data, form.black_minutes.data)
    except ServiceError as error:
        flash(error.message, "error")
    else:
        flash(_("Partida apagada.") if form.result.data == ko.DELETE else _("Partida corrigida."), "success")
    return redirect(_bracket_url(event_id))
