"""A many-page standings PDF keeps its header, page numbers and every player. Its speed for
1,000 players is measured by `benchmarks/reports.py` (run on demand), not asserted here."""
from __future__ import annotations

import importlib.util
from pathlib import Path

from tests.web.test_reports_pdf import pages, pdf_text

BENCH = Path(__file__).resolve().parents[2] / "benchmarks" / "reports.py"


def test_standings_pdf_of_a_large_event(app, client, db):  # type: ignore[no-untyped-def]
    spec = importlib.util.spec_from_file_location("bench_reports", BENCH)
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)  # type: ignore[union-attr]
    event = bench.build(db, 200, 7, 1)
    response = client.get(f"/eventos/{event.id}/relatorios/classificacao.pdf")
    assert response.status_code == 200
    text = pdf_text(response.data)
    n = len(pages(text))
    assert n > 3 and f"página {n} de {n}" in text
    assert "Jogador Conceição 0200" in text and "Após a rodada 7" in text
