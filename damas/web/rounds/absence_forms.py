"""Forms of the "absent without notice" section of the players page (C.04.2 #2)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from damas.web.forms_util import IntegerField, REQUIRED, coerce_optional_int


class MarkAbsentForm(FlaskForm):
    entry_id = SelectField(_l("Jogador"), coerce=coerce_optional_int, validators=[DataRequired(REQUIRED)])
    from_round = IntegerField(
        _l("Não emparceirar a partir da rodada"),
        validators=[InputRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Rodada inválida."))],
    )
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=200)])


class ExplainAbsenceForm(FlaskForm):
    entry_id = SelectField(_l("Jogador"), coerce=coerce_optional_int, validators=[DataRequired(REQUIRED)])
    note = StringField(_l("Justificativa"), validators=[DataRequired(REQUIRED), Length(max=200)])
