"""Every report as a web page and as its PDF (read back with pdftotext)."""
from __future__ import annotations

import re
import subprocess

import pytest

from tests.web.awards.test_awards_helpers import finished_round_robin
from tests.web.awards.test_awards_prizes import _add_prizes

FEDERATION = "Federação de Damas do Estado (demo)"
EVENT = "Torneio Relâmpago de São João"


def pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return subprocess.run(["pdftotext", "-layout", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def pages(text: str) -> list[str]:
    return [p for p in text.split("\f") if p.strip()]


def line_of(text: str, name: str) -> str:
    return next(line for line in text.splitlines() if name in line)


@pytest.fixture
def event(db, make_user, make_player, client, login_as):  # type: ignore[no-untyped-def]
    event, _staff, arbiter = finished_round_robin(db, make_user, make_player)
    login_as(arbiter)
    _add_prizes(client, event.id)
    return event


def _get_pdf(client, url: str) -> str:  # type: ignore[no-untyped-def]
    response = client.get(url)
    assert response.status_code == 200, url
    assert response.mimetype == "application/pdf"
    text = pdf_text(response.data)
    n = len(pages(text))
    for i, page in enumerate(pages(text), start=1):
        assert FEDERATION in page and EVENT in page, f"header missing on page {i} of {url}"
        assert f"página {i} de {n}" in page
    return text


REPORTS = ["lista-inicial", "classificacao", "categorias", "tabela", "premiacao", "folheto", "arbitro",
           "emparceiramento/1", "resultados/1"]


def test_every_report_page_and_pdf(client, event):  # type: ignore[no-untyped-def]
    index = client.get(f"/eventos/{event.id}/relatorios").get_data(as_text=True)
    for path in REPORTS:
        assert f"/relatorios/{path}" in index
        page = client.get(f"/eventos/{event.id}/relatorios/{path}")
        assert page.status_code == 200, path
        text = _get_pdf(client, f"/eventos/{event.id}/relatorios/{path}.pdf")
        if path not in ("folheto", "arbitro"):  # about the event, not its players
            assert "Ana Júlia Araújo" in page.get_data(as_text=True), path
            assert "Ana Júlia Araújo" in text, path


def test_standings_pdf_has_the_tiebreak_values(client, event):  # type: ignore[no-untyped-def]
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/classificacao.pdf")
    assert "Após a rodada 5" in text
    header = line_of(text, "PS-CORR")
    for code in ("PS", "PS-CORR", "BH-C1", "BH", "BH-M1"):
        assert code in header
    # João won every round: running 2 4 6 8 10 -> PS 30; opponents scored 8+6+4+2+0 = 20 -> BH 20
    joao = line_of(text, "João Conceição").split()
    assert joao[0] == "1" and "10" in joao and "30" in joao and "20" in joao
    assert line_of(text, "José Brandão").split()[0] == "6"


def test_category_and_prize_pdfs(client, event):  # type: ignore[no-untyped-def]
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/categorias.pdf")
    sub14 = text.split("Sub-14", 1)[1].split("Sub-16", 1)[0]
    assert "Ana Júlia Araújo" in sub14 and "Pedro Sá" in sub14 and "Maria Lúcia" not in sub14
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/premiacao.pdf")
    cash = [line for line in text.splitlines() if "R$" in line and "2. Ana Júlia Araújo" in line and "nº 2" not in line]
    assert len(cash) == 1 and "R$ 500,00 + troféu" in cash[0]  # one cash prize only (CBJD 126), with its trophy
    assert "Total em dinheiro: R$ 2.200,00" in text
    flat = " ".join(text.split())
    assert "não recebe este prêmio em dinheiro" in flat


def test_round_reports(client, event):  # type: ignore[no-untyped-def]
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/emparceiramento/1.pdf")
    assert "Emparceiramento da rodada 1" in text and all(w in text for w in ("MESA", "BRANCAS", "PRETAS"))
    boards = [line for line in text.splitlines() if re.match(r"\s*[1-3]\s+\d\s", line)]
    assert len(boards) == 3
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/resultados/1.pdf")
    assert "Resultados da rodada 1" in text
    assert "2–0" in line_of(text, "João Conceição").replace(" ", "") and "José Brandão" in line_of(text, "João Conceição")
    assert client.get(f"/eventos/{event.id}/relatorios/emparceiramento/9").status_code == 404


def test_arbiter_report_and_brochure(client, event):  # type: ignore[no-untyped-def]
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/arbitro.pdf")
    flat = " ".join(text.split())
    assert "Sorteios e sementes" in flat and "Desempates usados" in flat
    assert "Absoluto: PS (Escore acumulado), PS-CORR" in flat and "Sub-14: BH-C1, BH, BH-M1, PS, PS-CORR" in flat
    assert "NUMERAÇÃO DOS JOGADORES pelo rating" in flat
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/folheto.pdf")
    flat = " ".join(text.split())
    for item in ("Praça do Ferreira, Fortaleza", "Federação Cearense de Damas", "Árbitro Regional",
                 "Inscrições até 18/06.", "60x60, normal", "Sub-14", "R$ 1.000,00"):
        assert item in flat, item


def test_english_pdf(client, event):  # type: ignore[no-untyped-def]
    client.get("/lang/en")
    response = client.get(f"/eventos/{event.id}/relatorios/classificacao.pdf")
    text = pdf_text(response.data)
    assert FEDERATION in text


def test_many_pages(client, db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    players = [make_player(full_name=f"Jogadora Conceição {n:03d}", sex="F") for n in range(120)]
    event = make_event(players=tuple(players), name=EVENT)
    text = _get_pdf(client, f"/eventos/{event.id}/relatorios/lista-inicial.pdf")
    assert len(pages(text)) >= 3
