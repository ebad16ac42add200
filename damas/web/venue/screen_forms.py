"""The wall screen settings form of an event (bounds checked by `save_screen_settings`)."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms.validators import InputRequired

from damas.services.venue.screen import SECONDS_MAX, SECONDS_MIN, TOP_N_MAX, TOP_N_MIN
from damas.web.forms_util import REQUIRED, IntegerField


class ScreenSettingsForm(FlaskForm):
    screen_seconds = IntegerField(_l("Segundos por página"), validators=[InputRequired(message=REQUIRED)],
                                  render_kw={"min": SECONDS_MIN, "max": SECONDS_MAX, "inputmode": "numeric"})
    screen_top_n = IntegerField(_l("Jogadores da classificação no telão"), validators=[InputRequired(message=REQUIRED)],
                                render_kw={"min": TOP_N_MIN, "max": TOP_N_MAX, "inputmode": "numeric"})
