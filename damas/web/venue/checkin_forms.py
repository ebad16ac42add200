"""Forms of the check-in pages: the event's check-in setting, the arbiter's search box (a
starting number + Enter ticks the player) and the tick / untick buttons of a row."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import HiddenField, RadioField, StringField
from wtforms.validators import InputRequired, Length, Optional

from damas.web.forms_util import REQUIRED, IntegerField, choices


class CheckinSettingsForm(FlaskForm):
    mode = RadioField(_l("Presença dos jogadores"), choices=choices([
        ("", _l("Sem presença: todos os inscritos são emparceirados")),
        ("round_one", _l("Antes da rodada 1")),
        ("every_round", _l("Antes de todas as rodadas")),
    ]), validators=[Optional()], default="")


class CheckinSearchForm(FlaskForm):
    q = StringField(_l("Nº inicial ou nome"), validators=[Optional(), Length(max=80)])


class CheckinRowForm(FlaskForm):
    entry_id = IntegerField(validators=[InputRequired(REQUIRED)])
    action = HiddenField(validators=[InputRequired(REQUIRED)])
