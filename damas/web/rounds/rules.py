"""Event rule routes on the rounds blueprint (`damas.web.rounds.blueprint.bp`): round robin
pairing numbers entered by hand, and the regulations page's part about the default time, C.04.2 #2 /
#7-8 / #10, restricted pairings, the reserve list and CBJD 117."""
from __future__ import annotations

from flask import abort, flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.extensions import db
from damas.formats import get_format
from damas.models import EntryStatus, Event
from damas.services.rounds import round_robin as rr_service
from damas.services.errors import ServiceError
from damas.formats.mapping import event_rounds, micro_settings
from damas.web.access import event_editor_required
from damas.web.rounds.forms import ManualNumbersForm
from damas.views.summaries import event_summary
from damas.web.rounds.blueprint import bp
from damas.engine.event_rules import CORRECTION_CASE_TEXT, round_minutes
from damas.services.events.lifecycle import play_hours_warnings
from damas.services.registration.limits import settings_of
from damas.engine.integers import parse_int


@bp.route("/rodadas/numeros", methods=["GET", "POST"])
@event_editor_required
def manual_numbers(event_id: int):  # type: ignore[no-untyped-def]
    """Round robin: the pairing numbers drawn at the technical meeting, entered by hand."""
    event = db.session.get(Event, event_id)
    if not get_format(event).round_robin:
        abort(404)
    entries = sorted((e for e in event.entries if e.status == EntryStatus.REGISTERED),
                     key=lambda e: (e.pairing_number or 10**6, e.player.full_name))
    form = ManualNumbersForm()
    values = {e.id: request.form.get(f"number-{e.id}", "").strip() for e in entries}
    error = ""
    if form.validate_on_submit():
        numbers: dict[int, int | None] = {}
        for e in entries:
            text = values[e.id]
            numbers[e.id] = parse_int(text)
            if text and numbers[e.id] is None:
                error = _("Número inválido para %(name)s: use só algarismos.", name=e.player.full_name)
        if not error:
            try:
                rounds = rr_service.generate_round_robin(current_user, event, "manual", bool(form.double.data),
                                                         numbers)
            except ServiceError as exc:
                db.session.rollback()
                error = exc.message
            else:
                flash(_("%(n)s rodadas geradas. Publique cada rodada para lançar os resultados.", n=len(rounds)),
                      "success")
                return redirect(url_for("rounds.list_rounds", event_id=event_id))
    elif request.method == "POST":
        error = _("Corrija os campos indicados.")
    return render_template("rounds/numbers.html", event=event_summary(event), form=form, error=error,
                           rows=[{"id": e.id, "name": e.player.full_name, "rating": e.rating_at_entry,
                                  "value": values[e.id]} for e in entries],
                           generated=bool(event_rounds(event)))


def _one_game_per_board(event: Event) -> bool:
    """A team event of one game per board (a FIDE team tournament imported from TRF-2026)."""
    settings = micro_settings(event) if get_format(event).team_based else None
    return bool(settings is not None and settings.team and settings.games_per_board == 1)


def event_rules_context(event: Event, lang: str) -> dict:
    """The event rules' part of the regulations page: the C.04.2 #8 cases, the numbering, CBJD 117."""
    i = 1 if lang == "en" else 0
    warnings = play_hours_warnings(event)
    return {
        "reserve_list": bool(settings_of(event).self_registration),
        "correction_cases": [CORRECTION_CASE_TEXT[c][i] + (" [ours]" if c.value == "late" else "")
                             for c in CORRECTION_CASE_TEXT],
        "numbering_method": event.numbering_method,
        "one_game_per_board": _one_game_per_board(event),
        "play_hours": {"length": round_minutes(event.time_minutes, event.time_increment or 0),
                       "warnings": warnings} if event.round_times else None,
    }
