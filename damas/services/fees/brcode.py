"""The static Pix BR Code of one entry: the EMV QR "merchant presented mode" payload as the Banco
Central's *Manual de Padrões para Iniciação do Pix* (annex: BR Code) defines it, and a small
reader of such payloads. Pure: no Flask, no database.

Fields, in the manual's order, each ``ID`` (2 digits) ``length`` (2 digits) ``value``:

- ``00`` payload format indicator ``01``;
- ``26`` merchant account information: ``00`` GUI ``br.gov.bcb.pix``, ``01`` the Pix key;
- ``52`` merchant category code ``0000``; ``53`` currency ``986`` (real);
- ``54`` the amount (``45.00``), omitted when there is none (the payer types it);
- ``58`` country ``BR``; ``59`` merchant name (up to 25); ``60`` merchant city (up to 15);
- ``62`` additional data: ``05`` the transaction id (up to 25 letters and digits, ``***`` for none);
- ``63`` CRC16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF) over the whole payload up to and
  including ``6304``, as four uppercase hexadecimal digits.

Name and city are written in plain ASCII [ours]: the manual allows only the EMV "alphanumeric
special" characters there, and the length prefix counts characters while several bank apps count
bytes, so an accented letter (two bytes in UTF-8) makes them reject the code. Accents are dropped
("São Paulo" -> "Sao Paulo"), the case is kept as given (the manual's own example is
"Fulano de Tal"), and the text is cut at the field's limit.
"""
from __future__ import annotations

import binascii
import re
import unicodedata
from dataclasses import dataclass

__all__ = ["GUI", "NAME_MAX", "CITY_MAX", "TXID_MAX", "PixCharge", "BrCodeError", "brcode", "crc16",
           "amount_text", "plain_ascii", "read_fields", "read_brcode"]

GUI = "br.gov.bcb.pix"
NAME_MAX = 25
CITY_MAX = 15
TXID_MAX = 25
_TXID = re.compile(r"^[A-Za-z0-9]{1,25}$")
_FIELD = re.compile(r"^\d{2}$")


class BrCodeError(ValueError):
    """A charge that cannot be written as a BR Code, or a payload that is not one."""


@dataclass(frozen=True)
class PixCharge:
    """What one BR Code asks for: pay `amount_cents` (None: the payer types the amount) to the
    Pix `key` of `name` in `city`, marked with `txid`."""

    key: str
    name: str
    city: str
    txid: str = "***"
    amount_cents: int | None = None


def plain_ascii(text: str, limit: int) -> str:
    """`text` without accents or characters outside printable ASCII, spaces collapsed, cut at
    `limit` characters (see the module docstring for why)."""
    decomposed = unicodedata.normalize("NFKD", text)
    ascii_only = "".join(c for c in decomposed if " " <= c <= "~")
    return " ".join(ascii_only.split())[:limit].rstrip()


def amount_text(cents: int) -> str:
    """``4500`` -> ``"45.00"``: the manual's amount, a point and two decimals."""
    if cents < 0:
        raise BrCodeError("negative amount")
    return f"{cents // 100}.{cents % 100:02d}"


def crc16(data: str) -> str:
    """CRC16/CCITT-FALSE of `data` (UTF-8) as four uppercase hexadecimal digits."""
    return f"{binascii.crc_hqx(data.encode('utf-8'), 0xFFFF):04X}"


def _field(tag: str, value: str) -> str:
    if not value or len(value) > 99:
        raise BrCodeError(f"field {tag}: {len(value)} characters (1 to 99)")
    return f"{tag}{len(value):02d}{value}"


def brcode(charge: PixCharge) -> str:
    """The BR Code ("copia e cola" text) of `charge`."""
    name = plain_ascii(charge.name, NAME_MAX)
    city = plain_ascii(charge.city, CITY_MAX)
    if not charge.key or not name or not city:
        raise BrCodeError("key, merchant name and city are required")
    if charge.txid != "***" and not _TXID.match(charge.txid):
        raise BrCodeError(f"transaction id {charge.txid!r}: 1 to 25 letters and digits")
    parts = [_field("00", "01"),
             _field("26", _field("00", GUI) + _field("01", charge.key)),
             _field("52", "0000"),
             _field("53", "986")]
    if charge.amount_cents:
        parts.append(_field("54", amount_text(charge.amount_cents)))
    parts += [_field("58", "BR"), _field("59", name), _field("60", city),
              _field("62", _field("05", charge.txid)), "6304"]
    payload = "".join(parts)
    return payload + crc16(payload)


def read_fields(text: str) -> list[tuple[str, str]]:
    """The (ID, value) pairs of one level of an EMV payload, in order; BrCodeError when the
    text does not split into whole fields."""
    fields, at = [], 0
    while at < len(text):
        tag, size = text[at:at + 2], text[at + 2:at + 4]
        if not (_FIELD.match(tag) and _FIELD.match(size)) or at + 4 + int(size) > len(text):
            raise BrCodeError(f"malformed field at position {at}")
        fields.append((tag, text[at + 4:at + 4 + int(size)]))
        at += 4 + int(size)
    return fields


def read_brcode(payload: str) -> PixCharge:
    """The charge a static Pix BR Code asks for; BrCodeError when its CRC is wrong, it is not a
    Pix code or a required field is missing."""
    payload = payload.strip()
    if len(payload) < 8 or payload[-8:-4] != "6304" or crc16(payload[:-4]) != payload[-4:].upper():
        raise BrCodeError("bad or missing CRC")
    top = dict(read_fields(payload[:-8]))
    account = dict(read_fields(top.get("26", "")))
    if top.get("00") != "01" or account.get("00", "").lower() != GUI or "01" not in account:
        raise BrCodeError("not a Pix BR Code")
    extra = dict(read_fields(top.get("62", "")))
    amount = top.get("54")
    if amount is not None and not re.match(r"^\d+(\.\d{1,2})?$", amount):
        raise BrCodeError(f"bad amount {amount!r}")
    cents = None
    if amount is not None:
        whole, _dot, frac = amount.partition(".")
        cents = int(whole) * 100 + int((frac + "00")[:2])
    return PixCharge(key=account["01"], name=top.get("59", ""), city=top.get("60", ""),
                     txid=extra.get("05", "***"), amount_cents=cents)
