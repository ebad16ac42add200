"""The one mail of a championship entry (kind "entries"): the sections the player entered in one
go, and the single fee still to pay with its Pix code. The sections' own entry mails are
withheld meanwhile (`tell.withheld`), so he gets one mail, not one per section."""
from __future__ import annotations

from typing import Any, Sequence

from flask_babel import lazy_gettext as _l

from damas.models import Event
from damas.models.championships import Championship
from damas.services.mail.compose import external_url
from damas.services.mail.entry_payment import confirmation_line, entry_payment, image_of, payment_lines
from damas.services.mail.notify import Notice
from damas.services.mail.tell import tell_players

KIND = "entries"


def sections_entered(championship: Championship, player_id: int, events: Sequence[Event], by_player: bool) -> None:
    """Tell the player the sections he is now entered in; call inside the entry's transaction,
    after the fee is settled (the mail leaves after the commit)."""
    subject = _l("Inscrição no campeonato %(name)s", name=championship.name)
    first = (_l("Recebemos sua inscrição no campeonato %(name)s, nas seções:", name=championship.name) if by_player
             else _l("A organização inscreveu você no campeonato %(name)s, nas seções:", name=championship.name))
    lines: list[Any] = [first, *(f"• {event.name}" for event in events)]
    payment, where = None, None
    for event in events:
        payment = entry_payment(event, player_id)
        if payment is not None:
            where = event
            break
    link, label = external_url("championships.enter", championship_id=championship.id), _l("Ver minhas seções")
    if payment is None or where is None:
        tell_players(KIND, None, None, [(player_id, Notice(subject=subject, heading=subject, lines=tuple(lines),
                                                           link=link, link_label=label))])
        return
    lines.append(_l("Taxa única do campeonato, paga na seção %(section)s; nas outras seções a taxa fica isenta.",
                    section=where.name))
    if payment.paid_to_confirm:
        lines.append(confirmation_line(payment))
    lines.extend(payment_lines(payment))
    notice = Notice(subject=subject, heading=subject, lines=tuple(lines), link=payment.link,
                    link_label=_l("Pagar a inscrição"), code=payment.code, code_label=_l("Pix Copia e Cola"),
                    image=image_of(payment), image_alt=_l("QR code Pix da inscrição"))
    tell_players(KIND, None, None, [(player_id, notice)])
