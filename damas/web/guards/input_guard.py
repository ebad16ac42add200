"""Refuse NUL characters in anything a request sends.

PostgreSQL cannot store U+0000 in text (the query failed: a 500) and SQLite stored it silently
and wrote it into exports. No field of the application has a use for it, so one check before
every view refuses a request carrying it in the query string, a form field (its name or value,
an uploaded file's name), a JSON body or a URL part: a 400 page (JSON for the API) that names
the field and says nothing was saved. **[ours]** Refused, not stripped: a silent change of what
the user typed is worse than a message. Other control characters are left to each output that
cares (the TRF writer drops them; CSV cells are neutralised).

Every WTForms form reads its data from this request, so the check covers every form; uploaded
file *contents* are validated by their parser (the openings CSV refuses control characters).
"""
from __future__ import annotations

from typing import Any, Iterator

from flask import Flask, jsonify, render_template, request
from flask_babel import gettext as _

NUL = "\x00"


def _walk_json(value: Any, path: str) -> Iterator[str]:
    if isinstance(value, str):
        if NUL in value:
            yield path
    elif isinstance(value, dict):
        for key, item in value.items():
            if NUL in str(key):
                yield f"{path}.{key!r}" if path else repr(key)
            yield from _walk_json(item, f"{path}.{key}" if path else str(key))
    elif isinstance(value, list):
        for k, item in enumerate(value):
            yield from _walk_json(item, f"{path}[{k}]")


def fields_with_nul() -> list[str]:
    """The names of the request's parts that hold a NUL character (empty when none does)."""
    found: list[str] = []
    for source in (request.args, request.form):
        for key, values in source.lists():
            if NUL in key or any(NUL in v for v in values):
                found.append(key.replace(NUL, "\\0"))
    for key, storage in request.files.items(multi=True):
        if NUL in key or NUL in (storage.filename or ""):
            found.append(key.replace(NUL, "\\0"))
    for key, value in (request.view_args or {}).items():
        if isinstance(value, str) and NUL in value:
            found.append(key)
    if request.is_json:
        found.extend(_walk_json(request.get_json(silent=True), ""))
    return found


def register_input_guard(app: Flask) -> None:
    @app.before_request
    def refuse_nul() -> Any:
        fields = fields_with_nul()
        if not fields:
            return None
        message = _("O texto enviado tem um caractere inválido (NUL, código 0) em: %(fields)s. Nada foi gravado; "
                    "corrija e envie de novo.", fields=", ".join(sorted(set(fields))))
        if request.path.startswith("/api/"):
            return jsonify({"error": message}), 400
        return render_template("errors/error.html", code=400, message=message), 400
