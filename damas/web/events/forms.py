"""WTForms of the event pages: the event itself, its entries, status and arbiters; messages are
translated (pt-BR default, en)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import (
    BooleanField,
    DateField,
    EmailField,
    HiddenField,
    IntegerField,
    SelectField,
    StringField,
    TextAreaField,
)
from wtforms.fields import TelField, URLField
from wtforms.validators import DataRequired, InputRequired, Length, NumberRange, Optional, ValidationError

from damas.web.events.rules_forms import EventRulesFields
from damas.web.forms_util import IntegerField, REQUIRED, choices, coerce_optional_int
from damas.engine.tiebreaks.fide_codes import normalise
from damas.engine.types import EngineError


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
        validators=[InputRequired(REQUIRED), NumberRange(min=1, max=99, message=_l("Entre 1 e 99 rodadas."))],
    )
    time_minutes = IntegerField(
        _l("Tempo por jogador (minutos)"),
        validators=[InputRequired(REQUIRED), NumberRange(min=1, max=600, message=_l("Entre 1 e 600 minutos."))],
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
    rating_list = SelectField(
        _l("Lista de rating da ordem inicial"),
        choices=choices([("regular", _l("Clássica (normal)")), ("rapid", _l("Rápida")), ("blitz", _l("Blitz"))]),
        validators=[Optional()],
        render_kw={"data-rating-list-auto": ""},
        description=_l("Já vem marcada a do ritmo de jogo (CBJD 115: normal vai para a clássica, os mais "
                       "rápidos para a rápida). Fica fixa depois que a 1ª rodada é emparceirada."),
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
        description=_l("No xadrez FIDE, o padrão é a regra em vigor na data de início: empate contra si mesmo "
                       "antes de 1º/4/2024, o oponente virtual de 2023/24 (C.07) desde então e o de 2026 "
                       "desde 1º/3/2026."),
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
    user_id = SelectField(_l("Árbitro"), coerce=coerce_optional_int, validators=[DataRequired(REQUIRED)])
