"""Issue 26, point 3 in Chromium: a cold report link shows the "being prepared" page, which
refreshes itself (a meta refresh: no inline script under the CSP) until the PDF is served."""
from __future__ import annotations

import pytest

from damas.extensions import db
from tests.browser.conftest import watch_console
from tests.web.reports.report_events import build_report_event

pytestmark = pytest.mark.browser


def test_a_cold_report_link_shows_being_prepared_then_the_pdf(live_server, page):  # type: ignore[no-untyped-def]
    app = live_server["app"]
    app.config["REPORT_WAIT_SECONDS"] = 0  # no wait in the request: the page comes first
    with app.app_context():
        event_id = build_report_event(db, 20, 5).id
    problems = watch_console(page)
    url = f"{live_server['url']}/eventos/{event_id}/relatorios/classificacao.pdf"
    pdfs = []
    page.on("response", lambda r: pdfs.append(r) if r.url == url and
            r.headers.get("content-type") == "application/pdf" else None)
    response = page.goto(url)
    assert response is not None and response.status == 202
    assert page.locator("h1").inner_text() == "Preparando o PDF…"
    assert page.locator("meta[http-equiv=refresh]").get_attribute("content") == "2"
    page.wait_for_timeout(500)
    assert problems == []  # no CSP violation on the page
    for _ in range(60):  # the refresh asks again every two seconds until the file is there
        if pdfs:
            break
        page.wait_for_timeout(500)
    assert pdfs and pdfs[0].status == 200  # the browser's PDF viewer shows it
    assert page.request.get(url).body().startswith(b"%PDF")  # the same file, from the cache
