"""The treasurer's report as an A4 PDF (WeasyPrint, `reports.pdf.render_pdf`): the page's own
partial (templates/fees/_report.html) under a print header, from the same `FeeReport`."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from damas.presentation.numbers import money
from damas.reports.pdf import render_pdf
from damas.services.federation.settings import federation_name
from damas.services.fees.report import FeeReport


def report_context(report: FeeReport, subtitle: str) -> dict[str, Any]:
    """What the page and the PDF render: the report and the money formatting."""
    return {"report": report, "money": money, "subtitle": subtitle, "federation_name": federation_name(),
            "printed_at": datetime.now().strftime("%d/%m/%Y %H:%M")}


def report_pdf(report: FeeReport, subtitle: str) -> bytes:
    return render_pdf("fees/report_print.html", **report_context(report, subtitle))
