"""Forms of the arbiter's desk (choices are filled by the routes from the event)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    DateTimeLocalField,
    DecimalField,
    HiddenField,
    IntegerField,
    SelectField,
    SelectMultipleField,
    StringField,
    TextAreaField,
)
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional

from damas.engine.integers import parse_int
from damas.web.forms_util import IntegerField, choices, coerce_int

REQUIRED = _l("Campo obrigatório.")


def _int_or_none(value: object) -> int | None:
    return None if value in (None, "", "None") else parse_int(value)


class BoardForm(FlaskForm):
    round_number = SelectField(_l("Rodada"), coerce=_int_or_none, validators=[DataRequired(REQUIRED)])
    entry_id = SelectField(_l("Jogador"), coerce=_int_or_none, validators=[DataRequired(REQUIRED)])
    # micro-match events: the game of the micro-match being played (the penalty decides that game)
    micro_game = SelectField(_l("Partida do micro match"), coerce=_int_or_none, validators=[Optional()],
                             choices=choices((("", "—"), (1, _l("1ª partida")), (2, _l("2ª partida")))))


class MoveFields(BoardForm):
    """A board form that may name a move of the board's record."""

    move_number = IntegerField(_l("Lance nº (da partida registrada)"), validators=[Optional(), NumberRange(1, 999)])
    move_side = SelectField(_l("Cor"), validators=[Optional()],
                            choices=choices((("", "—"), ("white", _l("brancas")), ("black", _l("pretas")))))


SIDE_CHOICES = (("", "—"), ("white", _l("Brancas")), ("black", _l("Pretas")))


class AtBoard(BoardForm):
    """The player named by his board (mesa and side), as the arbiter stands at
    it, instead of a list of every entrant; `entry_id` stays for the kinds of board without a
    number to type (knockout ties, team boards) and for older clients."""

    entry_id = SelectField(_l("Jogador"), coerce=_int_or_none, validators=[Optional()])
    board = IntegerField(_l("Mesa"), validators=[Optional(), NumberRange(1, 9999)])
    side = SelectField(_l("Lado"), validators=[Optional()], choices=choices(SIDE_CHOICES))


class MoveCountForm(MoveFields):
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=500)])


class IncidentForm(MoveFields, AtBoard):
    kind = SelectField(_l("Tipo"), validators=[DataRequired(REQUIRED)])
    article = StringField(_l("Artigo ou conduta"), validators=[Optional(), Length(max=80)])
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=500)])


class SanctionForm(AtBoard):
    kind = SelectField(_l("Sanção (CBJD 51)"), validators=[DataRequired(REQUIRED)])
    note = StringField(_l("Motivo"), validators=[Optional(), Length(max=500)])


class ClaimForm(MoveFields):
    entry_id = SelectField(_l("Jogador que fez o lance irregular"), coerce=_int_or_none,
                           validators=[DataRequired(REQUIRED)])
    before_own_move = BooleanField(_l("Reclamado antes de o reclamante completar o próprio lance (CBJD 59)"))
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=500)])


class ReversalForm(FlaskForm):
    penalty_id = HiddenField(validators=[DataRequired(REQUIRED)])
    reason = StringField(_l("Motivo da reversão"), validators=[DataRequired(REQUIRED), Length(max=500)])


class ConfirmNoShowForm(FlaskForm):
    """C.04.2 #2: confirm the desk's proposal to mark a no-show absent without notice."""

    entry_id = HiddenField(validators=[DataRequired(REQUIRED)])


class ExcuseForm(FlaskForm):
    entry_id = HiddenField(validators=[DataRequired(REQUIRED)])
    round_number = IntegerField(_l("Rodada do W.O."), validators=[InputRequired(REQUIRED), NumberRange(min=1)])
    reason = StringField(_l("Motivo aceito"), validators=[DataRequired(REQUIRED), Length(max=500)])


class ExpulsionForm(FlaskForm):
    entry_id = HiddenField(validators=[DataRequired(REQUIRED)])
    decision = SelectField(_l("Decisão"), choices=choices((("expel", _l("Eliminar")), ("keep", _l("Manter no torneio")))),
                           validators=[DataRequired(REQUIRED)])
    reason = StringField(_l("Motivo"), validators=[Optional(), Length(max=500)])


class CorrectionForm(FlaskForm):
    round_number = SelectField(_l("Rodada"), coerce=_int_or_none, validators=[DataRequired(REQUIRED)])
    board = IntegerField(_l("Mesa"), validators=[InputRequired(REQUIRED), NumberRange(min=1)])
    result = SelectField(_l("Resultado correto"), validators=[DataRequired(REQUIRED)])
    reason = StringField(_l("Motivo da correção"), validators=[DataRequired(REQUIRED), Length(max=500)])


class RoundActionForm(FlaskForm):
    round_number = HiddenField(validators=[DataRequired(REQUIRED)])


class SettingsForm(FlaskForm):
    incident_scope = SelectField(_l("Contagem das incidências (CBJD 60)"), validators=[DataRequired(REQUIRED)])
    extra_minutes = IntegerField(_l("Minutos acrescentados ao adversário"),
                                 validators=[InputRequired(REQUIRED), NumberRange(min=0, max=60)])
    loss_from = IntegerField(_l("Incidência que faz perder a partida"),
                             validators=[InputRequired(REQUIRED), NumberRange(min=1, max=20)])
    online = BooleanField(_l("Evento online (registrar quedas de conexão)"))
    disconnection_limit = IntegerField(_l("Queda de conexão que faz perder a partida"),
                                       validators=[InputRequired(REQUIRED), NumberRange(min=1, max=20)])
    disconnection_scope = SelectField(_l("Contagem das quedas"), validators=[DataRequired(REQUIRED)])
    forfeit_propose_after = IntegerField(_l("W.O. sem motivo que propõem eliminação (vazio: não propor)"),
                                         validators=[Optional(), NumberRange(min=1, max=20)])
    forfeit_expel_after = IntegerField(_l("W.O. que eliminam (vazio: não eliminar)"),
                                       validators=[Optional(), NumberRange(min=1, max=20)])
    correction_mode = SelectField(_l("Prazo para corrigir resultados publicados"), validators=[DataRequired(REQUIRED)])
    correction_hours = IntegerField(_l("Horas após a publicação da rodada"),
                                    validators=[InputRequired(REQUIRED), NumberRange(min=1, max=24 * 60)])
    appeal_fee = DecimalField(_l("Taxa de apelação (R$)"), places=2,
                              validators=[InputRequired(REQUIRED), NumberRange(min=0, max=100000)])
    appeal_deadline_minutes = IntegerField(_l("Prazo da apelação (minutos após a decisão)"),
                                           validators=[InputRequired(REQUIRED), NumberRange(min=1, max=60 * 24 * 30)])
    refund_if_upheld = BooleanField(_l("Devolver a taxa se a apelação for aceita"))
    refund_if_reasonable = BooleanField(_l("Devolver a taxa se rejeitada mas considerada razoável"))


class ChiefForm(FlaskForm):
    user_id = SelectField(_l("Árbitro principal"), coerce=_int_or_none, validators=[Optional()])


class MemberForm(FlaskForm):
    name = StringField(_l("Nome"), validators=[DataRequired(REQUIRED), Length(max=120)])
    birth_date = DateField(_l("Data de nascimento"), validators=[DataRequired(REQUIRED)])
    voting = BooleanField(_l("Membro votante (desmarque para suplente)"), default=True)


class RemoveMemberForm(FlaskForm):
    member_id = HiddenField(validators=[DataRequired(REQUIRED)])


class AppealForm(FlaskForm):
    entry_id = SelectField(_l("Jogador que apela"), coerce=_int_or_none, validators=[Optional()])
    appellant_name = StringField(_l("Ou nome de quem apela"), validators=[Optional(), Length(max=120)])
    round_number = IntegerField(_l("Rodada da partida em questão (opcional)"),
                                validators=[Optional(), NumberRange(min=1)])
    subject = TextAreaField(_l("Decisão contestada e motivos"), validators=[DataRequired(REQUIRED), Length(max=5000)])
    decision_at = DateTimeLocalField(_l("Hora da decisão contestada"), format="%Y-%m-%dT%H:%M",
                                     validators=[DataRequired(REQUIRED)])
    filed_at = DateTimeLocalField(_l("Hora da entrega da apelação"), format="%Y-%m-%dT%H:%M",
                                  validators=[DataRequired(REQUIRED)])
    fee_paid = DecimalField(_l("Taxa paga (R$)"), places=2, validators=[InputRequired(REQUIRED), NumberRange(min=0)])
    in_writing = BooleanField(_l("Apresentada por escrito"))
    copy_to_chief_arbiter = BooleanField(_l("Com cópia ao árbitro principal (CBJD 30)"))


class DecisionForm(FlaskForm):
    appeal_id = HiddenField(validators=[DataRequired(REQUIRED)])
    decision = SelectField(_l("Decisão"), validators=[DataRequired(REQUIRED)])
    text = TextAreaField(_l("Texto da decisão"), validators=[DataRequired(REQUIRED), Length(max=5000)])
    involved = SelectMultipleField(_l("Membros envolvidos na disputa (serão substituídos)"), coerce=coerce_int,
                                   validators=[Optional()])
