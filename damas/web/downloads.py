"""A file the browser saves (CSV, TRF exports and templates): one place for the header."""
from __future__ import annotations

from flask import Response


def attachment(body: str | bytes, mimetype: str, filename: str) -> Response:
    """`body` offered for download as `filename` (names are built by the app, never typed in)."""
    return Response(body, mimetype=mimetype, headers={"Content-Disposition": f'attachment; filename="{filename}"'})
