"""The rows of a previewed file, carried to the confirm step signed.

The preview page holds the rows read from the upload in one hidden field, compressed and signed
with the app's secret key, bound to the user, the kind of import and the event, and valid for an
hour: the confirm step re-plans from exactly what was previewed, and a browser that edits the
field gets a refusal, never rows of its choosing. The confirm step re-checks everything against
the database as it is then (another import may have landed in between).
"""
from __future__ import annotations

from typing import Any

from flask import current_app
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeTimedSerializer

from damas.services.errors import ServiceError
from damas.services.imports.tabular import Row

MAX_AGE = 3600  # seconds between the preview and the confirmation
_SALT = "damas.imports.preview"


class PreviewExpired(ServiceError):
    """The preview's token is forged, stale or not this user's: the caller words what to send
    again (a pasted list or a file)."""


def _serializer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def seal(kind: str, user_id: int, rows: list[Row], filename: str, event_id: int | None = None,
         extra: dict[str, Any] | None = None) -> str:
    payload = {"k": kind, "u": user_id, "e": event_id, "f": filename[:200], "x": extra or {},
               "r": [[row.line, row.cells] for row in rows]}
    return _serializer().dumps(payload)


def unseal(token: str, kind: str, user_id: int, event_id: int | None = None) -> tuple[list[Row], str, dict[str, Any]]:
    """The rows, file name and extra values previewed; PreviewExpired when forged, stale or not
    this user's, kind's or event's."""
    try:
        payload = _serializer().loads(token or "", max_age=MAX_AGE)
    except BadSignature:
        raise PreviewExpired(_("A prévia expirou ou foi alterada; envie o arquivo de novo.")) from None
    if payload.get("k") != kind or payload.get("u") != user_id or payload.get("e") != event_id:
        raise PreviewExpired(_("A prévia expirou ou foi alterada; envie o arquivo de novo."))
    rows = [Row(int(line), {str(k): str(v) for k, v in cells.items()}) for line, cells in payload["r"]]
    return rows, str(payload.get("f") or ""), dict(payload.get("x") or {})
