"""A bank statement written as Brazilian banks export it (OFX 1.02 SGML, no closing tags on
elements, cp1252, CRLF, decimal comma, dates with ``[-3:BRT]``): for the demo's
reconciliation and for tests. Pure: it writes bytes from the credits it is given."""
from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Sequence

from damas.engine.fees import pix_txid
from damas.engine.folding import fold

__all__ = ["SampleLine", "demo_lines", "sample_ofx"]

BANK_ID, BRANCH_ID, ACCOUNT_ID = "001", "1234-5", "98765-4"


@dataclass(frozen=True)
class SampleLine:
    """One transaction: money in when `amount_cents` > 0 (out when < 0); `memo` carries the Pix
    transaction id (``INSC<event>J<player>``) when the payer's bank passed it on."""

    fitid: str
    posted_on: date
    amount_cents: int
    name: str = ""
    memo: str = ""


def _amount(cents: int) -> str:
    sign = "-" if cents < 0 else ""
    return f"{sign}{abs(cents) // 100},{abs(cents) % 100:02d}"


def sample_ofx(lines: Sequence[SampleLine], *, bank_id: str = BANK_ID, branch_id: str = BRANCH_ID,
               account_id: str = ACCOUNT_ID) -> bytes:
    """The statement of `lines` as an OFX 1.02 SGML file in cp1252."""
    days = [line.posted_on for line in lines] or [date(2026, 12, 1)]
    start, end = min(days).strftime("%Y%m%d"), max(days).strftime("%Y%m%d")
    out = ["OFXHEADER:100", "DATA:OFXSGML", "VERSION:102", "SECURITY:NONE", "ENCODING:USASCII", "CHARSET:1252",
           "COMPRESSION:NONE", "OLDFILEUID:NONE", "NEWFILEUID:NONE", "",
           "<OFX>", "<SIGNONMSGSRSV1>", "<SONRS>", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
           f"<DTSERVER>{end}120000[-3:BRT]", "<LANGUAGE>POR", "</SONRS>", "</SIGNONMSGSRSV1>",
           "<BANKMSGSRSV1>", "<STMTTRNRS>", "<TRNUID>1001", "<STATUS>", "<CODE>0", "<SEVERITY>INFO", "</STATUS>",
           "<STMTRS>", "<CURDEF>BRL", "<BANKACCTFROM>", f"<BANKID>{bank_id}", f"<BRANCHID>{branch_id}",
           f"<ACCTID>{account_id}", "<ACCTTYPE>CHECKING", "</BANKACCTFROM>",
           "<BANKTRANLIST>", f"<DTSTART>{start}000000[-3:BRT]", f"<DTEND>{end}235959[-3:BRT]"]
    for line in lines:
        out += ["<STMTTRN>", f"<TRNTYPE>{'CREDIT' if line.amount_cents > 0 else 'DEBIT'}",
                f"<DTPOSTED>{line.posted_on.strftime('%Y%m%d')}100000[-3:BRT]",
                f"<TRNAMT>{_amount(line.amount_cents)}", f"<FITID>{line.fitid}", f"<CHECKNUM>{line.fitid[-6:]}"]
        if line.name:
            out.append(f"<NAME>{line.name}")
        out += [f"<MEMO>{line.memo}", "</STMTTRN>"]
    balance = sum(line.amount_cents for line in lines)
    out += ["</BANKTRANLIST>", "<LEDGERBAL>", f"<BALAMT>{_amount(balance)}", f"<DTASOF>{end}", "</LEDGERBAL>",
            "</STMTRS>", "</STMTTRNRS>", "</BANKMSGSRSV1>", "</OFX>", ""]
    return "\r\n".join(out).encode("cp1252", errors="replace")


def demo_lines(event_id: int, entrants: Sequence[tuple[int, str, int]], on: date) -> list[SampleLine]:
    """A month's statement for the demo: `entrants` are (player id, full name, fee owed in
    centavos), at least two. The first pays with his entry's BR Code (its transaction id in the
    memo: matched by id), the second by a Pix typed by hand (name in capitals without accents,
    no id: matched by amount and name); then a credit nobody owes (unknown) and a bank fee
    (a debit, ignored)."""
    txid_payer, name_payer = entrants[0], entrants[1]
    plain = fold(name_payer[1]).upper() or "PAGADOR"
    stamp = on.strftime("%Y%m%d")
    return [
        SampleLine(f"{stamp}0001", on, txid_payer[2], name=txid_payer[1].upper(),
                   memo=f"PIX RECEBIDO {pix_txid(event_id, txid_payer[0])}"),
        SampleLine(f"{stamp}0002", on, name_payer[2], name=plain, memo="PIX RECEBIDO"),
        SampleLine(f"{stamp}0003", on, 2750, name="PADARIA BOM GOSTO LTDA", memo="PIX RECEBIDO"),
        SampleLine(f"{stamp}0004", on, -1990, memo="TARIFA PACOTE DE SERVICOS"),
    ]
