"""WTForms of the players register."""
from __future__ import annotations

from datetime import date

from flask_babel import lazy_gettext as _l
from flask_wtf import FlaskForm
from wtforms import DateField, EmailField, SelectField, StringField
from wtforms.validators import DataRequired, Email, Length, NumberRange, Optional, Regexp, ValidationError

from damas.web.forms_util import IntegerField, REQUIRED, STATE_CHOICES, choices, coerce_optional_int


def _rating(label: object) -> IntegerField:
    return IntegerField(label, validators=[Optional(), NumberRange(min=0, max=3500,
                                                                   message=_l("Rating entre 0 e 3500."))])


class PlayerForm(FlaskForm):
    full_name = StringField(_l("Nome completo"), validators=[DataRequired(REQUIRED), Length(max=120)])
    sex = SelectField(
        _l("Sexo"),
        choices=choices([("M", _l("Masculino")), ("F", _l("Feminino"))]),
        validators=[DataRequired(REQUIRED)],
    )
    birth_date = DateField(_l("Data de nascimento"), validators=[Optional()])
    club_id = SelectField(_l("Clube"), coerce=coerce_optional_int, validators=[Optional()])
    state = SelectField(_l("UF"), choices=STATE_CHOICES, validators=[Optional()])
    federation_id = StringField(
        _l("Nº na federação"),
        validators=[Optional(), Length(max=20), Regexp(r"^[A-Za-z0-9\-./]+$", message=_l("Use só letras, números e - . /"))],
    )
    fide_id = StringField(
        _l("FIDE ID"), validators=[Optional(), Regexp(r"^\d{1,12}$", message=_l("O FIDE ID tem só dígitos."))]
    )
    # one list per game and rate (engine.rating.lists); draughts 64's under their first names
    rating_regular = _rating(_l("Rating clássico"))
    rating_rapid = _rating(_l("Rating rápido"))
    rating_blitz = _rating(_l("Rating blitz"))
    rating_d100_regular = _rating(_l("Damas 100: clássico"))
    rating_d100_rapid = _rating(_l("Damas 100: rápido"))
    rating_d100_blitz = _rating(_l("Damas 100: blitz"))
    rating_chess_regular = _rating(_l("Xadrez: clássico"))
    rating_chess_rapid = _rating(_l("Xadrez: rápido"))
    rating_chess_blitz = _rating(_l("Xadrez: blitz"))
    # the choices (FMJD's and the federation's national titles) are set by the route; the
    # service refuses a value not among them (a form posted by hand)
    fide_title = SelectField(_l("Título FIDE (xadrez)"), validators=[Optional()])
    draughts_title = SelectField(_l("Título de damas"), validators=[Optional()])
    email = EmailField(_l("E-mail"), validators=[Optional(), Email(_l("E-mail inválido.")), Length(max=254)])

    def validate_birth_date(self, field: DateField) -> None:
        if field.data is not None and (field.data > date.today() or field.data.year < 1900):
            raise ValidationError(_l("Data de nascimento impossível."))
