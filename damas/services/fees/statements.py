"""The federation's bank statement read into its credits (pure: no database). Formats:

- OFX 1.x as Brazilian banks export it: SGML header lines (``OFXHEADER:100``, ``CHARSET:1252``),
  element tags without closing tags, cp1252 text, amounts ``45.00`` or ``45,00``, dates like
  ``20261201120000[-3:BRT]``;
- OFX 2.x (XML);
- CSV as banks export it: ``;`` or ``,`` separated, decimal comma, ``dd/mm/aaaa`` dates, columns
  found by their header (Data, Valor, Descrição/Histórico, Nome/Pagador, Identificador/Documento).

Only credits (positive amounts) are kept; debits are counted and ignored. A file that is not a
statement, not UTF-8 nor cp1252 text, truncated, too large, with a transaction id twice or
without any credit is refused with a message, before anything is written.

**Why a reader of our own** and not ofxparse 0.21 or ofxtools 1.1.1 (both tried on exports as
Brazilian banks write them): ofxtools validates the OFX specification strictly, so an empty
element (``<MEMO>`` with no text, common in these exports) derails the whole parse, and a
statement without ``<LEDGERBAL>`` or with ``CHARSET:UTF-8`` is refused; ofxparse returns an
empty statement, without error, for a file cut in the middle of its transaction list, and fails
on ``CHARSET:UTF-8`` and on a file without line breaks. What the reconciliation needs (account,
FITID, date, amount, name, memo) is a few tags, read here tolerantly.

**[ours]** The posted date is the federation's calendar day (São Paulo): a date with a time zone
is converted to it, one without is taken as local. A CSV without a transaction-id column is
refused (a statement read twice must book nothing twice: without the bank's id it cannot tell).
"""
from __future__ import annotations

import csv
import html
import io
import re
from dataclasses import dataclass
from datetime import date, datetime, timedelta, timezone
from decimal import Decimal, InvalidOperation
from zoneinfo import ZoneInfo

from flask_babel import gettext as _

from damas.engine.folding import fold
from damas.services.errors import ServiceError

__all__ = ["Credit", "Statement", "MAX_STATEMENT_BYTES", "read_statement"]

MAX_STATEMENT_BYTES = 2 * 1024 * 1024  # a year of a federation's account is well under it
LOCAL_TZ = ZoneInfo("America/Sao_Paulo")
_TAG = re.compile(r"<(/?)([A-Za-z0-9_.]+)\s*>([^<]*)")
_DATE = re.compile(r"^(\d{8})(\d{6})?(?:\.\d+)?(?:\[([+-]?\d{1,2}(?:\.\d+)?)(?::[^\]]*)?\])?$")
_CONTROL = re.compile(r"[\x00-\x08\x0b\x0e-\x1f\x7f]")
MAX_ID = 80      # fee_payment.bank_ref
MAX_ACCOUNT = 60  # fee_payment.bank_account


@dataclass(frozen=True)
class Credit:
    """Money in on the federation's account. `account`: the bank account id; `fitid`: the
    bank's transaction id (OFX FITID, the CSV's id column)."""

    account: str
    fitid: str
    posted_on: date
    amount_cents: int
    payer_name: str
    memo: str

    @property
    def key(self) -> tuple[str, str]:
        return (self.account, self.fitid)


@dataclass(frozen=True)
class Statement:
    format: str                          # "OFX 1 (SGML)", "OFX 2 (XML)", "CSV"
    encoding: str                        # "UTF-8" or "cp1252"
    credits: tuple[Credit, ...]
    debits: int                          # debits ignored
    missing_columns: tuple[str, ...] = ()  # optional CSV columns not found


def read_statement(data: bytes) -> Statement:
    """The credits of a statement file, or ServiceError saying why it cannot be read."""
    if len(data) > MAX_STATEMENT_BYTES:
        raise ServiceError(_("O extrato tem %(size)s; o limite é %(limit)s. Nada foi gravado: exporte um "
                             "período menor.", size=_size(len(data)), limit=_size(MAX_STATEMENT_BYTES)), "file")
    if data[:5] == b"%PDF-" or data[:4] == b"PK\x03\x04":
        raise ServiceError(_("Este arquivo é um PDF ou uma planilha Excel: exporte o extrato do banco em OFX "
                             "(Money/Quicken) ou CSV. Nada foi gravado."), "file")
    text, encoding = _decode(data)
    stripped = text.lstrip()
    head = stripped[:4000].upper()
    if head.startswith("OFXHEADER") or "<OFX>" in head or (head.startswith("<?XML") and "<OFX" in head):
        xml = head.startswith("<?XML") or "OFXHEADER=\"200\"" in head.replace(" ", "")
        statement = _read_ofx(stripped, encoding, "OFX 2 (XML)" if xml else "OFX 1 (SGML)")
    elif stripped:
        statement = _read_csv(stripped, encoding)
    else:
        raise ServiceError(_("O arquivo está vazio."), "file")
    _check(statement)
    return statement


def _size(n: int) -> str:
    return f"{n / 1024 / 1024:.1f} MB".replace(".", ",") if n >= 1024 * 1024 else f"{max(1, n // 1024)} KB"


def _decode(data: bytes) -> tuple[str, str]:
    """UTF-8 (with or without BOM), else cp1252 (Windows-1252, what Brazilian banks write)."""
    try:
        text, encoding = data.decode("utf-8-sig"), "UTF-8"
    except UnicodeDecodeError:
        try:
            text, encoding = data.decode("cp1252"), "cp1252"
        except UnicodeDecodeError:
            raise ServiceError(_("O arquivo não é texto UTF-8 nem Windows-1252 (cp1252): não parece um extrato "
                                 "exportado pelo banco. Nada foi gravado."), "file") from None
    bad = _CONTROL.search(text)
    if bad:
        line = text.count("\n", 0, bad.start()) + 1
        raise ServiceError(_("O arquivo tem um caractere de controle (código %(code)s) na linha %(line)s: não é um "
                             "extrato em texto (ou está corrompido). Nada foi gravado.",
                             code=ord(bad.group()), line=line), "file")
    return text, encoding


def _check(statement: Statement) -> None:
    seen: set[tuple[str, str]] = set()
    for credit in statement.credits:
        if credit.key in seen:
            raise ServiceError(_("O identificador de transação %(id)s aparece duas vezes no arquivo: o extrato está "
                                 "inconsistente. Nada foi gravado.", id=credit.fitid), "file")
        seen.add(credit.key)
    if not statement.credits:
        raise ServiceError(_("O extrato não tem nenhum crédito (entrada de dinheiro): nada a conciliar."), "file")


def _cents(text: str, where: str) -> int:
    """An amount as banks write it (45.00, 45,00, -1.234,56, +45) in centavos."""
    raw = text.strip().replace(" ", "").replace("R$", "")
    if "," in raw and "." in raw:
        raw = raw.replace(".", "").replace(",", ".") if raw.rfind(",") > raw.rfind(".") else raw.replace(",", "")
    else:
        raw = raw.replace(",", ".")
    try:
        cents = Decimal(raw) * 100
    except InvalidOperation:
        cents = Decimal("NaN")
    if not cents.is_finite() or cents != cents.to_integral_value():
        raise ServiceError(_("Valor ilegível em %(where)s: \"%(value)s\". Nada foi gravado.",
                             where=where, value=text.strip()[:30]), "file")
    return int(cents)


def _ofx_date(text: str, where: str) -> date:
    found = _DATE.match(text.strip())
    if not found:
        raise ServiceError(_("Data ilegível em %(where)s: \"%(value)s\". Nada foi gravado.",
                             where=where, value=text.strip()[:30]), "file")
    day, clock, offset = found.groups()
    try:
        moment = datetime.strptime(day + (clock or "120000"), "%Y%m%d%H%M%S")
    except ValueError:
        raise ServiceError(_("Data ilegível em %(where)s: \"%(value)s\". Nada foi gravado.",
                             where=where, value=text.strip()[:30]), "file") from None
    if offset is None or clock is None:
        return moment.date()
    zone = timezone(timedelta(hours=float(offset)))
    return moment.replace(tzinfo=zone).astimezone(LOCAL_TZ).date()


def _text(value: str | None, limit: int = 200) -> str:
    return " ".join(html.unescape(value or "").split())[:limit]


def _read_ofx(text: str, encoding: str, kind: str) -> Statement:
    """OFX 1 (SGML, closing tags optional) and OFX 2 (XML) alike: the tags are read in order;
    an element's value is the text up to the next tag."""
    body = text[text.upper().find("<OFX"):] if "<OFX" in text.upper() else text
    account = ""
    acct: dict[str, str] = {}
    trn: dict[str, str] | None = None
    trns: list[tuple[str, dict[str, str]]] = []
    lists_open = lists_closed = 0
    for found in _TAG.finditer(body):
        closing, name, value = found.group(1) == "/", found.group(2).upper(), found.group(3)
        if name in ("BANKACCTFROM", "CCACCTFROM") and not closing:
            acct = {}  # each statement of the file names its account before its transactions
        elif name in ("BANKID", "BRANCHID", "ACCTID") and not closing:
            acct[name] = _text(value, MAX_ACCOUNT)
            account = "/".join(acct[k] for k in ("BANKID", "BRANCHID", "ACCTID") if acct.get(k))[:MAX_ACCOUNT]
        elif name == "BANKTRANLIST":
            if closing:
                lists_closed += 1
                trn = None
            else:
                lists_open += 1
        elif name == "STMTTRN":
            trn = None if closing else {}
            if trn is not None:
                trns.append((account, trn))
        elif trn is not None and not closing and name in ("TRNAMT", "FITID", "DTPOSTED", "NAME", "MEMO", "PAYEEID"):
            trn[name] = _text(value, 400)
    if lists_open == 0:
        raise ServiceError(_("O arquivo OFX não tem lista de transações (<BANKTRANLIST>): não é um extrato de "
                             "conta. Nada foi gravado."), "file")
    if lists_closed < lists_open:
        raise ServiceError(_("O arquivo OFX está incompleto: termina antes do fim da lista de transações "
                             "(</BANKTRANLIST>). Baixe o extrato de novo no banco. Nada foi gravado."), "file")
    credits: list[Credit] = []
    debits = 0
    for number, (acc, trn) in enumerate(trns, start=1):
        where = _("transação %(n)s", n=number)
        for tag in ("TRNAMT", "FITID", "DTPOSTED"):
            if not trn.get(tag):
                raise ServiceError(_("A %(where)s do arquivo OFX não tem <%(tag)s>. Nada foi gravado.",
                                     where=where, tag=tag), "file")
        cents = _cents(trn["TRNAMT"], where)
        posted = _ofx_date(trn["DTPOSTED"], where)
        if len(trn["FITID"]) > MAX_ID:
            raise ServiceError(_("O identificador da %(where)s passa de %(n)s caracteres. Nada foi gravado.",
                                 where=where, n=MAX_ID), "file")
        if cents <= 0:
            debits += 1
            continue
        credits.append(Credit(account=acc or "OFX", fitid=trn["FITID"], posted_on=posted, amount_cents=cents,
                              payer_name=trn.get("NAME", "")[:120], memo=trn.get("MEMO", "")))
    return Statement(format=kind, encoding=encoding, credits=tuple(credits), debits=debits)


# CSV: each column by the names banks give it in their header (compared folded: no accents or case).
_COLUMNS: dict[str, tuple[str, ...]] = {
    "date": ("data", "data lancamento", "data do lancamento", "data movimento", "data mov.", "dt. lancamento"),
    "amount": ("valor", "valor (r$)", "valor r$", "valor lancamento", "credito", "credito (r$)"),
    "id": ("identificador", "id", "documento", "n documento", "nr. documento", "numero do documento",
           "id da transacao", "id transacao", "fitid", "e2e id", "codigo da transacao", "nº documento"),
    "memo": ("descricao", "historico", "lancamento", "detalhes", "descricao do lancamento", "memo"),
    "name": ("nome", "pagador", "nome do pagador", "origem", "remetente", "favorecido", "contraparte"),
    "account": ("conta", "conta corrente"),
}
_REQUIRED = ("date", "amount", "id")


def _label(key: str) -> str:
    return {"date": _("Data"), "amount": _("Valor"), "id": _("Identificador/Documento"),
            "memo": _("Descrição/Histórico"), "name": _("Nome/Pagador"), "account": _("Conta")}[key]


def _read_csv(text: str, encoding: str) -> Statement:
    lines = text.splitlines()
    header_at = next((i for i, line in enumerate(lines[:30])
                      if any(fold(c).strip() in _COLUMNS["date"] for c in re.split(r"[;,\t]", line))), None)
    if header_at is None:
        raise ServiceError(_("Formato desconhecido: o arquivo não é um extrato OFX nem um CSV com a coluna Data e "
                             "a coluna Valor. Nada foi gravado."), "file")
    sample = lines[header_at]
    delimiter = max((";", "\t", ","), key=sample.count)
    rows = list(csv.reader(io.StringIO("\n".join(lines[header_at:])), delimiter=delimiter))
    header = [fold(c).strip() for c in rows[0]]
    where = {key: next((i for i, h in enumerate(header) if h in names), None) for key, names in _COLUMNS.items()}
    missing = [key for key in _REQUIRED if where[key] is None]
    if missing:
        raise ServiceError(_("O CSV não tem a(s) coluna(s) %(columns)s (procuradas pelo cabeçalho). Sem o "
                             "identificador de cada transação não há como evitar lançar um crédito duas vezes: "
                             "exporte o extrato em OFX. Nada foi gravado.",
                             columns=", ".join(_label(k) for k in missing)), "file")
    credits: list[Credit] = []
    debits = 0
    for offset, row in enumerate(rows[1:], start=header_at + 2):
        if not any(cell.strip() for cell in row):
            continue
        at = _("linha %(n)s", n=offset)

        def cell(key: str) -> str:
            index = where[key]
            return row[index].strip() if index is not None and index < len(row) else ""

        raw_date, raw_amount = cell("date"), cell("amount")
        if any(fold(c).startswith(("saldo", "total")) for c in row):
            continue  # a balance line
        if not raw_amount:
            debits += 1  # a debit, in a bank's separate "Débito" column
            continue
        cents = _cents(raw_amount, at)
        if cents <= 0:
            debits += 1
            continue
        try:
            posted = datetime.strptime(raw_date, "%d/%m/%Y").date()
        except ValueError:
            try:
                posted = date.fromisoformat(raw_date)
            except ValueError:
                raise ServiceError(_("Data ilegível em %(where)s: \"%(value)s\" (use dd/mm/aaaa). Nada foi "
                                     "gravado.", where=at, value=raw_date[:30]), "file") from None
        fitid = cell("id")
        if not fitid or len(fitid) > MAX_ID:
            raise ServiceError(_("A %(where)s não tem identificador da transação (ou ele passa de %(n)s "
                                 "caracteres). Nada foi gravado.", where=at, n=MAX_ID), "file")
        credits.append(Credit(account=cell("account")[:MAX_ACCOUNT] or "CSV", fitid=fitid, posted_on=posted,
                              amount_cents=cents, payer_name=_text(cell("name"), 120), memo=_text(cell("memo"), 400)))
    missing_optional = tuple(_label(k) for k in ("memo", "name") if where[k] is None)
    return Statement(format="CSV", encoding=encoding, credits=tuple(credits), debits=debits,
                     missing_columns=missing_optional)
