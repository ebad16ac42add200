"""WeasyPrint rendering with a locked-down URL fetcher (no file:// or outside URLs)."""
from __future__ import annotations

import base64
from typing import Any

from flask import render_template
from weasyprint import HTML
from weasyprint.urls import URLFetcherResponse


_INLINE_IMAGES = ("data:image/png;base64,", "data:image/jpeg;base64,")


def _refuse_fetch(url: str, *args: Any, **kwargs: Any) -> Any:
    """Nothing is fetched but an inlined PNG / JPEG (the federation's logo in the header)."""
    for prefix in _INLINE_IMAGES:
        if url.startswith(prefix):
            return URLFetcherResponse(url, body=base64.b64decode(url[len(prefix):]),  # type: ignore[return-value]
                                      headers={"Content-Type": prefix[5:].split(";")[0]})
    raise ValueError(f"external resource refused in reports: {url}")


def render_pdf(template: str, **context: Any) -> bytes:
    """Render an HTML template (plain data only) to A4 PDF bytes."""
    html = render_template(template, **context)
    return HTML(string=html, base_url=None, url_fetcher=_refuse_fetch).write_pdf()


def warm_up() -> None:
    """Render one tiny PDF so the fonts are loaded before the first visitor asks for a report
    (the first PDF of a process took 3.3 s; gunicorn calls this when a worker starts)."""
    HTML(string="<p style='font-family: sans-serif'>damas ½ – ção</p>", base_url=None,
         url_fetcher=_refuse_fetch).write_pdf()
