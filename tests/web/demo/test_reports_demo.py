"""The demo's finished round robin has categories, prizes and PDFs to look at."""
from __future__ import annotations

from damas.cli import damas_cli
from damas.models import Event, EventPrize, EventStatus
from tests.web.reports.test_reports_pdf import pdf_text


def test_demo_has_prizes_and_reports(app, client, db):  # type: ignore[no-untyped-def]
    result = app.test_cli_runner().invoke(damas_cli, ["demo"])
    assert result.exit_code == 0, result.output
    event = db.session.query(Event).filter(Event.name.like("Torneio Relâmpago%")).one()
    assert db.session.query(EventPrize).filter_by(event_id=event.id).count() > 10
    page = client.get(f"/eventos/{event.id}/premios").get_data(as_text=True)
    assert "Veteranos (50+)" in page and "R$ 500,00" in page
    for path in ("classificacao", "categorias", "tabela", "premiacao", "folheto"):
        response = client.get(f"/eventos/{event.id}/relatorios/{path}.pdf")
        assert response.status_code == 200, path
        assert event.name in pdf_text(response.data)
    for e in db.session.query(Event):
        assert client.get(f"/eventos/{e.id}/relatorios").status_code == 200
        assert client.get(f"/eventos/{e.id}/premios").status_code == 200
        assert client.get(f"/eventos/{e.id}/categorias").status_code == 200
