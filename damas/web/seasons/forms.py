"""The season form (staff)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, SelectMultipleField, StringField
from wtforms.validators import DataRequired, Length, NumberRange

from damas.web.forms_util import IntegerField, choices, coerce_int

REQUIRED = _l("Campo obrigatório.")


class SeasonForm(FlaskForm):
    name = StringField(_l("Nome da temporada"), validators=[DataRequired(REQUIRED), Length(max=160)])
    year = IntegerField(_l("Ano"), validators=[DataRequired(REQUIRED), NumberRange(1900, 2200)])
    kind = SelectField(_l("Pontos da temporada"), choices=choices([
        ("place", _l("Pela colocação em cada evento")), ("score", _l("Pelos pontos feitos em cada evento"))]))
    points_table = StringField(_l("Tabela de pontos"), validators=[DataRequired(REQUIRED), Length(max=1000)])
    categories = StringField(_l("Categorias (códigos)"), validators=[Length(max=300)])
    event_ids = SelectMultipleField(_l("Eventos da temporada"), coerce=coerce_int)
