"""A many-page standings PDF keeps its header, page numbers and every player. Its speed for
1,000 players is measured by `benchmarks/reports.py` (run on demand), not asserted here."""
from __future__ import annotations

from tests.web.reports.report_events import build_report_event, player_name
from tests.web.reports.test_reports_pdf import pages, pdf_text


def test_standings_pdf_of_a_large_event(app, client, db):  # type: ignore[no-untyped-def]
    event = build_report_event(db, 200, 7)
    response = client.get(f"/eventos/{event.id}/relatorios/classificacao.pdf")
    assert response.status_code == 200
    text = " ".join(pdf_text(response.data).split())
    n = len(pages(pdf_text(response.data)))
    assert n > 3 and f"página {n} de {n}" in text
    assert player_name(200) in text and "Após a rodada 7" in text
