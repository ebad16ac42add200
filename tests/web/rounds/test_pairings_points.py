"""Issue 26, point 4: each board of the pairings page and PDF shows both players' points before
the round and their ratings (as Swiss-Manager and chess-results print them); the results
sheet shows the points too. The points are the standings' after the previous round."""
from __future__ import annotations

import re

from damas.reports.standings import standings_context
from tests.web.reports.report_events import build_report_event
from tests.web.reports.test_report_fit import last_row, pdf_lines


def _points_after_previous_round(app, event) -> dict[str, str]:  # type: ignore[no-untyped-def]
    with app.test_request_context():
        context = standings_context(event)
    assert context["after_round"] == 2
    return {str(r["start_no"]): r["points"] for r in context["rows"]}


def _boards(page: str) -> list[list[str]]:
    """Every board row of the sheet's table, cells as the page shows them."""
    body = page.split('<table class="table pairings sheet">', 1)[1].split("</table>", 1)[0].split("<tbody>", 1)[1]
    return [last_row(f'<table class="table pairings sheet"><tbody>{row}</tbody></table>', "pairings")
            for row in re.findall(r"<tr>.*?</tr>", body, re.S)]


def test_pairings_show_points_before_the_round_and_ratings(app, client, db):  # type: ignore[no-untyped-def]
    event = build_report_event(db, 12, 3, last_round_played=False)
    points = _points_after_previous_round(app, event)
    assert len(set(points.values())) > 1  # not all equal: the test tells players apart
    base = f"/eventos/{event.id}/relatorios"
    page = client.get(f"{base}/emparceiramento/3").get_data(as_text=True)
    assert "Pontos antes da rodada" in page and "Pts: pontos antes da rodada." in page
    boards = _boards(page)
    assert len(boards) == 6
    lines = pdf_lines(client.get(f"{base}/emparceiramento/3.pdf").data)
    for board, wno, white, wpts, wrating, _dash, bno, black, bpts, brating in boards:
        assert (wpts, bpts) == (points[wno], points[bno]), board
        line = next(line for line in lines if line and line[0] == board and white.split()[-1] in line)
        assert line[-2:] == [bpts, brating] and [wpts, wrating] == line[line.index(white.split()[-1]) + 1:][:2]
    results = client.get(f"{base}/resultados/3").get_data(as_text=True)
    for board, wno, white, wpts, _result, bno, black, bpts in _boards(results):
        assert (wpts, bpts) == (points[wno], points[bno]), board
    lines = pdf_lines(client.get(f"{base}/resultados/3.pdf").data)
    assert any("pontos" in line and "rodada." in line for line in lines)


def test_the_english_pairings_say_points_before_the_round(client, db):  # type: ignore[no-untyped-def]
    event = build_report_event(db, 4, 2, last_round_played=False)
    page = client.get(f"/eventos/{event.id}/relatorios/emparceiramento/2?lang=en").get_data(as_text=True)
    assert "Points before the round" in page and "Pts: points before the round." in page
