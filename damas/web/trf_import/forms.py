"""The forms of the `trf_import` blueprint (its routes are in `routes`)."""
from __future__ import annotations


from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from damas.web.forms_util import IntegerField, REQUIRED
from flask_wtf.file import FileField, FileRequired
from wtforms import DateField, HiddenField, SelectField, StringField
from wtforms.validators import DataRequired, Length, NumberRange, Optional

from damas.web.events.forms import EventForm
from damas.web.forms_util import choices


class TrfUploadForm(FlaskForm):
    file = FileField(_l("Arquivo TRF (TRF-16 ou TRF-2026)"), validators=[FileRequired(_l("Escolha o arquivo TRF."))])


class TrfImportForm(FlaskForm):
    """The event's settings, starting from the file's guesses; `trf` is the file (base64)."""

    trf = HiddenField()
    filename = HiddenField()
    name = StringField(_l("Nome do evento"), validators=[DataRequired(REQUIRED), Length(max=160)])
    discipline = SelectField(_l("Modalidade"), choices=EventForm.discipline.kwargs["choices"])
    ruleset = SelectField(_l("Regulamento"), choices=EventForm.ruleset.kwargs["choices"])
    pairing_system = SelectField(_l("Sistema de emparceiramento"))
    acceleration = SelectField(_l("Aceleração"), choices=choices([("", _l("Nenhuma")),
                                                                 ("baku", _l("Baku (FIDE C.04.5.1)"))]),
                               validators=[Optional()])
    planned_rounds = IntegerField(_l("Rodadas previstas"), validators=[
        DataRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Entre 1 e 99 rodadas."))])
    time_minutes = IntegerField(_l("Tempo por jogador (minutos)"), validators=[
        DataRequired(REQUIRED), NumberRange(min=1, max=600, message=_l("Entre 1 e 600 minutos."))])
    time_increment = IntegerField(_l("Incremento (segundos)"), default=0, validators=[
        Optional(), NumberRange(min=0, max=300, message=_l("Entre 0 e 300 segundos."))])
    start_date = DateField(_l("Data de início"), validators=[DataRequired(REQUIRED)])
    end_date = DateField(_l("Data de término"), validators=[DataRequired(REQUIRED)])
    venue = StringField(_l("Local"), validators=[Optional(), Length(max=200)])
    chief_arbiter = StringField(_l("Árbitro principal"), validators=[Optional(), Length(max=120)])
    tiebreak_order = StringField(_l("Desempates (vazio = os do regulamento)"), validators=[Optional(), Length(max=200)])
    # The event form's choice: it stays open until a round is paired here.
    unplayed_rule = SelectField(EventForm.unplayed_rule.args[0], choices=EventForm.unplayed_rule.kwargs["choices"],
                                default="", description=EventForm.unplayed_rule.kwargs["description"])

