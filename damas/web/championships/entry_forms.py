"""Forms of the championship entry: the sections chosen (one box each) and a section's
eligibility rules."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, DateField, HiddenField, SelectField, SelectMultipleField, TextAreaField
from wtforms.validators import DataRequired, Length, NumberRange, Optional
from wtforms.widgets import CheckboxInput, ListWidget

from damas.web.forms_util import IntegerField, choices

AGE_RANGE = NumberRange(min=0, max=120, message=_l("Informe um número inteiro entre 0 e 120."))
RATING_RANGE = NumberRange(min=0, max=4000, message=_l("Informe um número inteiro entre 0 e 4000."))


class SectionsForm(FlaskForm):
    """The sections to enter; `player_id` is the chosen player on the organisers' page."""

    sections = SelectMultipleField(_l("Seções"), coerce=int, widget=ListWidget(prefix_label=False),
                                   option_widget=CheckboxInput(), validate_choice=True)
    player_id = HiddenField()


class EligibilityForm(FlaskForm):
    min_age = IntegerField(_l("Idade mínima"), validators=[Optional(), AGE_RANGE])
    max_age = IntegerField(_l("Idade máxima"), validators=[Optional(), AGE_RANGE])
    age_on = DateField(_l("Idade contada na data"), validators=[Optional()])
    sex = SelectField(_l("Sexo"), choices=choices([("", _l("Qualquer")), ("f", _l("Feminino")),
                                                   ("m", _l("Masculino"))]), validators=[Optional()])
    rating_min = IntegerField(_l("Rating mínimo"), validators=[Optional(), RATING_RANGE])
    rating_max = IntegerField(_l("Rating máximo"), validators=[Optional(), RATING_RANGE])
    members_only = BooleanField(_l("Só membros da federação (com nº de federação)"))
    category_code = SelectField(_l("Categoria do evento (CBJD 124)"), validators=[Optional()])


class BulkSectionsForm(FlaskForm):
    """One player per line (federation number, FIDE ID or full name) and the sections."""

    pasted = TextAreaField(_l("Um jogador por linha: nº de federação, FIDE ID ou nome completo"),
                           validators=[DataRequired(_l("Cole pelo menos um jogador.")), Length(max=60000)])
    sections = SelectMultipleField(_l("Seções"), coerce=int, widget=ListWidget(prefix_label=False),
                                   option_widget=CheckboxInput(), validate_choice=True)
