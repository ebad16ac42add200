"""The bank statement read into its credits: OFX 1 SGML in cp1252 as Brazilian banks export it
(no closing tags, accents, decimal comma), OFX 2 XML, CSV with ";" and decimal comma; and each
malformed file refused with a clear message."""
from datetime import date
from pathlib import Path

import pytest

from damas.services.errors import ServiceError
from damas.services.fees.sample_statement import SampleLine, sample_ofx
from damas.services.fees.statements import MAX_STATEMENT_BYTES, read_statement

DATA = Path(__file__).parent / "data"


def _refusal(data: bytes) -> str:
    with pytest.raises(ServiceError) as caught:
        read_statement(data)
    return caught.value.message


def test_ofx_sgml_cp1252_without_closing_tags(app):
    raw = (DATA / "extrato_bb_sgml_cp1252.ofx").read_bytes()
    assert b"CHARSET:1252" in raw and "JOÃO".encode("cp1252") in raw and b"</TRNAMT>" not in raw
    statement = read_statement(raw)
    assert (statement.format, statement.encoding, statement.debits) == ("OFX 1 (SGML)", "cp1252", 1)
    first, second = statement.credits
    assert first.account == "001/1234-5/98765-4"
    assert (first.fitid, first.posted_on, first.amount_cents) == ("202612010001", date(2026, 12, 1), 4500)
    assert first.memo == "PIX RECEBIDO - JOÃO CÉSAR ARAÚJO INSC12J34"
    assert (second.amount_cents, second.payer_name) == (6000, "MARIA DA CONCEIÇÃO")


def test_ofx_sgml_on_one_line_and_lf_endings(app):
    raw = (DATA / "extrato_bb_sgml_cp1252.ofx").read_bytes()
    for variant in (raw.replace(b"\r\n", b""), raw.replace(b"\r\n", b"\n")):
        assert [c.amount_cents for c in read_statement(variant).credits] == [4500, 6000]


def test_ofx_xml(app):
    statement = read_statement((DATA / "extrato_ofx2.ofx").read_bytes())
    assert (statement.format, statement.encoding, statement.debits) == ("OFX 2 (XML)", "UTF-8", 1)
    first, second = statement.credits
    assert first.account == "0260/0001/1234567-8"
    assert first.memo == "Transferência recebida pelo Pix - Inês Gonçalves & Filhos"
    assert (first.posted_on, first.amount_cents) == (date(2026, 12, 2), 5000)
    # 01:00 GMT on 3 December is 22:00 on 2 December in São Paulo: the federation's day
    assert (second.posted_on, second.payer_name, second.memo) == (date(2026, 12, 2), "Zé Ninguém", "")


def test_csv_semicolon_decimal_comma(app):
    statement = read_statement((DATA / "extrato_ponto_virgula.csv").read_bytes())
    assert (statement.format, statement.encoding, statement.debits) == ("CSV", "cp1252", 1)
    assert [(c.fitid, c.posted_on, c.amount_cents, c.payer_name, c.memo) for c in statement.credits] == [
        ("E0000001", date(2026, 12, 1), 4500, "José Araújo", "PIX RECEBIDO"),
        ("E0000003", date(2026, 12, 2), 104550, "Conceição Lima", "PIX RECEBIDO")]
    assert statement.missing_columns == ()


def test_csv_comma_separated_says_which_optional_columns_are_missing(app):
    statement = read_statement(b"Data,Valor,ID\n01/12/2026,\"45,00\",X1\n")
    assert statement.credits[0].amount_cents == 4500
    assert set(statement.missing_columns) == {"Descrição/Histórico", "Nome/Pagador"}


def test_csv_without_id_column_is_refused_naming_it(app):
    assert "Identificador/Documento" in _refusal("Data;Valor;Histórico\n01/12/2026;45,00;Pix\n".encode())


def test_the_sample_writer_reads_back(app):
    raw = sample_ofx([SampleLine("F1", date(2026, 12, 1), 4500, "Fulano de Tal", "PIX INSC1J2"),
                      SampleLine("F2", date(2026, 12, 2), -990, memo="Tarifa")])
    assert b"<TRNAMT>45,00\r\n" in raw
    statement = read_statement(raw)
    assert [(c.fitid, c.amount_cents, c.payer_name) for c in statement.credits] == [("F1", 4500, "Fulano de Tal")]


@pytest.mark.parametrize("data, words", [
    (b"\x81\x8d\x8f\x90 not text", "UTF-8 nem Windows-1252"),
    ("OFXHEADER:100\r\n<OFX>\x07<BANKTRANLIST>".encode(), "caractere de controle"),
    ("Nome;Idade\nAna;12\n".encode(), "Formato desconhecido"),
    (b"", "vazio"),
    (b"%PDF-1.7 ...", "PDF"),
])
def test_not_a_statement(app, data, words):
    assert words in _refusal(data)


def test_truncated_ofx(app):
    raw = (DATA / "extrato_bb_sgml_cp1252.ofx").read_bytes()
    cut = raw[:raw.index(b"<FITID>202612030003")]
    assert "incompleto" in _refusal(cut)


def test_too_large(app):
    message = _refusal(b"x" * (10 * 1024 * 1024))
    assert "10,0 MB" in message and "2,0 MB" in message
    assert MAX_STATEMENT_BYTES == 2 * 1024 * 1024


def test_duplicate_transaction_ids(app):
    raw = sample_ofx([SampleLine("DUP", date(2026, 12, 1), 4500), SampleLine("DUP", date(2026, 12, 2), 3000)])
    assert "DUP aparece duas vezes" in _refusal(raw)


def test_no_credit(app):
    raw = sample_ofx([SampleLine("D1", date(2026, 12, 1), -4500, memo="Tarifa")])
    assert "nenhum crédito" in _refusal(raw)


def test_transaction_without_amount(app):
    raw = sample_ofx([SampleLine("F1", date(2026, 12, 1), 4500)]).replace(b"<TRNAMT>45,00\r\n", b"")
    assert "não tem <TRNAMT>" in _refusal(raw)
