"""The Pix charge of one entry: the federation's receiving key, name and city (its settings),
the amount the entrant still owes and the entry's transaction id, as a BR Code ("copia e cola")
and as a QR code (segno: inline SVG for the page, PNG for the mail).

QR error correction level M [ours]: what the Pix apps' own codes use; a phone reads it off a
screen at any size the page gives it.
"""
from __future__ import annotations

import io
from dataclasses import dataclass

import segno
from sqlalchemy import select

from damas.extensions import db
from damas.models import FederationSettings
from damas.services.fees.accounts import EntrantFee
from damas.services.fees.brcode import PixCharge, brcode

__all__ = ["PixReceiver", "pix_receiver", "entry_brcode", "qr_svg", "qr_png"]


@dataclass(frozen=True)
class PixReceiver:
    """The federation's Pix account as its settings hold it (key already normalised)."""

    key: str
    name: str
    city: str


def pix_receiver() -> PixReceiver | None:
    """The federation's Pix account; None while staff have not set a key, name and city."""
    row = db.session.execute(select(FederationSettings.pix_key, FederationSettings.pix_name,
                                    FederationSettings.pix_city).order_by(FederationSettings.id).limit(1)).first()
    if row is None or not (row.pix_key and row.pix_name and row.pix_city):
        return None
    return PixReceiver(key=row.pix_key, name=row.pix_name, city=row.pix_city)


def entry_brcode(receiver: PixReceiver, fee: EntrantFee) -> str:
    """The BR Code paying what `fee`'s entrant still owes, marked with his entry's txid."""
    return brcode(PixCharge(key=receiver.key, name=receiver.name, city=receiver.city, txid=fee.txid,
                            amount_cents=fee.account.owed_cents or None))


def qr_svg(payload: str, title: str) -> str:
    """The code as an <svg> with a viewBox only (sized by the stylesheet), no style attribute
    (the Content-Security-Policy allows no inline style), four modules of quiet zone."""
    return segno.make_qr(payload, error="m").svg_inline(border=4, omitsize=True, title=title, svgclass="qr")


def qr_png(payload: str, scale: int = 6) -> bytes:
    """The code as a PNG (black on white, four modules of quiet zone): for the mail."""
    out = io.BytesIO()
    segno.make_qr(payload, error="m").save(out, kind="png", scale=scale, border=4)
    return out.getvalue()
