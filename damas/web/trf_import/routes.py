"""Staff create an event from another program's TRF file: upload -> preview -> confirm.
The preview page carries the file itself (base64, re-read on confirm: nothing is kept
on the server between the two steps); `services.trf_preview` reads it, `services.trf_import`
writes it."""
from __future__ import annotations

import base64
import binascii

from flask import Blueprint, flash, redirect, render_template, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.engine.pairing import get_system
from damas.engine.rulesets import get_ruleset, ruleset_codes
from damas.services.errors import ServiceError
from damas.services.trf.event_import import import_trf
from damas.services.trf.preview import IMPORT_SYSTEMS, MAX_TRF_BYTES, TrfPreview, decode_trf, preview_trf
from damas.web.access import staff_required
from damas.web.forms_util import choices, show_service_error, tiebreak_picker
from damas.presentation.labels import pick
from damas.web.trf_import.forms import TrfUploadForm, TrfImportForm

bp = Blueprint("trf_import", __name__, url_prefix="/eventos/importar-trf")






def _settings_form(preview: TrfPreview | None = None, data: bytes = b"", filename: str = "") -> TrfImportForm:
    if preview is None:
        form = TrfImportForm()
    else:
        values = {**preview.defaults, "name": preview.name, "venue": preview.venue,
                  "chief_arbiter": preview.chief_arbiter, "start_date": preview.start_date,
                  "end_date": preview.end_date, "trf": base64.b64encode(data).decode(), "filename": filename}
        form = TrfImportForm(formdata=None, data=values)
    form.pairing_system.choices = choices(
        (code, pick((get_system(code).name_pt, get_system(code).name_en))) for code in IMPORT_SYSTEMS)
    return form


def _default_unplayed(form: TrfImportForm, preview: TrfPreview) -> str:
    """The unplayed-games rule the event gets when the field is left at "by the rules": the rule
    set's rule in force on the start date (FIDE: C.07 of 2023 from 1 April 2024, of 2026 from
    1 March 2026; `RuleSet.unplayed_on`), named as the field names it."""
    code = form.ruleset.data if form.ruleset.data in ruleset_codes() else preview.defaults.get("ruleset", "cbjd")
    rule = get_ruleset(code).unplayed_on(form.start_date.data or preview.start_date)
    return next((str(c.label) for c in form.unplayed_rule.choices if c.value == rule), rule)


def _page(form: TrfImportForm, preview: TrfPreview):  # type: ignore[no-untyped-def]
    tiebreak_picker(form.tiebreak_order)
    return render_template("trf_import/preview.html", form=form, preview=preview,
                           default_unplayed=_default_unplayed(form, preview))


@bp.route("/", methods=["GET", "POST"])
@staff_required
def upload():  # type: ignore[no-untyped-def]
    form = TrfUploadForm()
    if form.validate_on_submit():
        data = form.file.data.read()
        filename = form.file.data.filename or ""
        try:
            text, encoding = decode_trf(data)
            preview = preview_trf(text, encoding)
        except ServiceError as error:
            show_service_error(form, error)
        else:
            return _page(_settings_form(preview, data, filename), preview)
    return render_template("trf_import/upload.html", form=form, size_kb=MAX_TRF_BYTES // 1024)


@bp.post("/confirmar")
@staff_required
def confirm():  # type: ignore[no-untyped-def]
    form = _settings_form()
    try:
        data = base64.b64decode(form.trf.data or "", validate=True)
        text, encoding = decode_trf(data)
        preview = preview_trf(text, encoding)
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("trf_import.upload"))
    except (binascii.Error, ValueError):
        flash(_("O arquivo da pré-visualização se perdeu: envie-o de novo."), "error")
        return redirect(url_for("trf_import.upload"))
    if form.validate_on_submit():
        try:
            event = import_trf(current_user, preview, form.data, form.filename.data or "")
        except ServiceError as error:
            show_service_error(form, error)
        else:
            flash(_("Evento importado: %(players)s jogadores, %(rounds)s rodadas.", players=len(preview.players),
                    rounds=preview.rounds_played), "success")
            return redirect(url_for("events.view_event", event_id=event.id))
    return _page(form, preview)
