"""The forms of the `imports` blueprint (its routes are in `routes`)."""
from __future__ import annotations


from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import DateField, HiddenField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional

from damas.engine.rating.lists import FEDERATION_GAME
from damas.web.events.forms import EventForm



class UploadForm(FlaskForm):
    file = FileField(_l("Arquivo CSV ou XLSX"))


class RatingListForm(UploadForm):
    source = StringField(_l("Nome da lista"), validators=[DataRequired(_l("Campo obrigatório.")), Length(max=120)],
                         description=_l("Ex.: Rating CBJD, FIDE."))
    list_date = DateField(_l("Data da lista"), validators=[DataRequired(_l("Campo obrigatório."))])
    # the game whose lists the file gives (one list per game and rate); the federation's game first
    discipline = SelectField(_l("Modalidade"), choices=EventForm.discipline.kwargs["choices"], default=FEDERATION_GAME,
                             description=_l("Os ratings do arquivo vão para as listas desta modalidade."))


class EntriesForm(UploadForm):
    pasted = TextAreaField(_l("Ou cole um jogador por linha (nº federação, FIDE ID ou nome completo)"),
                           validators=[Optional(), Length(max=100_000)])


class ConfirmForm(FlaskForm):
    token = HiddenField()

