"""The forms of the `federation` blueprint (its routes are in `routes`)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField
from wtforms import BooleanField, EmailField, SelectField, StringField, TextAreaField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from damas.web.forms_util import IntegerField, choices


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
    default_pairing_system = SelectField(_l("Sistema de emparceiramento padrão dos novos eventos"),
                                         validators=[Optional()])
    pix_key = StringField(_l("Chave Pix"), validators=[Optional(), Length(max=80)])
    pix_name = StringField(_l("Nome do recebedor"), validators=[Optional(), Length(max=25)])
    pix_city = StringField(_l("Cidade do recebedor"), validators=[Optional(), Length(max=15)])
    logo = FileField(_l("Logotipo (PNG ou JPEG)"))
    remove_logo = BooleanField(_l("Remover o logotipo"))



class RatingParametersForm(FlaskForm):
    """The federation list's Elo parameters (engine `cbjd`)."""

    k_new = IntegerField(_l("K do jogador novo"), validators=[InputRequired(), NumberRange(0, 100)])
    new_games = IntegerField(_l("Partidas até deixar de ser novo"), validators=[InputRequired(), NumberRange(0, 1000)])
    k_junior = IntegerField(_l("K do jogador juvenil"), validators=[InputRequired(), NumberRange(0, 100)])
    junior_age = IntegerField(_l("Idade máxima do juvenil"), validators=[InputRequired(), NumberRange(0, 30)])
    junior_below = IntegerField(_l("Juvenil: K de juvenil abaixo de"), validators=[InputRequired(), NumberRange(0, 3500)])
    k_adult = IntegerField(_l("K do adulto"), validators=[InputRequired(), NumberRange(0, 100)])
    k_master = IntegerField(_l("K do mestre"), validators=[InputRequired(), NumberRange(0, 100)])
    master_rating = IntegerField(_l("Rating de mestre (K de mestre a partir de)"),
                                 validators=[InputRequired(), NumberRange(0, 3500)])
    cap = IntegerField(_l("Diferença máxima de rating considerada"), validators=[InputRequired(), NumberRange(1, 800)])
    floor = IntegerField(_l("Piso do rating"), validators=[InputRequired(), NumberRange(0, 3000)])
    initial_rule = SelectField(_l("Rating inicial"), choices=choices([
        ("performance", _l("Desempenho (média dos adversários + dp)")), ("fixed", _l("Valor fixo"))]))
    initial_value = IntegerField(_l("Valor fixo do rating inicial"), validators=[InputRequired(), NumberRange(0, 3000)])
    initial_min_games = IntegerField(_l("Partidas mínimas contra adversários com rating"),
                                     validators=[InputRequired(), NumberRange(1, 100)])
