"""The forms of the statement reconciliation (`damas.web.fees.reconcile`)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import HiddenField


class StatementUploadForm(FlaskForm):
    file = FileField(_l("Extrato bancário (OFX ou CSV)"), validators=[FileRequired(_l("Escolha o arquivo do extrato."))])


class StatementConfirmForm(FlaskForm):
    """The statement itself (base64) and its file name; each ambiguous credit's choice comes as
    a field ``choice-<n>`` (n: the credit's place in the statement) read by the route."""

    statement = HiddenField()
    filename = HiddenField()
