"""Issue 26, point 3: a PDF not in the cache for its revision is rendered in the background;
the link shows a "being prepared" page that refreshes itself, then the file; two visitors at
once start one rendering; the round's pairings never wait behind a crosstable; a file rendered
for a signed-in user is never served to a visitor.
"""
from __future__ import annotations

import threading
import time

import pytest

import damas.web.reports.routes as report_routes
from sqlalchemy import select

from damas.models import EventArbiter, Role, Round, RoundStatus
from tests.web.reports.report_events import build_report_event


@pytest.fixture
def gated(app, monkeypatch):  # type: ignore[no-untyped-def]
    """Renderings of the reports whose partial names a key of `gates` wait for its event; every
    rendering is counted by partial."""
    gates: dict[str, threading.Event] = {}
    counts: dict[str, int] = {}
    real = report_routes._print

    def printing(partial, title, context):  # type: ignore[no-untyped-def]
        counts[partial] = counts.get(partial, 0) + 1
        for name, gate in gates.items():
            if name in partial:
                assert gate.wait(60)
        return real(partial, title, context)

    monkeypatch.setattr(report_routes, "_print", printing)
    yield gates, counts
    for gate in gates.values():
        gate.set()
    lanes = app.extensions.get("damas_pdf_lanes")
    for future in list(lanes.running.values()) if lanes else ():
        future.result(timeout=60)  # done before the test's database goes


def _until_pdf(client, url: str, seconds: float = 60):  # type: ignore[no-untyped-def]
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        response = client.get(url)
        if response.status_code == 200:
            return response
        assert response.status_code == 202
        time.sleep(0.1)
    raise AssertionError(f"{url}: no file after {seconds} s")


def test_a_cold_pdf_link_shows_the_being_prepared_page_then_the_file(app, client, db, gated):  # type: ignore[no-untyped-def]
    gates, counts = gated
    gates["_standings"] = threading.Event()
    app.config["REPORT_WAIT_SECONDS"] = 0
    event = build_report_event(db, 10, 3)
    url = f"/eventos/{event.id}/relatorios/classificacao.pdf"
    first = client.get(url)
    assert first.status_code == 202 and first.mimetype == "text/html"
    page = first.get_data(as_text=True)
    assert "Preparando o PDF" in page and '<meta http-equiv="refresh" content="2">' in page
    assert "<script>" not in page and "style=" not in page  # CSP: no inline script or style
    assert first.headers["Retry-After"] == "2" and first.headers["Cache-Control"] == "no-store"
    assert "ETag" not in first.headers  # a refresh must not get a 304 of this page
    second = client.get(url)  # a second visitor while it renders: the same job
    assert second.status_code == 202
    english = client.get(url + "?lang=en")
    assert "Preparing the PDF" in english.get_data(as_text=True)
    gates["_standings"].set()
    pdf = _until_pdf(client, url)
    assert pdf.mimetype == "application/pdf" and pdf.data.startswith(b"%PDF")
    assert client.get(url).data == pdf.data  # from the cache now
    assert _until_pdf(client, url + "?lang=en").data != pdf.data  # its own file, in English
    assert counts["reports/_standings.html"] == 2  # one for both pt-BR visitors, one in English


def test_two_visitors_at_once_start_one_rendering(app, db, gated):  # type: ignore[no-untyped-def]
    gates, counts = gated
    gates["_crosstable"] = threading.Event()
    app.config["REPORT_WAIT_SECONDS"] = 30
    event = build_report_event(db, 10, 3)
    url = f"/eventos/{event.id}/relatorios/tabela.pdf"
    answers: list[int] = []

    def visit() -> None:
        with app.test_client() as visitor:
            answers.append(visitor.get(url).status_code)

    visitors = [threading.Thread(target=visit) for _ in range(2)]
    for visitor in visitors:
        visitor.start()
    time.sleep(0.5)
    gates["_crosstable"].set()
    for visitor in visitors:
        visitor.join(60)
    assert answers == [200, 200] and counts["reports/_crosstable.html"] == 1


def test_the_pairings_print_while_a_crosstable_renders(app, client, db, gated):  # type: ignore[no-untyped-def]
    gates, counts = gated
    gates["_crosstable"] = threading.Event()
    app.config["REPORT_WAIT_SECONDS"] = 0
    event = build_report_event(db, 10, 3, last_round_played=False)
    assert client.get(f"/eventos/{event.id}/relatorios/tabela.pdf").status_code == 202  # busy on its lane
    app.config["REPORT_WAIT_SECONDS"] = 30
    started = time.monotonic()
    pairings = client.get(f"/eventos/{event.id}/relatorios/emparceiramento/3.pdf")
    assert pairings.status_code == 200 and pairings.mimetype == "application/pdf"
    assert time.monotonic() - started < 30 and counts.get("reports/_crosstable.html") == 1
    assert not gates["_crosstable"].is_set()  # the crosstable is still waiting: the pairings did not


def test_a_file_rendered_for_the_arbiter_is_not_served_to_visitors(app, client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(role=Role.ARBITER)
    event = build_report_event(db, 10, 3, last_round_played=False)
    db.session.add(EventArbiter(event_id=event.id, user_id=arbiter.id))
    db.session.scalar(select(Round).where(Round.event_id == event.id, Round.number == 3)).status = RoundStatus.PAIRED
    db.session.commit()
    login_as(arbiter)
    for path in ("arbitro.pdf", "emparceiramento/3.pdf"):
        response = client.get(f"/eventos/{event.id}/relatorios/{path}")
        assert response.status_code == 200 and response.mimetype == "application/pdf", path
    client.post("/conta/sair")
    assert client.get(f"/eventos/{event.id}/relatorios/arbitro.pdf").mimetype != "application/pdf"
    assert client.get(f"/eventos/{event.id}/relatorios/emparceiramento/3.pdf").status_code == 404  # unpublished
