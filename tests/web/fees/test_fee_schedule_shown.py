"""The fee schedule on the event's public page, its regulations page (with the federation's
reading of the reductions) and the brochure PDF; nothing of it on an event without a fee."""
from __future__ import annotations

import subprocess
from datetime import date, datetime, timezone

import pytest

from damas.services.fees import schedule


@pytest.fixture
def priced(make_user, make_event):  # type: ignore[no-untyped-def]
    staff = make_user()
    event = make_event(name="Aberto com Taxa")
    schedule.save_schedule(staff, event, {
        "member_cents": 5000, "guest_cents": 7000, "early_until": date(2026, 11, 20), "early_reduction_cents": 1000,
        "paid_to_confirm": True, "payment_deadline": datetime(2026, 12, 1, 21, 0, tzinfo=timezone.utc),
        "unpaid_action": "reserve", "refund_until": datetime(2026, 12, 3, 15, 0, tzinfo=timezone.utc)},
        {"sub-14": 2500, "feminino": 2000})
    return event


def _pdf_text(data: bytes) -> str:
    assert data.startswith(b"%PDF")
    return subprocess.run(["pdftotext", "-", "-"], input=data, capture_output=True, check=True).stdout.decode()


def test_event_page_shows_the_fee(client, priced):  # type: ignore[no-untyped-def]
    html = client.get(f"/eventos/{priced.id}").get_data(as_text=True)
    assert "Taxa de inscrição" in html
    for text in ("R$ 50,00", "R$ 70,00", "Desconto Sub-14", "−R$ 25,00", "Desconto Feminino", "−R$ 20,00",
                 "−R$ 10,00 até 20/11/2026", "01/12/2026 18:00", "só inscrições pagas são confirmadas",
                 "vai para o fim da reserva", "a quem desistir até 03/12/2026 12:00"):
        assert text in html, text
    assert "/taxas" not in html  # the staff links are for staff only


def test_regulations_page_states_our_reading(client, priced):  # type: ignore[no-untyped-def]
    html = client.get(f"/eventos/{priced.id}/regulamento").get_data(as_text=True)
    assert 'id="fee-schedule"' in html and "R$ 50,00" in html
    assert "vale só o maior entre as categorias do jogador; eles não se somam (decisão da federação)" in html
    assert "soma-se ao de categoria" in html and "nunca fica abaixo de zero (decisão da federação)" in html


def test_brochure_pdf_has_the_fee(client, priced):  # type: ignore[no-untyped-def]
    response = client.get(f"/eventos/{priced.id}/relatorios/folheto.pdf")
    assert response.status_code == 200
    text = " ".join(_pdf_text(response.data).split()).lower()  # the print heads cells in capitals
    for part in ("Taxa de inscrição", "Filiados à federação R$ 50,00", "Convidados R$ 70,00", "Desconto Sub-14 −R$ 25,00",
                 "−R$ 10,00 até 20/11/2026", "01/12/2026 18:00"):
        assert part.lower() in text, part


def test_no_fee_box_without_a_schedule(client, make_event):  # type: ignore[no-untyped-def]
    event = make_event()
    assert "Taxa de inscrição" not in client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Taxa de inscrição" not in client.get(f"/eventos/{event.id}/regulamento").get_data(as_text=True)


def test_staff_see_the_fee_links(client, priced, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user())
    html = client.get(f"/eventos/{priced.id}").get_data(as_text=True)
    assert f"/eventos/{priced.id}/taxas" in html and f"/eventos/{priced.id}/taxas/tabela" in html
