"""The check-in QR code's token: the event and the round it opens, signed with the app's
``SECRET_KEY`` (itsdangerous, a salt of its own) so a code of another event or of a round
already paired is told apart from a made-up one. The same round gives the same token: the
sheet printed for the hall stays valid until that round is paired [ours]."""
from __future__ import annotations

from flask import current_app
from flask_babel import gettext as _
from itsdangerous import BadSignature, URLSafeSerializer

from damas.services.errors import ServiceError

_SALT = "venue-checkin"


def _serializer() -> URLSafeSerializer:
    return URLSafeSerializer(current_app.config["SECRET_KEY"], salt=_SALT)


def round_token(event_id: int, round_number: int) -> str:
    """The token of the check-in before round `round_number` of the event."""
    return str(_serializer().dumps([event_id, round_number]))


def read_token(token: str) -> tuple[int, int]:
    """(event id, round number) of a token; a token not signed by us is refused."""
    try:
        value = _serializer().loads(token)
    except BadSignature:
        value = None
    if not (isinstance(value, list) and len(value) == 2 and all(type(v) is int for v in value)):
        raise ServiceError(_("Este QR code de presença não é válido (incompleto ou alterado): leia de novo o QR "
                             "code afixado no salão."))
    return value[0], value[1]
