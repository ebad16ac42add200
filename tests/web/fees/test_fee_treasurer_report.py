"""The treasurer's report: the service's figures match those worked by hand (fee_report_helpers),
and the page, PDF, CSV and XLSX show the same totals, the appeal fees on their own lines; the
federation report filters events by period."""
from __future__ import annotations

import csv
import io
import re
import subprocess
from datetime import date
from decimal import Decimal

import pytest
from openpyxl import load_workbook

from damas.services.fees import schedule
from damas.services.fees.report import event_report, federation_report
from tests.web.fees.fee_report_helpers import HAND, HAND_CATEGORIES, HAND_DAYS, priced_event


@pytest.fixture
def priced(db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    world = priced_event(db, make_user, make_player, make_event)
    login_as(world["staff"])
    return world


def _pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def _brl(cents: int) -> str:
    return f"R$ {cents // 100},{cents % 100:02d}"


def test_service_figures_match_the_hand(priced):  # type: ignore[no-untyped-def]
    report = event_report(priced["event"])
    t = report.total
    assert (t.paid_cents, t.due_cents, t.waived_cents, t.refunded_cents, t.net_cents) == (
        HAND["paid"], HAND["due"], HAND["waived"], HAND["refunded"], HAND["net"])
    assert t.entrants == 6
    cats = {c.label: (c.entrants, c.paid_cents, c.due_cents, c.waived_cents, c.refunded_cents) for c in report.categories}
    assert cats == HAND_CATEGORIES
    days = {d.day: (d.paid_cents, d.refunded_cents, d.appeal_paid_cents, d.appeal_refunded_cents) for d in report.days}
    assert days == HAND_DAYS
    assert (report.appeals_paid_cents, report.appeals_refunded_cents, report.cash_cents) == (
        HAND["appeals_paid"], HAND["appeals_refunded"], HAND["cash"])


def _csv_rows(text: str) -> list[list[str]]:
    return list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))


def _totals_in_rows(rows: list[list]) -> list[list]:  # type: ignore[type-arg]
    return [r for r in rows if r and r[0] == "Total"]


def test_page_pdf_csv_xlsx_agree(priced, client):  # type: ignore[no-untyped-def]
    eid = priced["event"].id
    page = client.get(f"/eventos/{eid}/taxas/relatorio")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    expected = [_brl(HAND[k]) for k in ("paid", "due", "waived", "refunded", "net")]
    events_total = re.search(r'id="fee-events".*?<tfoot>(.*?)</tfoot>', html, re.S).group(1)
    assert re.findall(r"R\$ [\d.]+,\d\d", events_total) == expected
    assert _brl(HAND["cash"]) in re.search(r'id="fee-cash">(.*?)</p>', html, re.S).group(1)
    assert "Taxas de apelação" in html and "Aceita" in html

    pdf = client.get(f"/eventos/{eid}/taxas/relatorio.pdf")
    assert pdf.status_code == 200 and pdf.mimetype == "application/pdf"
    text = _pdf_text(pdf.data)
    total_lines = [line for line in text.splitlines() if line.strip().startswith("Total")]
    assert any(re.findall(r"R\$ [\d.]+,\d\d", line) == expected for line in total_lines), text
    assert f"{_brl(HAND['appeals_paid'])}" in text and _brl(HAND["cash"]) in text

    got = client.get(f"/eventos/{eid}/taxas/relatorio.csv")
    assert got.status_code == 200 and "text/csv" in got.content_type
    rows = _csv_rows(got.get_data(as_text=True))
    want = [str(Decimal(HAND[k]).scaleb(-2)) for k in ("paid", "due", "waived", "refunded", "net")]
    totals = _totals_in_rows(rows)
    assert totals[0][2:] == want and totals[1][2:] == want  # per event, per category
    assert totals[2][1:] == ["150.00", "50.00", "60.00", "30.00"]  # per day
    assert totals[3][4:] == ["60.00", "30.00"]  # appeals
    assert ["'=Edu" in r for r in rows if len(r) > 2 and "Edu" in r[2]] == [True]  # no formula

    book = load_workbook(io.BytesIO(client.get(f"/eventos/{eid}/taxas/relatorio.xlsx").data))
    sheet_rows = [[c for c in row] for row in book.active.iter_rows(values_only=True)]
    xtotals = [[v for v in r if v is not None] for r in sheet_rows if r and r[0] == "Total"]
    as_cents = [[round(Decimal(str(v)) * 100) for v in r[2:]] for r in xtotals[:2]]
    assert as_cents == [[HAND[k] for k in ("paid", "due", "waived", "refunded", "net")]] * 2
    edu = next(c for row in book.active.iter_rows() for c in row if c.value == "=Edu")
    assert edu.data_type == "s" and edu.quotePrefix


def test_federation_report_and_period(priced, client, make_event, make_user):  # type: ignore[no-untyped-def]
    other = make_event(name="Outro Ano", start_date=date(2025, 3, 1), end_date=date(2025, 3, 1))
    schedule.save_schedule(priced["staff"], other, {"member_cents": 1000}, {})
    everything = federation_report()
    assert [e.label for e in everything.events] == ["Outro Ano", "Campeonato das Taxas"]
    assert everything.total.paid_cents == HAND["paid"]
    page = client.get("/federacao/taxas/relatorio?start=2026-01-01&end=2026-12-31")
    html = page.get_data(as_text=True)
    assert page.status_code == 200 and "Campeonato das Taxas" in html and "Outro Ano" not in html
    assert "start=2026-01-01" in html  # the files keep the period
    rows = _csv_rows(client.get("/federacao/taxas/relatorio.csv?start=2026-01-01").get_data(as_text=True))
    assert any(r and r[0] == "Campeonato das Taxas" for r in rows)
    assert not any(r and r[0] == "Outro Ano" for r in rows)
    assert client.get("/federacao/taxas/relatorio.pdf").status_code == 200
    assert client.get("/federacao/taxas/relatorio.xlsx").status_code == 200
