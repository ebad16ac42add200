"""What the entry mails (`entry_notices`: entry received, entered by the organisers) say about
paying the entry fee: the amount still to pay, the Pix QR code (an inline PNG) and its "copia e
cola" text, the link to the payment page, and, for an event that confirms paid entries only,
that the entry is confirmed once paid, by the payment deadline.

The fee and the BR Code are the fees area's (`damas.services.fees`), which sits above mail (it
sends mails of its own); so mail does not import it: the fees area gives the app, as it is built,
a function (event, player id) -> `EntryPayment` | None under the `HOOK` key of
``app.extensions`` (damas/web/fees/__init__.py). Without it the mails say nothing of fees.
"""
from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Callable

from flask import current_app
from flask_babel import LazyString, format_datetime
from flask_babel import lazy_gettext as _l

from damas.engine.awards import format_money
from damas.models import Event
from damas.services.mail.message import InlineImage
from damas.services.mail.tell import in_locale

__all__ = ["HOOK", "EntryPayment", "PaymentSource", "entry_payment", "install_payment_source", "payment_lines"]

HOOK = "damas.entry_payment"


@dataclass(frozen=True)
class EntryPayment:
    """An entrant's fee still to pay. `code`/`qr_png`: the BR Code and its QR image ("" / b""
    while the federation has no Pix key). `deadline`: the payment deadline, federation time."""

    amount_cents: int
    link: str
    txid: str
    code: str = ""
    qr_png: bytes = b""
    paid_to_confirm: bool = False
    deadline: datetime | None = None


PaymentSource = Callable[[Event, int], "EntryPayment | None"]


def install_payment_source(app: Any, source: PaymentSource) -> None:
    app.extensions[HOOK] = source


def entry_payment(event: Event, player_id: int) -> EntryPayment | None:
    """The player's fee still to pay in `event`, None when nothing is (or no source is set)."""
    source = current_app.extensions.get(HOOK)
    return source(event, player_id) if source is not None else None


def _when(deadline: datetime) -> LazyString:
    return LazyString(lambda: format_datetime(deadline, "short", rebase=False))


def confirmation_line(payment: EntryPayment) -> Any:
    """For an event that confirms paid entries only: the entry waits for the payment."""
    if payment.deadline is not None:
        return _l("A inscrição só fica confirmada depois do pagamento da taxa, que deve ser feito até %(deadline)s.",
                  deadline=_when(payment.deadline))
    return _l("A inscrição só fica confirmada depois do pagamento da taxa.")


def payment_lines(payment: EntryPayment) -> list[Any]:
    amount = in_locale(format_money(payment.amount_cents, "pt"), format_money(payment.amount_cents, "en"))
    lines: list[Any] = [_l("Taxa de inscrição a pagar: %(amount)s.", amount=amount)]
    if payment.code:
        lines.append(_l("Pague com Pix: leia o QR code abaixo no aplicativo do seu banco ou use o Pix Copia e "
                        "Cola. O valor e a identificação da inscrição (%(txid)s) já vêm no código.", txid=payment.txid))
    else:
        lines.append(_l("A federação ainda não tem chave Pix cadastrada: fale com ela para saber como pagar."))
    return lines


def image_of(payment: EntryPayment) -> InlineImage | None:
    if not payment.qr_png:
        return None
    return InlineImage(cid=f"pix-{payment.txid.lower()}@damas", data=payment.qr_png, filename=f"pix-{payment.txid}.png")
