"""The treasurer's report (`services.fees.report`) as CSV and XLSX: the page's sections one
after the other, a title row before each, amounts in reais as exact decimal numbers (a
spreadsheet sums them). Text cells that could start a formula are neutralised (`csv_safe`)."""
from __future__ import annotations

import io
from decimal import Decimal
from typing import Any

from flask_babel import gettext as _
from openpyxl import Workbook

from damas.exports.csv_safe import FORMULA_STARTS, safe_writer
from damas.services.fees.report import FeeReport, Totals


def reais(centavos: int) -> Decimal:
    """Centavos as an exact number of reais (5000 -> Decimal("50.00"))."""
    return Decimal(centavos).scaleb(-2)


def _totals_row(t: Totals) -> list[Any]:
    return [t.label, t.entrants, reais(t.paid_cents), reais(t.due_cents), reais(t.waived_cents),
            reais(t.refunded_cents), reais(t.net_cents)]


def report_rows(report: FeeReport) -> list[list[Any]]:
    """Every row of the report's file, sections in the page's order."""
    head = [_("Inscrições"), _("Pago"), _("A receber"), _("Isento"), _("Devolvido"), _("Líquido")]
    period = ""
    if report.start or report.end:
        period = f"{report.start.isoformat() if report.start else '…'} – {report.end.isoformat() if report.end else '…'}"
    rows: list[list[Any]] = [[_("Relatório de taxas"), report.title, period, report.today.isoformat()], []]
    rows += [[_("Por evento")], [_("Evento"), *head]]
    rows += [_totals_row(t) for t in report.events]
    rows += [_totals_row(report.total), []]
    rows += [[_("Por categoria")], [_("Categoria"), *head]]
    rows += [_totals_row(t) for t in report.categories]
    rows += [_totals_row(report.total), []]
    rows += [[_("Por dia")], [_("Data"), _("Inscrições pagas"), _("Inscrições devolvidas"), _("Apelações pagas"),
                              _("Apelações devolvidas")]]
    rows += [[d.day.isoformat(), reais(d.paid_cents), reais(d.refunded_cents), reais(d.appeal_paid_cents),
              reais(d.appeal_refunded_cents)] for d in report.days]
    rows += [[_("Total"), reais(report.total.paid_cents), reais(report.total.refunded_cents),
              reais(report.appeals_paid_cents), reais(report.appeals_refunded_cents)], []]
    rows += [[_("Taxas de apelação")], [_("Evento"), _("Data"), _("Apelante"), _("Decisão"), _("Pago"), _("Devolvido")]]
    rows += [[a.event_name, a.filed_on.isoformat(), a.appellant, a.decision, reais(a.paid_cents),
              reais(a.refunded_cents)] for a in report.appeals]
    rows += [[_("Total"), "", "", "", reais(report.appeals_paid_cents), reais(report.appeals_refunded_cents)], []]
    rows += [[_("Saldo (inscrições e apelações)"), reais(report.cash_cents)]]
    return rows


def report_csv(report: FeeReport) -> str:
    out = io.StringIO()
    safe_writer(out, lineterminator="\n").writerows(report_rows(report))
    return out.getvalue()


def report_xlsx(report: FeeReport) -> bytes:
    """One sheet; text that could start a formula is written as text (quote prefix); amounts
    are numbers with two decimals."""
    book = Workbook()
    sheet = book.active
    sheet.title = _("Taxas")
    for values in report_rows(report):
        sheet.append(values)
        for cell in sheet[sheet.max_row]:
            if isinstance(cell.value, str) and cell.value.startswith(FORMULA_STARTS):
                cell.quotePrefix = True
                cell.data_type = "s"
            elif isinstance(cell.value, Decimal):
                cell.number_format = "#,##0.00"
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()
