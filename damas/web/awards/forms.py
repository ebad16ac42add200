"""Forms of the categories, prizes and playoffs pages."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (BooleanField, FieldList, Form, FormField, HiddenField, SelectField, StringField,
                     SubmitField)
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from damas.web.guards.converters import MAX_DB_INT
from damas.web.forms_util import IntegerField, choices

REQUIRED = _l("Campo obrigatório.")


class CategoryForm(FlaskForm):
    code = StringField(_l("Código"), validators=[DataRequired(REQUIRED), Length(max=30)],
                       description=_l("ex.: sub-14, veteranos, sub-1600"))
    name_pt = StringField(_l("Nome"), validators=[DataRequired(REQUIRED), Length(max=80)])
    name_en = StringField(_l("Nome em inglês"), validators=[Optional(), Length(max=80)])
    max_age = IntegerField(_l("Idade máxima (sub-N, pelo ano de nascimento)"), validators=[Optional(), NumberRange(0, 120)])
    min_age = IntegerField(_l("Idade mínima (N anos ou mais)"), validators=[Optional(), NumberRange(0, 120)])
    sex = SelectField(_l("Sexo"), choices=choices([("", _l("Todos")), ("f", _l("Feminino")), ("m", _l("Masculino"))]),
                      validators=[Optional()])
    rating_min = IntegerField(_l("Rating mínimo"), validators=[Optional(), NumberRange(0, 4000)])
    rating_max = IntegerField(_l("Rating máximo"), validators=[Optional(), NumberRange(0, 4000)])
    states = StringField(_l("UFs (separadas por vírgula)"), validators=[Optional(), Length(max=120)])
    tiebreaks = StringField(_l("Desempates (códigos, vazio = padrão)"), validators=[Optional(), Length(max=200)])


class CategoryCodeForm(FlaskForm):
    code = HiddenField(validators=[DataRequired(REQUIRED)])


class CategoryTiebreaksForm(FlaskForm):
    code = HiddenField(validators=[DataRequired(REQUIRED)])
    tiebreaks = StringField(_l("Desempates"), validators=[Optional(), Length(max=200)])


class PrizeForm(FlaskForm):
    category_code = SelectField(_l("Categoria"), validators=[DataRequired(REQUIRED)])
    place = IntegerField(_l("Colocação"), validators=[InputRequired(REQUIRED), NumberRange(1, 999)])
    kind = SelectField(_l("Prêmio"), choices=choices([("trophy", _l("Troféu")), ("medal", _l("Medalha")),
                                                      ("cash", _l("Dinheiro"))]),
                       validators=[DataRequired(REQUIRED)])
    amount = StringField(_l("Valor (R$)"), validators=[Optional(), Length(max=20)])


class PrizeLineForm(Form):
    """One line of the prize table (no CSRF of its own: the table form has it)."""

    place = StringField(_l("Colocação"), validators=[Optional(), Length(max=4)])
    amount = StringField(_l("Dinheiro (R$)"), validators=[Optional(), Length(max=20)])
    trophy = BooleanField(_l("Troféu"))
    medal = BooleanField(_l("Medalha"))
    remove = BooleanField(_l("Remover"))


class PrizeTableForm(FlaskForm):
    """A category's whole prize list in one form; "more" adds blank lines without saving."""

    category_code = HiddenField(validators=[DataRequired(REQUIRED)])
    lines = FieldList(FormField(PrizeLineForm), min_entries=1, max_entries=100)
    more = SubmitField(_l("Mais linhas"))
    save = SubmitField(_l("Gravar a tabela"))


class PrizeDeleteForm(FlaskForm):
    prize_id = IntegerField(validators=[InputRequired(REQUIRED), NumberRange(1, MAX_DB_INT)])


class CashTiesForm(FlaskForm):
    cash_ties = SelectField(_l("Empates não desfeitos pelos critérios"), choices=choices([
        ("share", _l("dividem o dinheiro em jogo igualmente")),
        ("order", _l("recebem pela ordem dos critérios de desempate")),
    ]), validators=[DataRequired(REQUIRED)])


class PlayoffCreateForm(FlaskForm):
    tied = StringField(_l("Empatados (números iniciais, na ordem de desempate)"),
                       validators=[DataRequired(REQUIRED), Length(max=200)])


class PlayoffResultForm(FlaskForm):
    playoff_id = IntegerField(validators=[InputRequired(REQUIRED), NumberRange(1, MAX_DB_INT)])
    game_id = StringField(validators=[DataRequired(REQUIRED), Length(max=60)])
    white = IntegerField(_l("Brancas (nº)"), validators=[InputRequired(REQUIRED)])
    score = SelectField(_l("Resultado"), choices=choices([("1-0", "1-0"), ("1/2-1/2", "½-½"), ("0-1", "0-1")]),
                        validators=[DataRequired(REQUIRED)])
    moves = IntegerField(_l("Lances"), validators=[Optional(), NumberRange(1, 1000)])


class PlayoffDeleteForm(FlaskForm):
    playoff_id = IntegerField(validators=[InputRequired(REQUIRED), NumberRange(1, MAX_DB_INT)])
