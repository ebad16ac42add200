"""WTForms of the user administration (staff)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, EmailField, PasswordField, SelectField, StringField
from wtforms.validators import DataRequired, Email, Length, Optional

from damas.web.forms_util import REQUIRED, choices, coerce_optional_int


class UserForm(FlaskForm):
    email = EmailField(_l("E-mail"), validators=[DataRequired(REQUIRED), Email(_l("E-mail inválido.")), Length(max=254)])
    name = StringField(_l("Nome"), validators=[DataRequired(REQUIRED), Length(max=120)])
    role = SelectField(
        _l("Papel"),
        choices=choices([("player", _l("Jogador")), ("arbiter", _l("Árbitro")), ("staff", _l("Equipe da federação"))]),
        default="player",  # the least privileged role unless staff choose otherwise
    )
    player_id = SelectField(_l("Jogador vinculado"), coerce=coerce_optional_int, validators=[Optional()])
    password = PasswordField(
        _l("Senha"), validators=[Optional(), Length(min=8, message=_l("A senha deve ter pelo menos 8 caracteres."))]
    )
    active = BooleanField(_l("Ativo"), default=True)
