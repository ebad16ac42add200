"""Staff forms of a championship: the championship itself, adding or creating a section, and one
arbiter for several sections."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, SelectField, SelectMultipleField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from damas.web.forms_util import REQUIRED, IntegerField, choices, coerce_int


class ChampionshipForm(FlaskForm):
    name = StringField(_l("Nome do campeonato"), validators=[DataRequired(REQUIRED), Length(max=160)])
    start_date = DateField(_l("Data de início"), validators=[DataRequired(REQUIRED)])
    end_date = DateField(_l("Data de término"), validators=[DataRequired(REQUIRED)])
    venue = StringField(_l("Local"), validators=[Optional(), Length(max=200)])
    organiser = StringField(_l("Organização"), validators=[Optional(), Length(max=200)])
    regulations = TextAreaField(_l("Regulamento do campeonato"), validators=[Optional(), Length(max=50_000)])
    club_best_n = IntegerField(_l("Classificação por clubes: os melhores N de cada clube"),
                               validators=[Optional(), NumberRange(min=1, max=100, message=_l("Entre 1 e 100."))])
    one_prize_per_player = BooleanField(_l("Cada jogador recebe prêmio em uma só seção"), default=True)
    published = BooleanField(_l("Publicado (página pública e API)"))


class AddSectionForm(FlaskForm):
    event_id = SelectField(_l("Evento existente"), coerce=coerce_int, validate_choice=False)


class NewSectionForm(FlaskForm):
    """The few fields a new section needs; the rest on the event's own form afterwards."""

    name = StringField(_l("Nome do evento"), validators=[DataRequired(REQUIRED), Length(max=160)])
    discipline = SelectField(_l("Modalidade"), choices=choices([
        ("damas-64", _l("Damas 64 casas")), ("damas-100", _l("Damas 100 casas")), ("xadrez", _l("Xadrez"))]))
    ruleset = SelectField(_l("Regulamento"), choices=choices([
        ("cbjd", _l("CBJD")), ("fide", _l("FIDE")), ("club", _l("Clube / online"))]))
    pairing_system = SelectField(_l("Sistema de emparceiramento"))
    planned_rounds = IntegerField(_l("Rodadas previstas"), validators=[
        InputRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Entre 1 e 99 rodadas."))])
    time_minutes = IntegerField(_l("Tempo por jogador (minutos)"), validators=[
        InputRequired(REQUIRED), NumberRange(min=1, max=600, message=_l("Entre 1 e 600 minutos."))])
    time_increment = IntegerField(_l("Incremento (segundos)"), default=0, validators=[
        Optional(), NumberRange(min=0, max=300, message=_l("Entre 0 e 300 segundos."))])
    start_date = DateField(_l("Data de início"), validators=[Optional()])
    end_date = DateField(_l("Data de término"), validators=[Optional()])


class SectionArbiterForm(FlaskForm):
    user_id = SelectField(_l("Árbitro"), coerce=coerce_int, validate_choice=False)
    event_ids = SelectMultipleField(_l("Seções"), coerce=coerce_int, validate_choice=False,
                                    widget=ListWidget(prefix_label=False), option_widget=CheckboxInput())
