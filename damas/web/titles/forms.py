"""The national title form (the service checks every value again: `services.titles`)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from damas.web.forms_util import REQUIRED, IntegerField


def _number(label: object, low: int, high: int, *, required: bool) -> IntegerField:
    first = InputRequired(REQUIRED) if required else Optional()
    return IntegerField(label, validators=[first, NumberRange(min=low, max=high, message=_l(
        "Entre %(min)s e %(max)s."))])


class NationalTitleForm(FlaskForm):
    code = StringField(_l("Código"), validators=[DataRequired(REQUIRED), Length(max=12)])
    name = StringField(_l("Nome do título"), validators=[DataRequired(REQUIRED), Length(max=80)])
    rating_threshold = _number(_l("Rating mínimo do jogador (vazio: nenhum)"), 0, 3500, required=False)
    norms_needed = _number(_l("Normas exigidas"), 0, 20, required=True)
    min_games = _number(_l("Partidas por norma, no mínimo"), 1, 100, required=True)
    min_average = _number(_l("Média mínima dos adversários (vazio: nenhuma)"), 0, 3500, required=False)
    min_score_percent = _number(_l("Aproveitamento mínimo (%)"), 0, 100, required=True)
    unrated_rating = _number(_l("Adversário sem rating conta como (vazio: a partida não conta)"), 0, 3500,
                             required=False)
    women_only = BooleanField(_l("Título feminino"))
