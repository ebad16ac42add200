"""WTForms of the round pages: round-robin generation, pairing numbers, withdrawals, round requests."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from damas.web.forms_util import IntegerField, REQUIRED, choices, coerce_optional_int


class GenerateRoundRobinForm(FlaskForm):
    method = SelectField(
        _l("Números de emparceiramento"),
        choices=choices([("rating", _l("Por rating")), ("lot", _l("Por sorteio")), ("varma", _l("Sorteio Varma (9 a 24)"))]),
    )
    double = BooleanField(_l("Turno e returno (todos contra todos duplo)"))


class ManualNumbersForm(FlaskForm):
    """Pairing numbers drawn at the technical meeting; the numbers come as `number-<entry id>`."""

    double = BooleanField(_l("Turno e returno (todos contra todos duplo)"))


class WithdrawalForm(FlaskForm):
    entry_id = SelectField(_l("Jogador"), coerce=coerce_optional_int, validators=[DataRequired(REQUIRED)])
    after_round = IntegerField(
        _l("Última rodada jogada"),
        validators=[InputRequired(REQUIRED), NumberRange(min=0, max=99, message=_l("Rodada inválida."))],
    )
    note = StringField(_l("Motivo"), validators=[Optional(), Length(max=200)])


class RoundRequestForm(FlaskForm):
    entry_id = SelectField(_l("Jogador"), coerce=coerce_optional_int, validators=[DataRequired(REQUIRED)])
    round_number = IntegerField(
        _l("Rodada"), validators=[DataRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Rodada inválida."))]
    )
    kind = SelectField(
        _l("Pedido"),
        choices=choices([
            ("half_bye", _l("Bye de meio ponto")),
            ("zero_bye", _l("Ausência avisada (bye de zero ponto)")),
            ("absent", _l("Fora desta rodada só (não emparceirar, 0 ponto)")),
            ("", _l("Cancelar pedido")),
        ]),
        validators=[Optional()],
    )
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=200)])
