"""Forms of self-registration: sign-up, registration settings, absence, approvals, substitution."""
from __future__ import annotations

from datetime import datetime, timezone

from flask_babel import lazy_gettext as _l
from flask_babel import to_utc
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    DateTimeLocalField,
    EmailField,
    IntegerField,
    PasswordField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.validators import ValidationError
from wtforms.validators import DataRequired, Email, EqualTo, InputRequired, Length, NumberRange, Optional

from damas.web.forms_util import IntegerField, REQUIRED, STATE_CHOICES, coerce_optional_int
from damas.web.forms_util import choices

LOCAL_FORMAT = ["%Y-%m-%dT%H:%M", "%Y-%m-%dT%H:%M:%S"]


def local_to_utc(value: datetime | None) -> datetime | None:
    """A naive date-time typed in the federation's time zone, as an aware UTC one."""
    if value is None:
        return None
    return to_utc(value).replace(tzinfo=timezone.utc)


class SignUpForm(FlaskForm):
    kind = SelectField(
        _l("Tipo de conta"),
        choices=choices([("member", _l("Sou jogador cadastrado na federação")), ("guest", _l("Sou convidado (sem cadastro)"))]),
        validators=[DataRequired(REQUIRED)],
    )
    name = StringField(_l("Nome completo"), validators=[DataRequired(REQUIRED), Length(max=120)])
    email = EmailField(_l("E-mail"), validators=[DataRequired(REQUIRED), Email(_l("E-mail inválido.")), Length(max=254)])
    password = PasswordField(_l("Senha (mínimo 8 caracteres)"), validators=[DataRequired(REQUIRED), Length(min=8, max=128, message=_l("A senha deve ter pelo menos 8 caracteres."))])
    confirm = PasswordField(_l("Repita a senha"), validators=[EqualTo("password", _l("As senhas não conferem."))])
    federation_id = StringField(_l("Número de cadastro na federação"), validators=[Optional(), Length(max=20)])
    sex = SelectField(_l("Sexo"), choices=choices([("", "—"), ("M", _l("Masculino")), ("F", _l("Feminino"))]),
                      validators=[Optional()])
    birth_date = DateField(_l("Data de nascimento"), validators=[Optional()])
    state = SelectField(_l("UF"), choices=STATE_CHOICES, validators=[Optional()])

    def validate_federation_id(self, field: StringField) -> None:
        if self.kind.data == "member" and not (field.data or "").strip():
            raise ValidationError(_l("Informe o seu número de cadastro na federação."))

    def validate_sex(self, field: SelectField) -> None:
        if self.kind.data == "guest" and field.data not in ("M", "F"):
            raise ValidationError(_l("Informe o sexo."))


class SettingsForm(FlaskForm):
    self_registration = BooleanField(_l("Aceitar inscrições pelo site"))
    opens_at = DateTimeLocalField(_l("Inscrições abrem em"), format=LOCAL_FORMAT, validators=[Optional()])
    closes_at = DateTimeLocalField(_l("Inscrições encerram em"), format=LOCAL_FORMAT, validators=[Optional()])
    capacity = IntegerField(_l("Número de vagas"), validators=[Optional(), NumberRange(min=2, max=5000, message=_l("Entre 2 e 5000."))])
    guest_policy = SelectField(
        _l("Convidados (sem cadastro na federação)"),
        choices=choices([("open", _l("Aceitos")), ("limited", _l("Número limitado de vagas")),
                         ("none", _l("Só membros: sem convidados"))]),
        validators=[DataRequired(REQUIRED)],
    )
    guest_places = IntegerField(_l("Vagas para convidados"), validators=[Optional(), NumberRange(min=0, max=5000, message=_l("Número inválido."))])
    guests_from = DateTimeLocalField(_l("Convidados admitidos a partir de"), format=LOCAL_FORMAT, validators=[Optional()])
    rating_ceiling = IntegerField(_l("Teto de rating (lista do ritmo do evento)"), validators=[Optional(), NumberRange(min=0, max=4000, message=_l("Número inválido."))])
    min_entries = IntegerField(_l("Mínimo de inscritos (menos que isso no início cancela o evento)"), validators=[Optional(), NumberRange(min=2, max=5000, message=_l("Pelo menos 2."))])
    online = BooleanField(_l("Evento online: um torneio por jogador de cada vez; começa quando a última vaga é preenchida"))
    allow_half_bye = BooleanField(_l("Permitir bye de meio ponto avisado pelo jogador"))
    schedule = TextAreaField(_l("Programação (rodadas, horários)"), validators=[Optional(), Length(max=5000)])
    prizes = TextAreaField(_l("Premiação"), validators=[Optional(), Length(max=5000)])
    contacts = TextAreaField(_l("Contatos"), validators=[Optional(), Length(max=2000)])

    def service_data(self) -> dict:
        data = dict(self.data)
        for name in ("opens_at", "closes_at", "guests_from"):
            data[name] = local_to_utc(data[name])
        return data


class AbsenceForm(FlaskForm):
    round_number = IntegerField(_l("Rodada"), validators=[InputRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Rodada inválida."))])
    kind = SelectField(
        _l("Aviso"),
        choices=choices([("zero_bye", _l("Ausência avisada (zero ponto)")), ("half_bye", _l("Bye de meio ponto")),
                         ("", _l("Retirar o aviso"))]),
        validators=[Optional()],
    )


class DecisionForm(FlaskForm):
    signup_id = IntegerField(validators=[DataRequired(REQUIRED)])
    decision = SelectField(choices=choices([("approve", _l("Aprovar")), ("reject", _l("Recusar"))]),
                           validators=[DataRequired(REQUIRED)])
    note = StringField(_l("Observação"), validators=[Optional(), Length(max=200)])


class SubstituteForm(FlaskForm):
    entry_id = SelectField(_l("Jogador ausente na 1ª rodada"), coerce=coerce_optional_int,
                           validators=[DataRequired(REQUIRED)])


class UnmatchedForm(FlaskForm):
    """Staff resolve an unmatched sign-up: dismiss it, or link it to the player with this number."""

    request_id = IntegerField(validators=[DataRequired(REQUIRED)])
    action = SelectField(choices=choices([("link", _l("Ligar ao jogador")), ("dismiss", _l("Descartar"))]),
                         validators=[DataRequired(REQUIRED)])
    federation_id = StringField(_l("Número de cadastro do jogador"), validators=[Optional(), Length(max=40)])
