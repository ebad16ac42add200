"""The mails of entry fees (kind "entries": they are about the player's own entry): the entry
confirmed once its fee is paid, and what the payment deadline did to an unpaid entry. Called
inside the operation's transaction; the mails leave after its commit (`tell.tell_players`)."""
from __future__ import annotations

from typing import Any

from flask_babel import LazyString, get_locale
from flask_babel import lazy_gettext as _l

from damas.models import Event
from damas.engine.awards import format_money
from damas.services.mail.compose import external_url
from damas.services.mail.notify import Notice
from damas.services.mail.tell import tell_players

KIND = "entries"


def _tell(event: Event, player_id: int, subject: Any, *lines: Any, mine: bool = True) -> None:
    link = external_url("registration.my_page") if mine else external_url("events.view_event", event_id=event.id)
    tell_players(KIND, event.id, None, [(player_id, Notice(
        subject=subject, heading=subject, lines=tuple(lines), link=link,
        link_label=_l("Abrir Minha área") if mine else _l("Ver o evento")))])


def money_text(cents: int) -> LazyString:
    """``R$ 1.234,56`` in the language of whoever reads it (the mail's, or the page's)."""
    return LazyString(lambda: format_money(cents, "en" if str(get_locale()) == "en" else "pt"))


def entry_paid(event: Event, player_id: int) -> None:
    """The fee of an event that confirms paid entries only is settled: the entry is confirmed."""
    _tell(event, player_id, _l("Inscrição confirmada: pagamento recebido"),
          _l("Recebemos o pagamento da sua inscrição no evento %(event)s: ela está confirmada.", event=event.name))


def cancelled_unpaid(event: Event, player_id: int, refund_cents: int) -> None:
    """The payment deadline passed with the fee unpaid: the entry is cancelled."""
    lines: list[Any] = [_l("O prazo de pagamento da taxa de inscrição do evento %(event)s terminou sem o pagamento "
                           "completo: sua inscrição foi cancelada e a vaga ficou livre.", event=event.name)]
    if refund_cents:
        lines.append(_l("O valor que você pagou (%(amount)s) será devolvido.", amount=money_text(refund_cents)))
    _tell(event, player_id, _l("Inscrição cancelada: pagamento não recebido"), *lines)


def moved_to_reserve(event: Event, player_id: int, place: int) -> None:
    """The payment deadline passed with the fee unpaid: the entry moved to the end of the reserve."""
    _tell(event, player_id, _l("Inscrição na lista de reserva: pagamento não recebido"),
          _l("O prazo de pagamento da taxa de inscrição do evento %(event)s terminou sem o pagamento completo: "
             "sua inscrição passou para o fim da lista de reserva, na posição %(n)s.", event=event.name, n=place),
          _l("Se uma vaga ficar livre antes do início, o primeiro da reserva é inscrito nela; quem entra depois do "
             "prazo tem até o início do evento para pagar."))
