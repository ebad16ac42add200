"""QR codes on paper (issue 30 point 3): the printed pairings, results, standings and crosstable
carry a QR code of the event's live page; the event page offers a "share / print QR" view; the
live page leads to what is on now."""
from __future__ import annotations

import re
import zlib

import pytest

from damas.models import EventStatus, Game, GameResult
from damas.presentation.qr import qr_runs, qr_svg
from tests.web.events.test_event_revision import running  # noqa: F401 (the same running event)

PDFS = ("emparceiramento/1.pdf", "resultados/1.pdf", "classificacao.pdf", "tabela.pdf")


def _decode_grid(runs):  # type: ignore[no-untyped-def]
    grid = [[False] * runs.size for _ in range(runs.size)]
    for row, col, length in runs.runs:
        for c in range(col, col + length):
            grid[row][c] = True
    return grid


def test_the_runs_are_the_codes_modules():  # type: ignore[no-untyped-def]
    import segno

    url = "https://damas.example.br/eventos/7/ao-vivo"
    code = segno.make_qr(url, error="m")
    assert _decode_grid(qr_runs(url)) == [[bool(v) for v in row] for row in code.matrix]
    assert qr_runs(url) != qr_runs(url.replace("7", "8"))


def test_the_svg_names_the_url_escaped():  # type: ignore[no-untyped-def]
    svg = qr_svg("https://x.br/eventos/1/ao-vivo", 'QR <"x">')
    assert svg.startswith("<svg") and "<title>QR &lt;" in svg and "width=" not in svg.split(">")[0]


@pytest.mark.parametrize("path", PDFS)
def test_every_round_and_wall_sheet_carries_the_live_pages_qr(path, app, client, db, running, monkeypatch):  # type: ignore[no-untyped-def]
    from damas.reports import event_reports

    for game in db.session.query(Game):
        game.result = GameResult.WHITE_WIN
    db.session.commit()
    url = f"/eventos/{running.id}/relatorios/{path}"
    with_qr = client.get(url)
    assert with_qr.status_code == 200 and with_qr.mimetype == "application/pdf"
    monkeypatch.setattr(event_reports, "live_url", lambda event_id: "")
    running.notes = "sem QR"  # a new revision: the PDF is drawn again
    db.session.commit()
    without = client.get(url)
    pages = len(re.findall(rb"/Type /Page\b", with_qr.data))
    runs = qr_runs(f"http://localhost/eventos/{running.id}/ao-vivo").runs
    assert pages >= 1 and _filled_rects(with_qr.data) - _filled_rects(without.data) == len(runs) * pages


def test_the_qr_names_the_public_address_when_set(app, client, db, running):  # type: ignore[no-untyped-def]
    app.config["PUBLIC_URL"] = "https://damas.federacao.br/"
    page = client.get(f"/eventos/{running.id}/qr").get_data(as_text=True)
    assert f'href="https://damas.federacao.br/eventos/{running.id}/ao-vivo"' in page


def test_the_share_page_shows_a_big_qr_of_the_live_page(client, running):  # type: ignore[no-untyped-def]
    event_page = client.get(f"/eventos/{running.id}").get_data(as_text=True)
    assert f'href="/eventos/{running.id}/qr"' in event_page and "Compartilhar / imprimir QR" in event_page
    page = client.get(f"/eventos/{running.id}/qr").get_data(as_text=True)
    url = f"http://localhost/eventos/{running.id}/ao-vivo"
    assert f'<a href="{url}">{url}</a>' in page and 'class="qr"' in page and "data-print" in page
    assert qr_svg(url, f"QR code de {url}") in page
    assert "<script>" not in page and "style=" not in page.split('<div class="qr-box">')[1].split("</div>")[0]


def test_the_live_page_leads_to_what_is_on(client, db, running, make_event):  # type: ignore[no-untyped-def]
    answer = client.get(f"/eventos/{running.id}/ao-vivo")
    assert answer.status_code == 302 and answer.headers["Location"].endswith(f"/eventos/{running.id}/rodadas/1")
    running.status = EventStatus.FINISHED
    db.session.commit()
    assert client.get(f"/eventos/{running.id}/ao-vivo").headers["Location"].endswith("/classificacao")
    fresh = make_event(status=EventStatus.REGISTRATION)
    assert client.get(f"/eventos/{fresh.id}/ao-vivo").headers["Location"].endswith(f"/eventos/{fresh.id}")
    draft = make_event(status=EventStatus.DRAFT)
    assert client.get(f"/eventos/{draft.id}/ao-vivo").status_code == 404
    assert client.get(f"/eventos/{draft.id}/qr").status_code == 404


def _filled_rects(data: bytes) -> int:
    """Filled rectangles in the PDF's page streams. Each stream is inflated from its start to the end
    of its zlib data (a compressed stream may itself end in a CR, which a pattern up to
    "\\r?\\nendstream" would cut off: the test then saw no rectangle at all, one run in 256)."""
    count = 0
    for start in re.finditer(rb"(?<!end)stream\r?\n", data):
        try:
            text = zlib.decompressobj().decompress(data[start.end():])
        except zlib.error:
            continue
        count += len(re.findall(rb" re f\b", text))
    return count
