"""The forms of the `ratings` blueprint."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import DateField, SelectField, StringField, SubmitField
from wtforms.validators import DataRequired, Length

from damas.presentation.labels import rating_list_options
from damas.web.forms_util import choices

REQUIRED = _l("Campo obrigatório.")


class PeriodForm(FlaskForm):
    name = StringField(_l("Nome do período"), validators=[DataRequired(REQUIRED), Length(max=120)])
    # one list per game and rate (engine.rating.lists), named in the page's language
    rating_list = SelectField(_l("Lista"), choices=lambda: choices(rating_list_options()))
    start_date = DateField(_l("Início"), validators=[DataRequired(REQUIRED)])
    end_date = DateField(_l("Fim"), validators=[DataRequired(REQUIRED)])
    list_date = DateField(_l("Data da nova lista"), validators=[DataRequired(REQUIRED)])
    preview = SubmitField(_l("Rever os eventos"))
    close = SubmitField(_l("Fechar o período"))


class ReopenForm(FlaskForm):
    """CSRF only."""
