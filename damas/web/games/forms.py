"""The forms of the `games` blueprint."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, HiddenField, StringField, TextAreaField
from wtforms.validators import Length, Optional


class RecordForm(FlaskForm):
    moves = TextAreaField(_l("Lances como na planilha"), validators=[Optional(), Length(max=20_000)])
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=300)])
    as_written = BooleanField(_l("Gravar como escrito, com o lance irregular marcado (CBJD 56, 59)"))


class ImportForm(FlaskForm):
    file = FileField(_l("Arquivo PDN ou PGN da rodada"))


class ConfirmImportForm(FlaskForm):
    token = HiddenField()
    as_written = BooleanField(_l("Gravar as partidas com lance irregular como escritas, marcadas (CBJD 56, 59)"))
