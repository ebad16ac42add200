"""The table cards of a round as a PDF, for the arbiters to print before the round (the round's
pairings are theirs before it is published)."""
from __future__ import annotations

from flask import abort

from damas.extensions import db
from damas.formats import get_format
from damas.models import Event
from damas.reports.event_reports import round_context
from damas.reports.table_cards import table_cards_pdf
from damas.web.access import event_editor_required
from damas.web.serving.pdf_jobs import SHEETS, deliver_pdf
from damas.web.venue.blueprint import bp


@bp.get("/eventos/<int:event_id>/rodadas/<int:number>/mesas.pdf")
@event_editor_required
def table_cards(event_id: int, number: int):  # type: ignore[no-untyped-def]
    event = db.session.get(Event, event_id)
    rnd = get_format(event).find_round(event, number, drafts=True)
    if rnd is None:
        abort(404)
    return deliver_pdf(event.id, f"mesas-r{number}-{event.id}", lambda: table_cards_pdf(round_context(event, rnd)),
                       SHEETS)
