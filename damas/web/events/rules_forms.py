"""The event form's fields for the event's round rules (default time, restricted pairings),
kept apart from `damas.web.events.forms.EventForm`, which inherits them."""
from __future__ import annotations

from flask_babel import lazy_gettext as _l
from wtforms import BooleanField, SelectField
from wtforms.validators import NumberRange, Optional

from damas.web.forms_util import IntegerField, choices


class EventRulesFields:
    """Mixed into EventForm (a WTForms form collects the fields of its bases)."""

    no_show_minutes = IntegerField(
        _l("Não comparecimento: derrota por W.O. após (minutos)"),
        validators=[Optional(), NumberRange(min=0, max=600, message=_l("Entre 0 e 600 minutos."))],
        description=_l("Minutos após o início da rodada (CBJD 95 e, 109 i); em branco, o padrão do regulamento "
                       "(CBJD: fim do primeiro controle de tempo)."),
    )
    pair_restriction = SelectField(
        _l("Emparceiramento restrito (suíço)"),
        choices=choices([("", _l("Nenhuma restrição")), ("club", _l("Evitar jogadores do mesmo clube")),
                         ("state", _l("Evitar jogadores da mesma federação (UF)"))]),
        default="",
        description=_l("FIDE-GR Emparceiramentos g: sempre que o emparceiramento permitir."),
    )
    player_reports = BooleanField(
        _l("Jogadores informam o próprio resultado"),
        description=_l("Pelo celular (Minha área ou a página da rodada): se os dois informam o mesmo resultado, "
                       "ele é lançado; senão aguarda a confirmação do árbitro."),
    )
    publish_on_pair = BooleanField(
        _l("Publicar a rodada ao emparceirar"),
        description=_l("Os resultados podem ser lançados logo após o emparceiramento, sem o passo \"Publicar "
                       "rodada\"; desmarque para conferir cada emparceiramento antes de os jogadores o verem."),
    )
