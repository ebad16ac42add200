"""Start list report (the starting order with pairing numbers, ratings and clubs)."""
from __future__ import annotations

from datetime import datetime

from damas.services.federation.settings import federation_name

from damas.models import Event
from flask_babel import gettext as _

from damas.views.summaries import event_summary, start_list
from damas.reports.sheets import sheet_pdf


def start_list_context(event: Event) -> dict:
    return {
        "federation_name": federation_name(),
        "event": event_summary(event),
        "rows": start_list(event),
        "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M"),
    }


def start_list_pdf(event: Event) -> bytes:
    """The start list as its sheet (the report "Lista inicial" of the reports page)."""
    return sheet_pdf("reports/_start_list.html", _("Lista inicial"), start_list_context(event)) or b""
