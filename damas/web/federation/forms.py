"""The forms of the `federation` blueprint (its routes are in `routes`)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, EmailField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, Length, Optional

from damas.web.forms_util import choices


class FederationForm(FlaskForm):
    name = StringField(_l("Nome da federação"), validators=[DataRequired(_l("Campo obrigatório.")), Length(max=160)])
    short_name = StringField(_l("Sigla"), validators=[Optional(), Length(max=40)])
    address = TextAreaField(_l("Endereço"), validators=[Optional(), Length(max=1000)])
    email = EmailField(_l("E-mail"), validators=[Optional(), Length(max=120)])
    phone = StringField(_l("Telefone"), validators=[Optional(), Length(max=40)])
    website = StringField(_l("Site"), validators=[Optional(), Length(max=200)])
    default_ruleset = SelectField(
        _l("Regulamento padrão dos novos eventos"),
        choices=choices([("", _l("Nenhum (o formulário começa no primeiro)")), ("cbjd", _l("CBJD")),
                         ("fide", _l("FIDE")), ("club", _l("Clube / online"))]),
        validators=[Optional()])
    logo = FileField(_l("Logotipo (PNG ou JPEG)"))
    remove_logo = BooleanField(_l("Remover o logotipo"))

