"""The kinds of notification mail, each one a choice on "Minha área" and a one-click unsubscribe
(RFC 8058). Account mails (password, address) are not here: nobody turns those off."""
from __future__ import annotations

from dataclasses import dataclass

from flask_babel import lazy_gettext as _l


@dataclass(frozen=True, slots=True)
class NotificationKind:
    code: str  # stored in MailOptOut.kind (at most 20 characters)
    label: object  # a lazy string: what the preferences page and the unsubscribe page say


KINDS: tuple[NotificationKind, ...] = (
    NotificationKind("entries", _l("Minhas inscrições: recebida, confirmada, lista de espera, cancelada, desistência")),
    NotificationKind("pairings", _l("Minhas rodadas publicadas: mesa, cor, adversário e horário")),
    NotificationKind("results", _l("Meus resultados: lançados, relatos à espera do adversário ou em conflito")),
    NotificationKind("discipline", _l("Incidentes, sanções e recursos que me dizem respeito")),
    NotificationKind("ratings", _l("Meu rating ao fechar um período")),
    NotificationKind("arbiter", _l("Árbitro: relatos de resultado à espera nas minhas rodadas")),
    NotificationKind("announcements", _l("Avisos da federação aos inscritos de um evento")),
)
BY_CODE = {kind.code: kind for kind in KINDS}
