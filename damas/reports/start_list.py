"""Start list report (the starting order with pairing numbers, ratings and clubs)."""
from __future__ import annotations

from datetime import datetime

from damas.services.federation import federation_name

from damas.models import Event
from damas.reports.pdf import render_pdf
from damas.presentation.summaries import event_summary, start_list


def start_list_context(event: Event) -> dict:
    return {
        "federation_name": federation_name(),
        "event": event_summary(event),
        "rows": start_list(event),
        "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M"),
    }


def start_list_pdf(event: Event) -> bytes:
    return render_pdf("reports/start_list.html", **start_list_context(event))
