"""WTForms of the clubs pages."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, Length, Optional

from damas.web.forms_util import REQUIRED, STATE_CHOICES


class ClubForm(FlaskForm):
    name = StringField(_l("Nome"), validators=[DataRequired(REQUIRED), Length(max=120)])
    short_name = StringField(_l("Sigla"), validators=[Optional(), Length(max=20)])
    city = StringField(_l("Cidade"), validators=[Optional(), Length(max=80)])
    state = SelectField(_l("UF"), choices=STATE_CHOICES, validators=[Optional()])
