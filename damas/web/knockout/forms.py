"""Forms of the knockout pages: settings, a tie's next game, a correction."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import SelectField
from wtforms.validators import DataRequired, InputRequired, NumberRange, Optional

from damas.web.forms_util import IntegerField, choices, coerce_int

REQUIRED = _l("Campo obrigatório.")
MINUTES = NumberRange(min=0, max=600, message=_l("Entre 0 e 600 minutos."))


def result_choices(correction: bool = False) -> list:
    pairs = [
        ("1-0", _l("Vitória das Brancas")),
        ("=-=", _l("Empate")),
        ("0-1", _l("Vitória das Pretas")),
        ("+--", _l("W.O.: Pretas ausentes")),
        ("--+", _l("W.O.: Brancas ausentes")),
        ("absent", _l("Ambos ausentes (perde quem está ausente há mais tempo)")),
    ]
    if correction:
        pairs.append(("delete", _l("Apagar esta partida")))
    return choices(pairs)


class KnockoutSettingsForm(FlaskForm):
    games = IntegerField(_l("Partidas por confronto"), default=1,
                         validators=[InputRequired(REQUIRED), NumberRange(min=1, max=9, message=_l("Entre 1 e 9."))])
    drawn = SelectField(_l("Confronto empatado"), choices=choices([
        ("replay", _l("Repete-se com as cores trocadas até haver vencedor (clube)")),
        ("playoff", _l("Partidas de desempate: mini-match rápido e depois Armagedom")),
    ]))
    rapid_games = IntegerField(_l("Partidas rápidas no desempate"), default=2,
                               validators=[InputRequired(REQUIRED), NumberRange(min=1, max=9, message=_l("Entre 1 e 9."))])
    places = SelectField(_l("Colocações disputadas"), coerce=coerce_int, choices=choices([
        (2, _l("Só a final (3º–4º e 5º–8º divididos)")),
        (4, _l("Final e disputa do 3º lugar")),
        (8, _l("Também do 5º ao 8º lugar")),
        (16, _l("Também do 9º ao 16º lugar")),
    ]))


class TieGameForm(FlaskForm):
    round = IntegerField(validators=[InputRequired(REQUIRED), NumberRange(min=1)])
    tie = IntegerField(validators=[InputRequired(REQUIRED), NumberRange(min=0)])
    expected = IntegerField(validators=[InputRequired(REQUIRED), NumberRange(min=0)])
    result = SelectField(_l("Resultado"), validators=[DataRequired(REQUIRED)])
    white_minutes = IntegerField(_l("Brancas ausentes há (min)"), validators=[Optional(), MINUTES])
    black_minutes = IntegerField(_l("Pretas ausentes há (min)"), validators=[Optional(), MINUTES])

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.result.choices = result_choices()


class CorrectionForm(FlaskForm):
    game_id = IntegerField(validators=[InputRequired(REQUIRED)])
    game_version = IntegerField(validators=[InputRequired(REQUIRED)])
    result = SelectField(_l("Resultado"), validators=[DataRequired(REQUIRED)])
    white_minutes = IntegerField(_l("Brancas ausentes há (min)"), validators=[Optional(), MINUTES])
    black_minutes = IntegerField(_l("Pretas ausentes há (min)"), validators=[Optional(), MINUTES])

    def __init__(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        super().__init__(*args, **kwargs)
        self.result.choices = result_choices(correction=True)
