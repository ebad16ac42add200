"""Forms of the micro-match pages: settings, new event, openings upload, team entry."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from flask_wtf.file import FileField, FileRequired
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import DataRequired, Length, NumberRange, Optional

from damas.web.events.forms import EventForm
from damas.web.forms_util import IntegerField, choices

REQUIRED = _l("Campo obrigatório.")


def scoring_choices() -> list:
    return choices([("game", _l("Pontos de partida (soma das duas partidas, 0 a 4)")),
                    ("match", _l("Pontos de match (2/1/0), pontos de partida como desempate"))])


def games_per_board_choices() -> list:
    return choices([(2, _l("Duas (micro match, CBJD 120)")), (1, _l("Uma (match por equipes da FIDE)"))])


def opening_choices() -> list:
    return choices([("round", _l("Uma abertura por rodada (todas as mesas)")),
                    ("board", _l("Uma abertura por mesa/tabuleiro")),
                    ("none", _l("Sem sorteio de aberturas"))])


class MicroSettingsForm(FlaskForm):
    team = BooleanField(_l("Evento por equipes (CBJD 120)"))
    boards = IntegerField(_l("Tabuleiros por equipe"), default=4,
                          validators=[Optional(), NumberRange(min=1, max=12, message=_l("Entre 1 e 12 tabuleiros."))])
    games_per_board = SelectField(_l("Partidas por tabuleiro (equipes)"), choices=games_per_board_choices(),
                                  default=2, coerce=int)
    scoring = SelectField(_l("Pontuação do micro match"), choices=scoring_choices())
    openings = SelectField(_l("Sorteio de aberturas (Sistema Loteria)"), choices=opening_choices())


class MicroEventForm(EventForm):
    """A new event already set to the Brazilian system, with its micro-match settings."""

    team = BooleanField(_l("Evento por equipes (CBJD 120)"))
    boards = IntegerField(_l("Tabuleiros por equipe"), default=4,
                          validators=[Optional(), NumberRange(min=1, max=12, message=_l("Entre 1 e 12 tabuleiros."))])
    games_per_board = SelectField(_l("Partidas por tabuleiro (equipes)"), choices=games_per_board_choices(),
                                  default=2, coerce=int)
    scoring = SelectField(_l("Pontuação do micro match"), choices=scoring_choices())
    openings = SelectField(_l("Sorteio de aberturas (Sistema Loteria)"), choices=opening_choices())


class OpeningsUploadForm(FlaskForm):
    file = FileField(_l("Arquivo CSV (código, lances, nome opcional)"),
                     validators=[FileRequired(_l("Escolha o arquivo CSV."))])


class TeamForm(FlaskForm):
    name = StringField(_l("Nome da equipe"), validators=[DataRequired(REQUIRED), Length(max=120)])
    club = StringField(_l("Clube"), validators=[Optional(), Length(max=120)])
    city = StringField(_l("Cidade"), validators=[Optional(), Length(max=80)])
    captain_user_id = SelectField(_l("Capitão (usuário jogador)"), coerce=str, validators=[Optional()])
    captain_name = StringField(_l("Nome do capitão"), validators=[Optional(), Length(max=120)])
    players = StringField(_l("Jogadores na ordem dos tabuleiros (números de cadastro, separados por vírgula; "
                             "reservas no fim)"), validators=[DataRequired(REQUIRED), Length(max=500)])
