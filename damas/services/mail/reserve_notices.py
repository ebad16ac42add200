"""The mails of the reserve list before the start (kind "entries"): on the list of a full event,
and moved up into a place freed before the start. The reserve services call these inside their
transaction; the mails leave after its commit (`tell.tell_players`)."""
from __future__ import annotations

from datetime import datetime
from typing import Any

from flask_babel import LazyString, format_datetime
from flask_babel import lazy_gettext as _l

from damas.models import Event
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Notice
from damas.services.mail.tell import tell_players

KIND = "entries"


def _notice(event: Event, subject: Any, *lines: Any, link: str = "", label: Any = None) -> Notice:
    return Notice(subject=subject, heading=subject, lines=tuple(lines),
                  link=link or external_url("registration.event_registration", event_id=event.id),
                  link_label=label or _l("Ver a inscrição"))


def when(value: datetime) -> LazyString:
    """A date and time in the recipient's language, written when the mail is rendered."""
    return LazyString(lambda: format_datetime(value, "short"))


def reserve_joined_before_start(event: Event, player_id: int, place: int) -> None:
    tell_players(KIND, event.id, None, [(player_id, _notice(
        event, _l("Lista de reserva: %(event)s", event=event.name),
        _l("O evento %(event)s está lotado; você está na lista de reserva, na posição %(n)s.",
           event=event.name, n=place),
        _l("Se uma vaga ficar livre antes do início, o primeiro da reserva é inscrito nela e avisado por e-mail.")))])


def reserve_promoted(event: Event, player_id: int, pay_until: datetime | None, must_pay: bool) -> None:
    """A place freed before the start: the first reserve is entered. When the event confirms
    paid entries only, he is told until when to pay (`pay_until`, or the start)."""
    lines: list[Any] = [_l("Uma vaga ficou livre no evento %(event)s e você saiu da lista de reserva: "
                           "você está inscrito.", event=event.name)]
    if must_pay:
        lines.append(_l("A inscrição só fica confirmada com o pagamento da taxa, até %(when)s; veja em Minha área "
                        "como pagar.", when=when(pay_until)) if pay_until is not None else
                     _l("A inscrição só fica confirmada com o pagamento da taxa, até o início do evento; veja em "
                        "Minha área como pagar."))
    tell_players(KIND, event.id, None, [(player_id, _notice(
        event, _l("Você entrou no evento %(event)s", event=event.name), *lines,
        link=external_url("registration.my_page"), label=_l("Abrir Minha área")))])
