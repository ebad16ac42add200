"""The treasurer's report (staff), per event and for the federation (optionally for the events
starting in a period): page, PDF, CSV and XLSX, all from one `services.fees.report` computation."""
from __future__ import annotations

from typing import Callable

from flask import Response, abort, render_template, request, url_for
from flask_babel import gettext as _

from damas.exports.fees_report import report_csv, report_xlsx
from damas.extensions import db
from damas.models import Event
from damas.reports.fees_report import report_context, report_pdf
from damas.services.fees.report import FeeReport, event_report, federation_report
from damas.views.summaries import event_summary
from damas.web.access import staff_required
from damas.web.downloads import attachment
from damas.web.fees.blueprint import bp
from damas.web.fees.forms import PeriodForm

KINDS = ("pdf", "csv", "xlsx")
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def _event(event_id: int) -> Event:
    return db.session.get(Event, event_id) or abort(404)


def _period() -> tuple[PeriodForm, FeeReport]:
    form = PeriodForm(request.args)
    start, end = form.bounds() if form.validate() else (None, None)
    return form, federation_report(start, end)


def _files(report: FeeReport, name: str, kind: str, subtitle: str) -> Response:
    if kind == "pdf":
        return Response(report_pdf(report, subtitle), mimetype="application/pdf",
                        headers={"Content-Disposition": f'inline; filename="{name}.pdf"'})
    if kind == "csv":
        return attachment("\ufeff" + report_csv(report), "text/csv", f"{name}.csv")
    return attachment(report_xlsx(report), XLSX, f"{name}.xlsx")


@bp.get("/eventos/<int:event_id>/taxas/relatorio")
@staff_required
def event_report_page(event_id: int):  # type: ignore[no-untyped-def]
    event = _event(event_id)
    report = event_report(event)
    return render_template("fees/report.html", event=event_summary(event), period_form=None,
                           files=_links(lambda kind: url_for(f"fees.event_report_{kind}", event_id=event_id)),
                           **report_context(report, event.name))


def _event_file(kind: str) -> Callable[..., Response]:
    def view(event_id: int) -> Response:
        event = _event(event_id)
        return _files(event_report(event), f"taxas-{event.id}", kind, event.name)
    view.__name__ = f"event_report_{kind}"
    return staff_required(view)


def _federation_file(kind: str) -> Callable[..., Response]:
    def view() -> Response:
        _form, report = _period()
        return _files(report, "taxas-federacao", kind, _("Todos os eventos"))
    view.__name__ = f"federation_report_{kind}"
    return staff_required(view)


@bp.get("/federacao/taxas/relatorio")
@staff_required
def federation_report_page():  # type: ignore[no-untyped-def]
    form, report = _period()
    query = {k: v for k, v in (("start", request.args.get("start")), ("end", request.args.get("end"))) if v}
    return render_template("fees/report.html", event=None, period_form=form,
                           files=_links(lambda kind: url_for(f"fees.federation_report_{kind}", **query)),
                           **report_context(report, _("Todos os eventos")))


for _kind in KINDS:
    bp.add_url_rule(f"/eventos/<int:event_id>/taxas/relatorio.{_kind}", f"event_report_{_kind}", _event_file(_kind))
    bp.add_url_rule(f"/federacao/taxas/relatorio.{_kind}", f"federation_report_{_kind}", _federation_file(_kind))


def _links(url: Callable[[str], str]) -> dict[str, str]:
    return {kind: url(kind) for kind in KINDS}
