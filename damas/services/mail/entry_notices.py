"""The mails about a player's own entry (kind "entries"): received, entered by the organisers, on
the reserve list, moved from the reserve list into the event, replaced as a no-show, cancelled,
withdrawn, and the event cancelled for too few entries. The entry services call these inside
their transaction; the mails leave after its commit (`tell.tell_players`)."""
from __future__ import annotations

from typing import Any, Iterable

from flask_babel import lazy_gettext as _l

from damas.models import Event
from damas.services.mail.compose import external_url
from damas.services.mail.entry_payment import EntryPayment, confirmation_line, entry_payment, image_of, payment_lines
from damas.services.mail.notify import Notice
from damas.services.mail.tell import in_locale, tell_players

KIND = "entries"


def _notice(event: Event, subject: Any, *lines: Any) -> Notice:
    return Notice(subject=subject, heading=subject, lines=tuple(lines),
                  link=external_url("events.view_event", event_id=event.id), link_label=_l("Ver o evento"))


def _tell(event: Event, player_ids: Iterable[int], notice: Notice) -> None:
    tell_players(KIND, event.id, None, ((pid, notice) for pid in player_ids))


def _with_payment(event: Event, subject: Any, lines: list[Any], payment: EntryPayment | None) -> Notice:
    """The entry notice, with what is still to pay for the entry fee (see `entry_payment`)."""
    if payment is None:
        return _notice(event, subject, *lines)
    return Notice(subject=subject, heading=subject, lines=(*lines, *payment_lines(payment)), link=payment.link,
                  link_label=_l("Pagar a inscrição"), code=payment.code, code_label=_l("Pix Copia e Cola"),
                  image=image_of(payment), image_alt=_l("QR code Pix da inscrição"))


def entry_received(event: Event, player_id: int) -> None:
    """The player entered by himself: the entry is in at once (no approval step), or, where the
    event confirms paid entries only, once paid."""
    payment = entry_payment(event, player_id)
    if payment is not None and payment.paid_to_confirm:
        subject = _l("Inscrição recebida: %(event)s", event=event.name)
        lines = [_l("Recebemos sua inscrição no evento %(event)s.", event=event.name), confirmation_line(payment)]
    else:
        subject = _l("Inscrição confirmada: %(event)s", event=event.name)
        lines = [_l("Recebemos sua inscrição no evento %(event)s e ela está confirmada.", event=event.name)]
    lines.append(_l("Se não puder jogar, cancele a inscrição em Minha área antes do início: a vaga fica livre."))
    _tell(event, [player_id], _with_payment(event, subject, lines, payment))


def entry_added(event: Event, player_id: int) -> None:
    """The organisers (staff or an arbiter of the event) entered the player."""
    payment = entry_payment(event, player_id)
    lines: list[Any] = [_l("A organização inscreveu você no evento %(event)s.", event=event.name)]
    subject = _l("Inscrição confirmada: %(event)s", event=event.name)
    if payment is not None and payment.paid_to_confirm:
        subject = _l("Inscrição recebida: %(event)s", event=event.name)
        lines.append(confirmation_line(payment))
    _tell(event, [player_id], _with_payment(event, subject, lines, payment))


def reserve_joined(event: Event, player_id: int, place: int) -> None:
    _tell(event, [player_id], _notice(
        event, _l("Lista de reserva: %(event)s", event=event.name),
        _l("Você está na lista de reserva do evento %(event)s, na posição %(n)s.", event=event.name, n=place),
        _l("Se um jogador faltar à 1ª rodada, o primeiro da reserva entra no lugar dele.")))


def reserve_substituted(event: Event, reserve_player_id: int, replaced_player_id: int, replaced_name: str,
                        where_pt: str, where_en: str) -> None:
    """The first reserve took a round-1 no-show's place; both are told."""
    tell_players(KIND, event.id, None, [
        (reserve_player_id, _notice(
            event, _l("Você entrou no evento %(event)s", event=event.name),
            _l("Você saiu da lista de reserva e entrou no evento %(event)s no lugar de %(name)s.",
               event=event.name, name=replaced_name),
            in_locale(where_pt, where_en))),
        (replaced_player_id, _notice(
            event, _l("Substituição no evento %(event)s", event=event.name),
            _l("Você não compareceu à 1ª rodada do evento %(event)s e foi substituído por um reserva.",
               event=event.name))),
    ])


def entry_cancelled(event: Event, player_id: int, by_player: bool) -> None:
    """The entry went before the start: cancelled by the player himself or by the organisers."""
    line = (_l("Sua inscrição no evento %(event)s foi cancelada, como você pediu; a vaga ficou livre.",
               event=event.name) if by_player else
            _l("A organização cancelou sua inscrição no evento %(event)s.", event=event.name))
    _tell(event, [player_id], _notice(event, _l("Inscrição cancelada: %(event)s", event=event.name), line))


def withdrawal_recorded(event: Event, player_id: int, after_round: int, note: str) -> None:
    when = (_l("A arbitragem registrou sua saída do evento %(event)s depois da rodada %(n)s: você não será "
               "mais emparceirado.", event=event.name, n=after_round) if after_round else
            _l("A arbitragem registrou sua saída do evento %(event)s antes da 1ª rodada: você não será "
               "emparceirado.", event=event.name))
    lines: list[Any] = [when]
    if note:
        lines.append(_l("Observação: %(note)s", note=note))
    _tell(event, [player_id], _notice(event, _l("Desistência registrada: %(event)s", event=event.name), *lines))


def event_cancelled(event: Event, player_ids: Iterable[int], count: int, minimum: int) -> None:
    """Too few entries at the start: the event is cancelled and every entrant told."""
    _tell(event, player_ids, _notice(
        event, _l("Evento cancelado: %(event)s", event=event.name),
        _l("O evento %(event)s foi cancelado: %(count)s inscritos, o mínimo era %(min)s.",
           event=event.name, count=count, min=minimum)))
