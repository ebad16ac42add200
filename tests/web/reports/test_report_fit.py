"""Issue 26, point 1: every printed report fits its page. Each PDF is read back with
`pdftotext -bbox` (every word with its box): no word lies outside the page, and the last row
of each table, as its web page shows it, is on the pages with its last round, its points and
its last tie-break. Shapes: the demo federation's events, and generated events of 10, 100 and
1,000 players with 5, 9 and 13 rounds and six tie-breaks, each report on the shapes that are
widest or tallest for it (the 1,000-player event once, on SQLite: `once_per_suite`).
"""
from __future__ import annotations

import html as htmllib
import re
import subprocess
from collections import defaultdict

import pytest

from tests.demo_snapshot import cached_load_demo
from damas.models import Event
from tests.web.reports.report_events import SIX_TIEBREAKS, build_report_event

WORD = re.compile(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>')
PAGE = re.compile(r'<page width="([\d.]+)" height="([\d.]+)">(.*?)</page>', re.S)
LAST_TIEBREAK = SIX_TIEBREAKS.split(",")[-1]


def pdf_lines(data: bytes) -> list[list[str]]:
    """The PDF's lines of words (page by page, top to bottom), after checking that every word
    lies inside its page."""
    assert data.startswith(b"%PDF"), data[:300]
    out = subprocess.run(["pdftotext", "-bbox", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()
    lines: list[list[str]] = []
    for width, height, body in PAGE.findall(out):
        rows: dict[int, list[tuple[float, str]]] = defaultdict(list)
        for x0, y0, x1, y1, word in WORD.findall(body):
            assert float(x0) >= 0 and float(y0) >= 0 and float(x1) <= float(width) + 0.5 \
                and float(y1) <= float(height) + 0.5, f"{word!r} outside the page ({x0}-{x1} of {width})"
            rows[round(float(y1))].append((float(x0), htmllib.unescape(word)))
        lines += [[w for _x, w in sorted(rows[y])] for y in sorted(rows)]
    return lines


def last_row(page_html: str, table_class: str) -> list[str]:
    """The cells of the last row of the page's table (`table_class`), as the page shows them."""
    opening = f'<table class="table {table_class}' if table_class else '<table class="table">'
    table = page_html.split(opening, 1)[1].split("</table>", 1)[0].split("<tbody>", 1)[1]
    rows = re.findall(r"<tr[^>]*>(.*?)</tr>", table, re.S)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", rows[-1], re.S)
    return [" ".join(htmllib.unescape(re.sub(r"<[^>]+>", " ", c)).split()) for c in cells]


def words_of(lines: list[list[str]], marker: str) -> list[str]:
    """Every word on the lines holding `marker` (a row printed in column groups is on several)."""
    found = [w for line in lines if marker in line for w in line]
    assert found, f"no line with {marker!r}"
    return found


def assert_row_printed(data: bytes, marker: str, *values: str) -> list[list[str]]:
    lines = pdf_lines(data)
    words = words_of(lines, marker)
    for value in values:
        assert value in words, (marker, value, words)
    return lines


def name_marker(name: str) -> str:
    return name.split()[-1]  # generated names end in the player's unique four-digit number


def _check_event(client, event_id: int, rounds: int, reports: tuple[str, ...]) -> None:  # type: ignore[no-untyped-def]
    base = f"/eventos/{event_id}/relatorios"
    page = {path: client.get(f"{base}/{path}").get_data(as_text=True) for path in reports}
    pdf = {}
    for path in reports:
        response = client.get(f"{base}/{path}.pdf")
        assert response.status_code == 200 and response.mimetype == "application/pdf", path
        pdf[path] = response.data
    if "tabela" in reports:  # Swiss crosstable: #, rank, no, name, rating, rounds..., points, tie-breaks
        cells = last_row(page["tabela"], "crosstable")
        lines = assert_row_printed(pdf["tabela"], name_marker(cells[3]), cells[5 + rounds - 1], cells[5 + rounds],
                                   cells[-1])
        header = [w for line in lines for w in line]
        assert f"R{rounds}" in header and LAST_TIEBREAK in header
    if "classificacao" in reports:  # rank, no, name, club, rating, points, tie-breaks
        cells = last_row(page["classificacao"], "standings")
        assert_row_printed(pdf["classificacao"], name_marker(cells[2]), cells[5], cells[-1])
    if "categorias" in reports:
        cells = last_row(page["categorias"], "standings")
        assert_row_printed(pdf["categorias"], name_marker(cells[2]), cells[5], cells[-1])
    if "lista-inicial" in reports:  # no, name, rating, club, state, federation no, birth year, sex
        cells = last_row(page["lista-inicial"], "")
        assert_row_printed(pdf["lista-inicial"], name_marker(cells[1]), cells[2], cells[-1])
    for sheet in ("emparceiramento", "resultados"):
        path = f"{sheet}/{rounds}"
        if path in reports:  # the last board: Black's name, points (and rating on the pairings)
            cells = last_row(page[path], "pairings")
            marker = name_marker(cells[-2] if sheet == "resultados" else cells[-3])
            assert_row_printed(pdf[path], marker, *(cells[-2:] if sheet == "emparceiramento" else cells[-1:]))


ALL = ("lista-inicial", "classificacao", "categorias", "tabela", "emparceiramento/{r}", "resultados/{r}")


@pytest.mark.parametrize("players, rounds, reports", [
    (10, 5, ALL),  # the smallest
    (10, 13, ("tabela", "classificacao")),  # the widest crosstable of a small field
    (100, 9, ALL),
    (100, 13, ("tabela", "categorias")),
])
def test_every_report_fits_its_page(client, db, players, rounds, reports):  # type: ignore[no-untyped-def]
    event = build_report_event(db, players, rounds)
    _check_event(client, event.id, rounds, tuple(r.format(r=rounds) for r in reports))


@pytest.mark.slow
@pytest.mark.once_per_suite
def test_reports_of_a_thousand_players_fit(client, db):  # type: ignore[no-untyped-def]
    """The tallest case: 1,000 players, 13 rounds, six tie-breaks (every report, rounds
    continued on a following page where the crosstable needs it)."""
    event = build_report_event(db, 1000, 13)
    _check_event(client, event.id, 13, tuple(r.format(r=13) for r in ALL))


def test_the_demo_crosstable_prints_points_and_tiebreaks(app, client, db):  # type: ignore[no-untyped-def]
    """The issue's case: the FIDE open of the demo (31 players, 3 rounds, 4 tie-breaks) lost
    its points and tie-break columns off the page."""
    cached_load_demo()
    event = db.session.query(Event).filter(Event.name.like("Aberto de Xadrez de Fortaleza%")).one()
    base = f"/eventos/{event.id}/relatorios"
    cells = last_row(client.get(f"{base}/tabela").get_data(as_text=True), "crosstable")
    lines = pdf_lines(client.get(f"{base}/tabela.pdf").data)
    words = [w for line in lines if set(cells[3].split()) <= set(line) for w in line]
    for value in cells[-5:]:  # the points and the four tie-breaks
        assert value in words, (value, words)


@pytest.mark.slow
@pytest.mark.once_per_suite
def test_every_report_of_every_demo_event_fits(app, client, db):  # type: ignore[no-untyped-def]
    """Every PDF the reports page of each demo event links to (sheets and WeasyPrint reports)."""
    cached_load_demo()
    for demo in db.session.query(Event):
        index = client.get(f"/eventos/{demo.id}/relatorios").get_data(as_text=True)
        for url in sorted(set(re.findall(r'href="([^"]+\.pdf)"', index))):
            response = client.get(url)
            if response.status_code == 200:
                pdf_lines(response.data)
