"""WTForms for every data-entry page; messages are translated (pt-BR default, en)."""
from __future__ import annotations

from datetime import date

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    EmailField,
    HiddenField,
    IntegerField,
    PasswordField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields import TelField, URLField
from wtforms.validators import (
    DataRequired,
    Email,
    EqualTo,
    InputRequired,
    Length,
    NumberRange,
    Optional,
    Regexp,
    ValidationError,
)

from damas.web.event_rules_forms import EventRulesFields
from damas.web.forms_util import BRAZILIAN_STATES, choices

REQUIRED = _l("Campo obrigatório.")
STATE_CHOICES = choices([("", "—")] + [(uf, uf) for uf in BRAZILIAN_STATES])


def _coerce_optional_int(value: object) -> int | None:
    if value in (None, "", "None"):
        return None
    return int(value)  # type: ignore[arg-type]


class LoginForm(FlaskForm):
    email = EmailField(_l("E-mail"), validators=[DataRequired(REQUIRED), Email(_l("E-mail inválido."))])
    password = PasswordField(_l("Senha"), validators=[DataRequired(REQUIRED)])
    remember = BooleanField(_l("Manter conectado"))


class PasswordForm(FlaskForm):
    """A user's own password change: the current password, then the new one twice."""

    current = PasswordField(_l("Senha atual"), validators=[DataRequired(REQUIRED)])
    password = PasswordField(_l("Nova senha (mínimo 8 caracteres)"), validators=[
        DataRequired(REQUIRED), Length(min=8, max=128, message=_l("A senha deve ter pelo menos 8 caracteres."))])
    confirm = PasswordField(_l("Repita a nova senha"), validators=[EqualTo("password", _l("As senhas não conferem."))])


class ClubForm(FlaskForm):
    name = StringField(_l("Nome"), validators=[DataRequired(REQUIRED), Length(max=120)])
    short_name = StringField(_l("Sigla"), validators=[Optional(), Length(max=20)])
    city = StringField(_l("Cidade"), validators=[Optional(), Length(max=80)])
    state = SelectField(_l("UF"), choices=STATE_CHOICES, validators=[Optional()])


class PlayerForm(FlaskForm):
    full_name = StringField(_l("Nome completo"), validators=[DataRequired(REQUIRED), Length(max=120)])
    sex = SelectField(
        _l("Sexo"),
        choices=choices([("M", _l("Masculino")), ("F", _l("Feminino"))]),
        validators=[DataRequired(REQUIRED)],
    )
    birth_date = DateField(_l("Data de nascimento"), validators=[Optional()])
    club_id = SelectField(_l("Clube"), coerce=_coerce_optional_int, validators=[Optional()])
    state = SelectField(_l("UF"), choices=STATE_CHOICES, validators=[Optional()])
    federation_id = StringField(
        _l("Nº na federação"),
        validators=[Optional(), Length(max=20), Regexp(r"^[A-Za-z0-9\-./]+$", message=_l("Use só letras, números e - . /"))],
    )
    fide_id = StringField(
        _l("FIDE ID"), validators=[Optional(), Regexp(r"^\d{1,12}$", message=_l("O FIDE ID tem só dígitos."))]
    )
    rating_regular = IntegerField(
        _l("Rating clássico"),
        validators=[Optional(), NumberRange(min=0, max=3500, message=_l("Rating entre 0 e 3500."))],
    )
    rating_rapid = IntegerField(
        _l("Rating rápido"),
        validators=[Optional(), NumberRange(min=0, max=3500, message=_l("Rating entre 0 e 3500."))],
    )
    email = EmailField(_l("E-mail"), validators=[Optional(), Email(_l("E-mail inválido.")), Length(max=254)])

    def validate_birth_date(self, field: DateField) -> None:
        if field.data is not None and (field.data > date.today() or field.data.year < 1900):
            raise ValidationError(_l("Data de nascimento impossível."))


class EventForm(EventRulesFields, FlaskForm):
    name = StringField(_l("Nome do evento"), validators=[DataRequired(REQUIRED), Length(max=160)])
    discipline = SelectField(
        _l("Modalidade"),
        choices=choices([("damas-64", _l("Damas 64 casas")), ("damas-100", _l("Damas 100 casas")), ("xadrez", _l("Xadrez"))]),
    )
    ruleset = SelectField(
        _l("Regulamento"),
        choices=choices([("cbjd", _l("CBJD")), ("fide", _l("FIDE")), ("club", _l("Clube / online"))]),
    )
    pairing_system = SelectField(_l("Sistema de emparceiramento"))
    dutch_edition = SelectField(
        _l("Edição do suíço holandês"),
        choices=choices([("", _l("Pelo regulamento: FIDE 2025 no xadrez FIDE, 2017 nos demais")),
                         ("dutch", _l("FIDE 2017 (C.04.3 de Baku 2016)")),
                         ("dutch-2025", _l("FIDE 2025 (C.04.3 em vigor desde 1º/2/2026)"))]),
        default="",
        description=_l("Só no suíço holandês. Fica fixa depois que a 1ª rodada é emparceirada."),
    )
    planned_rounds = IntegerField(
        _l("Rodadas previstas"),
        validators=[DataRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Entre 1 e 99 rodadas."))],
    )
    time_minutes = IntegerField(
        _l("Tempo por jogador (minutos)"),
        validators=[DataRequired(REQUIRED), NumberRange(min=1, max=600, message=_l("Entre 1 e 600 minutos."))],
    )
    time_increment = IntegerField(
        _l("Incremento (segundos)"),
        default=0,
        validators=[Optional(), NumberRange(min=0, max=300, message=_l("Entre 0 e 300 segundos."))],
    )
    start_date = DateField(_l("Data de início"), validators=[DataRequired(REQUIRED)])
    end_date = DateField(_l("Data de término"), validators=[DataRequired(REQUIRED)])
    venue = StringField(_l("Local"), validators=[Optional(), Length(max=200)])
    organiser = StringField(_l("Organizador"), validators=[Optional(), Length(max=160)])
    chief_arbiter = StringField(_l("Árbitro principal"), validators=[Optional(), Length(max=120)])
    notes = TextAreaField(_l("Observações"), validators=[Optional(), Length(max=5000)])
    round_schedule = TextAreaField(
        _l("Horários das rodadas"),
        validators=[Optional(), Length(max=2000)],
        description=_l("Uma linha por rodada, na ordem: dia/mês/ano hora:minuto (ex.: 14/03/2026 09:00)."),
    )
    contact_email = EmailField(_l("E-mail da organização"), validators=[Optional(), Length(max=120)])
    contact_phone = TelField(_l("Telefone da organização"), validators=[Optional(), Length(max=40)])
    website = URLField(_l("Site do evento"), validators=[Optional(), Length(max=200)])
    pairing_bye_score = SelectField(
        _l("O bye do emparceiramento vale"),
        choices=choices([("", _l("Padrão do regulamento")), ("win", _l("Uma vitória")),
                         ("draw", _l("Um empate")), ("zero", _l("Zero"))]),
        default="",
    )
    provisional_rating = IntegerField(
        _l("Rating provisório dos jogadores sem rating"),
        validators=[Optional(), NumberRange(min=1, max=3000, message=_l("Entre 1 e 3000."))],
        description=_l("Só para a ordem inicial (ex.: 1600); em branco, os sem rating ficam no fim."),
    )
    tiebreak_order = StringField(
        _l("Ordem dos desempates"),
        validators=[Optional(), Length(max=200)],
        description=_l("Códigos separados por vírgula (ex.: PS, PS-CORR, BH-C1); em branco usa o padrão do regulamento."),
    )
    tiebreak_by_lot = BooleanField(_l("Sortear a ordem dos desempates após a última rodada (CBJD 123, 127)"))
    # The order the arbiter confirmed despite the FIDE-GR warning (tiebreaks meant for another system).
    confirm_tiebreaks = HiddenField()
    unplayed_rule = SelectField(
        _l("Partidas não jogadas nos desempates"),
        choices=choices([
            ("", _l("Padrão do regulamento")),
            ("seed", _l("Empate contra si mesmo (FIDE-TB)")),
            ("played", _l("Só adversários com partida jogada")),
            ("fide-2024", _l("Oponente virtual (FIDE C.07, 2023/24)")),
            ("fide-2026", _l("Oponente virtual limitado (FIDE C.07, desde 1º/3/2026)")),
        ]),
        default="",
        description=_l("No xadrez FIDE, o padrão é a regra de 2026 para eventos que começam a partir de "
                       "1º/3/2026."),
    )
    win_forfeits = BooleanField(_l("WIN conta também as vitórias por W.O."))
    tpr_350 = BooleanField(_l("TPR com a regra dos 350 pontos"))
    acceleration = SelectField(
        _l("Aceleração"),
        choices=choices([("", _l("Nenhuma")), ("baku", _l("Baku (FIDE C.04.5.1)"))]),
        default="",
        description=_l("Só no suíço holandês: na primeira metade das rodadas, a metade de cima da lista "
                       "recebe pontos virtuais para o emparceiramento."),
    )

    def validate_tiebreak_order(self, field: StringField) -> None:
        from damas.engine.tiebreaks.fide_codes import normalise
        from damas.engine.types import EngineError

        codes, unknown = [], []
        for code in (c.strip() for c in (field.data or "").split(",") if c.strip()):
            try:
                codes.append(normalise(code))  # FIDE spellings too: BH/C1, WON, BPG, BWG, GE
            except EngineError:
                unknown.append(code.upper())
        if unknown:
            raise ValidationError(_l("Desempate desconhecido: %(codes)s", codes=", ".join(unknown)))
        field.data = ", ".join(codes)
        if len(set(codes)) != len(codes):
            raise ValidationError(_l("Um desempate aparece duas vezes."))

    def validate_end_date(self, field: DateField) -> None:
        if self.start_date.data and field.data and field.data < self.start_date.data:
            raise ValidationError(_l("A data de término é anterior à de início."))


class EntryForm(FlaskForm):
    player_id = IntegerField(_l("Jogador"), validators=[DataRequired(REQUIRED)])


class StatusForm(FlaskForm):
    status = SelectField(
        _l("Situação"),
        choices=choices([
            ("draft", _l("Rascunho")),
            ("registration", _l("Inscrições abertas")),
            ("running", _l("Em andamento")),
            ("finished", _l("Encerrado")),
            ("cancelled", _l("Cancelado")),
        ]),
    )
    confirm = HiddenField()  # "1": the second step of a change that asks for confirmation


class ArbiterForm(FlaskForm):
    user_id = SelectField(_l("Árbitro"), coerce=_coerce_optional_int, validators=[DataRequired(REQUIRED)])


class UserForm(FlaskForm):
    email = EmailField(_l("E-mail"), validators=[DataRequired(REQUIRED), Email(_l("E-mail inválido.")), Length(max=254)])
    name = StringField(_l("Nome"), validators=[DataRequired(REQUIRED), Length(max=120)])
    role = SelectField(
        _l("Papel"),
        choices=choices([("player", _l("Jogador")), ("arbiter", _l("Árbitro")), ("staff", _l("Equipe da federação"))]),
        default="player",  # the least privileged role unless staff choose otherwise
    )
    player_id = SelectField(_l("Jogador vinculado"), coerce=_coerce_optional_int, validators=[Optional()])
    password = PasswordField(
        _l("Senha"), validators=[Optional(), Length(min=8, message=_l("A senha deve ter pelo menos 8 caracteres."))]
    )
    active = BooleanField(_l("Ativo"), default=True)


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
    entry_id = SelectField(_l("Jogador"), coerce=_coerce_optional_int, validators=[DataRequired(REQUIRED)])
    after_round = IntegerField(
        _l("Última rodada jogada"),
        validators=[InputRequired(REQUIRED), NumberRange(min=0, max=99, message=_l("Rodada inválida."))],
    )
    note = StringField(_l("Motivo"), validators=[Optional(), Length(max=200)])


class RoundRequestForm(FlaskForm):
    entry_id = SelectField(_l("Jogador"), coerce=_coerce_optional_int, validators=[DataRequired(REQUIRED)])
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
