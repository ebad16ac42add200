"""A championship's invitation (brochure) as an A4 PDF (WeasyPrint, `reports.pdf.render_pdf`):
its facts, its sections, one schedule of all their rounds and its regulations text, from the
page's own data (`views.championship_page.page_context`). Each section's own brochure stays
on its event's reports page."""
from __future__ import annotations

from typing import Any

from damas.reports.pdf import render_pdf
from damas.services.federation import settings as federation_service


def brochure_pdf(context: dict[str, Any]) -> bytes:
    """`context`: `page_context` plus `federation_name` and `printed_at`."""
    return render_pdf("championships/brochure_print.html", federation=federation_service.current(), **context)
