"""The static Pix BR Code (Banco Central, Manual de Padrões para Iniciação do Pix): the manual's
example payload built from its parts (CRC 1D3D); our entry payloads read back by an independent
EMV QR parser (cemacqr) and, from the PNG segno draws, by a real QR decoder (zxing-cpp): key,
amount, txid, name, city and CRC all come back."""
from __future__ import annotations

import io

import cemacqr
import pytest
import zxingcpp
from PIL import Image

from damas.engine.fees import pix_txid, read_txid
from damas.services.fees.brcode import BrCodeError, PixCharge, brcode, crc16, plain_ascii, read_brcode, read_fields
from damas.services.fees.pix import qr_png

MANUAL = ("00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913"
          "Fulano de Tal6008BRASILIA62070503***63041D3D")

CHARGES = [
    PixCharge(key="123e4567-e12b-12d1-a456-426655440000", name="Federação Cearense de Damas", city="Fortaleza",
              txid=pix_txid(12, 345), amount_cents=4500),
    PixCharge(key="+5585999998888", name="FCD", city="São João do Jaguaribe", txid=pix_txid(7, 1), amount_cents=1),
    PixCharge(key="tesouraria@fcd.org.br", name="Confederação Brasileira", city="Brasília",
              txid=pix_txid(9_999_999, 9_999_999), amount_cents=123_456_78),
    PixCharge(key="11222333000181", name="Clube Xadrez & Damas", city="Rio de Janeiro", txid=pix_txid(3, 40)),
]


def test_the_manuals_example_is_built_from_its_parts():
    built = brcode(PixCharge(key="123e4567-e12b-12d1-a456-426655440000", name="Fulano de Tal", city="BRASILIA"))
    assert built == MANUAL
    assert built.endswith("63041D3D") and crc16(MANUAL[:-4]) == "1D3D"


def test_our_reader_reads_the_manuals_example():
    charge = read_brcode(MANUAL)
    assert (charge.key, charge.name, charge.city, charge.txid, charge.amount_cents) == (
        "123e4567-e12b-12d1-a456-426655440000", "Fulano de Tal", "BRASILIA", "***", None)
    assert [tag for tag, _ in read_fields(MANUAL)] == ["00", "26", "52", "53", "58", "59", "60", "62", "63"]


def test_the_fields_are_in_the_manuals_order_with_the_amount():
    payload = brcode(CHARGES[0])
    tags = [tag for tag, _ in read_fields(payload)]
    assert tags == ["00", "26", "52", "53", "54", "58", "59", "60", "62", "63"]
    fields = dict(read_fields(payload))
    assert fields["54"] == "45.00" and fields["52"] == "0000" and fields["53"] == "986" and fields["58"] == "BR"
    assert dict(read_fields(fields["62"])) == {"05": f"INSC12J345"}


def test_name_and_city_are_plain_ascii_within_their_limits():
    fields = dict(read_fields(brcode(CHARGES[1])))
    assert fields["60"] == "Sao Joao do Jag" and len(fields["60"]) == 15
    fields = dict(read_fields(brcode(CHARGES[0])))
    assert fields["59"] == "Federacao Cearense de Dam" and len(fields["59"]) == 25
    assert plain_ascii("  Ação   Çé ", 25) == "Acao Ce"


def test_no_amount_when_zero_or_none():
    assert "54" not in dict(read_fields(brcode(CHARGES[3])))
    assert "54" not in dict(read_fields(brcode(PixCharge(key="k@x.br", name="A", city="B", amount_cents=0))))


@pytest.mark.parametrize("bad", [
    PixCharge(key="", name="A", city="B"),
    PixCharge(key="k@x.br", name="ÇÇ", city=""),
    PixCharge(key="k@x.br", name="A", city="B", txid="INSC-1"),
    PixCharge(key="k@x.br", name="A", city="B", txid="A" * 26),
    PixCharge(key="x" * 78, name="A", city="B"),
])
def test_a_charge_that_cannot_be_written_is_refused(bad):
    with pytest.raises(BrCodeError):
        brcode(bad)


def test_a_tampered_payload_is_refused_by_our_reader():
    with pytest.raises(BrCodeError):
        read_brcode(MANUAL.replace("Fulano", "Fulana"))
    with pytest.raises(BrCodeError):
        read_brcode(MANUAL[:-8])


@pytest.mark.parametrize("charge", CHARGES, ids=["evp", "phone", "email", "cnpj-no-amount"])
def test_an_independent_parser_reads_our_payloads(charge):
    payload = brcode(charge)
    qr = cemacqr.parse_payload(payload)
    assert qr.crc_ok and qr.stated_crc == payload[-4:] and qr.computed_crc == payload[-4:]
    assert qr.payload_format_indicator == "01"
    assert qr.merchant_accounts["26"] == {"00": "br.gov.bcb.pix", "01": charge.key}
    assert qr.merchant_category_code == "0000" and qr.currency == "986" and qr.country_code == "BR"
    assert qr.merchant_name == plain_ascii(charge.name, 25) and qr.merchant_city == plain_ascii(charge.city, 15)
    assert qr.get_in("62", "05") == charge.txid
    if charge.amount_cents:
        assert qr.amount == f"{charge.amount_cents // 100}.{charge.amount_cents % 100:02d}"
    else:
        assert qr.amount is None
    assert str(cemacqr.validate(qr)).startswith("VALID")


@pytest.mark.parametrize("charge", CHARGES, ids=["evp", "phone", "email", "cnpj-no-amount"])
def test_a_real_qr_decoder_reads_the_png_back(charge):
    payload = brcode(charge)
    image = Image.open(io.BytesIO(qr_png(payload)))
    (found,) = zxingcpp.read_barcodes(image)
    assert found.format == zxingcpp.BarcodeFormat.QRCode
    assert found.text == payload
    back = read_brcode(found.text)
    assert back.key == charge.key and back.txid == charge.txid and back.amount_cents == (charge.amount_cents or None)
    assert read_txid(back.txid) == tuple(int(n) for n in charge.txid[4:].split("J"))
