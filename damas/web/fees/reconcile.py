"""Staff reconcile the federation's bank statement: upload -> preview -> confirm. The preview
page carries the file itself (base64) and the confirm step reads it again: nothing is kept on
the server between the two steps. `services.fees.statements` reads the file,
`services.fees.reconcile` matches and books it."""
from __future__ import annotations

import base64
import binascii

from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from damas.presentation.numbers import money
from damas.services.errors import ServiceError
from damas.services.fees.reconcile import Preview, confirm, preview
from damas.services.fees.statements import MAX_STATEMENT_BYTES, read_statement
from damas.web.access import staff_required
from damas.web.guards.body_limits import body_limit
from damas.web.fees.blueprint import bp
from damas.web.fees.reconcile_forms import StatementConfirmForm, StatementUploadForm
from damas.web.forms_util import show_service_error

# A 10 MB file still reaches the reader, which refuses it with a message on the form; the
# preview posts the file back in base64 (4/3 of its size).
UPLOAD_BODY = 16 * 1024 * 1024
CONFIRM_BODY = MAX_STATEMENT_BYTES * 4 // 3 + 256 * 1024


def _page(result: Preview, data: bytes, filename: str):  # type: ignore[no-untyped-def]
    form = StatementConfirmForm(formdata=None, data={"statement": base64.b64encode(data).decode(),
                                                     "filename": filename})
    return render_template("fees/statement_preview.html", form=form, preview=result, filename=filename,
                           money=money)


@bp.route("/federacao/taxas/extrato", methods=["GET", "POST"])
@body_limit(UPLOAD_BODY)
@staff_required
def statement_upload():  # type: ignore[no-untyped-def]
    form = StatementUploadForm()
    if form.validate_on_submit():
        data = form.file.data.read()
        filename = (form.file.data.filename or "")[:200]
        try:
            result = preview(read_statement(data))
        except ServiceError as error:
            show_service_error(form, error)
        else:
            return _page(result, data, filename)
    return render_template("fees/statement_upload.html", form=form,
                           size_mb=MAX_STATEMENT_BYTES // (1024 * 1024))


@bp.post("/federacao/taxas/extrato/confirmar")
@body_limit(CONFIRM_BODY)
@staff_required
def statement_confirm():  # type: ignore[no-untyped-def]
    form = StatementConfirmForm()
    if not form.validate_on_submit():
        flash(_("A confirmação expirou ou veio incompleta: envie o extrato de novo."), "error")
        return redirect(url_for("fees.statement_upload"))
    try:
        statement = read_statement(base64.b64decode(form.statement.data or "", validate=True))
    except ServiceError as error:
        flash(error.message, "error")
        return redirect(url_for("fees.statement_upload"))
    except (binascii.Error, ValueError):
        flash(_("O arquivo da pré-visualização se perdeu: envie-o de novo."), "error")
        return redirect(url_for("fees.statement_upload"))
    choices = {credit.fitid: request.form.get(f"choice-{n}", "")
               for n, credit in enumerate(statement.credits)}
    try:
        summary = confirm(current_user, statement, choices, form.filename.data or "")
    except ServiceError as error:
        flash(error.message, "error")
        data = base64.b64decode(form.statement.data or "")
        return _page(preview(statement), data, form.filename.data or "")
    return render_template("fees/statement_done.html", summary=summary, filename=form.filename.data or "",
                           money=money)
