"""Issue 14 point 4: every response carries the security headers, and the pages need no inline
script or style (the Content-Security-Policy of damas.security allows only the app's own files)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from damas.security import SECURITY_HEADERS

TEMPLATES = Path(__file__).resolve().parents[3] / "templates"
# Rendered by WeasyPrint only (PDF): the browser never sees them, so the CSP does not apply.
# Templates only WeasyPrint renders (render_pdf), never served as a page: their styles may be inline.
PDF_ONLY = {"reports/base.html", "reports/bracket.html", "reports/print.html", "fees/report_print.html",
            "norms/it1.html", "norms/it3.html", "championships/brochure_print.html"}
MAIL = "mail/"  # mail bodies: mail readers drop style sheets, so their styles are inline (never a site page)


def _assert_headers(response) -> None:  # type: ignore[no-untyped-def]
    csp = response.headers["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "'unsafe-inline'" not in csp and "frame-ancestors 'none'" in csp
    assert "default-src 'self'" in csp and "object-src 'none'" in csp
    assert response.headers["X-Frame-Options"] == "DENY"
    assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert response.headers["Referrer-Policy"] == "strict-origin-when-cross-origin"


def test_headers_on_a_page_a_pdf_the_api_and_errors(client, make_event, make_player):  # type: ignore[no-untyped-def]
    event = make_event(players=(make_player(), make_player()))
    for url, mimetype in (("/eventos/", "text/html"), (f"/eventos/{event.id}/lista-inicial.pdf", "application/pdf"),
                          (f"/api/v1/events/{event.id}", "application/json"), ("/static/style.css", "text/css"),
                          ("/static/app.js", "text/javascript")):
        with client.get(url) as response:  # static files are streamed: close them
            assert response.status_code == 200, url
            assert response.mimetype == mimetype, url
            _assert_headers(response)
    _assert_headers(client.get("/eventos/999999"))
    _assert_headers(client.get("/usuarios/"))  # the redirect to the login page


@pytest.mark.parametrize("path", sorted(str(p.relative_to(TEMPLATES)) for p in TEMPLATES.rglob("*.html")))
def test_no_inline_script_or_style_in_the_pages(path):  # type: ignore[no-untyped-def]
    text = (TEMPLATES / path).read_text(encoding="utf-8")
    assert not re.search(r"\son[a-z]+\s*=", text), "inline event handler: use static/app.js"
    assert "javascript:" not in text
    for tag in re.findall(r"<script\b[^>]*>", text):
        assert "src=" in tag, "inline <script>: use a file under static/"
    if path not in PDF_ONLY and not path.startswith(MAIL):
        assert "<style" not in text and not re.search(r"\sstyle\s*=", text), "inline style: use static/style.css"


def test_confirm_buttons_ask_through_data_confirm(app, client):  # type: ignore[no-untyped-def]
    with app.test_request_context("/"):
        macros = app.jinja_env.get_template("macros/forms.html").module
        html = str(macros.post_button("/x", "Apagar", "", "Apagar mesmo? \"sim\"'"))
    assert 'data-confirm="Apagar mesmo? &#34;sim&#34;&#39;"' in html and "onsubmit" not in html
    page = client.get("/").get_data(as_text=True)
    assert re.search(r'<script src="/static/app\.js\?v=[0-9a-f]+" defer></script>', page)
    with client.get("/static/app.js") as response:
        script = response.get_data(as_text=True)
    assert "data-confirm" in script and "window.confirm" in script and "data-print" in script
