"""The entry fee as the entry mails tell it (`damas.services.mail.entry_payment`): what the
entrant still owes, the BR Code of it and its QR code as a PNG, the payment page's address and
the event's payment policy. Installed into the app by the fees blueprint."""
from __future__ import annotations

from sqlalchemy import select

from damas.extensions import db
from damas.models import Event, Player
from damas.services.fees.accounts import FEDERATION_TZ, account_for
from damas.services.fees.pix import entry_brcode, pix_receiver, qr_png
from damas.services.fees.schedule import schedule_row
from damas.services.mail.compose import external_url
from damas.services.mail.entry_payment import EntryPayment
from damas.services.registration.limits import aware

__all__ = ["entry_payment_of"]


def entry_payment_of(event: Event, player_id: int) -> EntryPayment | None:
    """None when the event charges no fee or the entrant owes nothing."""
    player = db.session.scalar(select(Player).where(Player.id == player_id))
    fee = account_for(event, player) if player is not None else None
    if fee is None or fee.account.owed_cents <= 0:
        return None
    receiver = pix_receiver()
    code = entry_brcode(receiver, fee) if receiver is not None else ""
    row = schedule_row(event)
    deadline = aware(row.payment_deadline) if row is not None else None
    if deadline is not None:  # the deadline as the federation's clock reads it
        deadline = deadline.astimezone(FEDERATION_TZ).replace(tzinfo=None)
    return EntryPayment(amount_cents=fee.account.owed_cents, link=external_url("fees.payment", event_id=event.id),
                        txid=fee.txid, code=code, qr_png=qr_png(code) if code else b"",
                        paid_to_confirm=bool(row is not None and row.paid_to_confirm), deadline=deadline)
