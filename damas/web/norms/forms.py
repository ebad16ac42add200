"""The norm settings form of a chess event (B.01 1.4.1b, 1.4.3a-d, 1.1)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import BooleanField, SelectField, StringField
from wtforms.validators import Length

from damas.web.forms_util import choices

KIND_CHOICES = [
    ("ordinary", _l("Torneio comum")),
    ("national_championship_final", _l("Final de campeonato nacional (1.4.3a)")),
    ("national_team_championship", _l("Campeonato nacional por equipes (1.4.3b)")),
    ("zonal", _l("Zonal ou subzonal (1.4.3c)")),
    ("team_championship", _l("Campeonato mundial ou continental por equipes ou clubes (1.4.1b)")),
    ("world_cup", _l("Copa do Mundo (1.4.1b)")),
]


class NormSettingsForm(FlaskForm):
    """The choices are checked by `save_norm_settings` (one clear message, nothing saved)."""

    kind = SelectField(_l("Tipo de evento para as normas"), choices=choices(KIND_CHOICES), validate_choice=False)
    host_federation = StringField(_l("Federação anfitriã (código FIDE)"), validators=[Length(max=10)])
    chief_arbiter_title = SelectField(_l("Título FIDE do árbitro principal"), choices=choices(
        [("", _l("não registrado")), ("IA", "IA"), ("FA", "FA"), ("NA", "NA")]), validate_choice=False)
    foreign_field = BooleanField(_l("Suíço com participação estrangeira suficiente (1.4.3d)"))
