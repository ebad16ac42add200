"""The event's fee accounts page (staff): every entrant's account and the totals; a payment, a
refund and a waiver booked through its forms, each audited; bad input refused with a message."""
from __future__ import annotations

import re

import pytest
from sqlalchemy import select

from damas.engine.fees import FeeState
from damas.models import AuditEntry
from damas.services.fees.accounts import account_for
from tests.web.fees.fee_report_helpers import priced_event


@pytest.fixture
def world(db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    found = priced_event(db, make_user, make_player, make_event, with_bookings=False)
    login_as(found["staff"])
    return found


def _actions(db, event_id: int) -> list[str]:  # type: ignore[no-untyped-def]
    return list(db.session.scalars(select(AuditEntry.action).where(AuditEntry.event_id == event_id)
                                   .order_by(AuditEntry.id)))


def test_page_lists_every_account_with_totals(client, world):  # type: ignore[no-untyped-def]
    html = client.get(f"/eventos/{world['event'].id}/taxas").get_data(as_text=True)
    for name in ("Ana Feminina", "Beto Convidado", "Caio Sub", "Dora Devedora", "Edu Desistente", "Fabi Parcial"):
        assert name in html
    assert f"INSC{world['event'].id}J{world['beto'].id}" in html
    assert "convidado" in html and "Feminino: −R$ 20,00" in html
    # due: 30 + 70 + 25 + 50 + 50 + 30
    assert re.search(r'id="total-due">R\$ 255,00<', html)
    assert f"/eventos/{world['event'].id}/taxas/tabela" in html and f"/eventos/{world['event'].id}/taxas/relatorio" in html


def test_payment_refund_and_waiver_booked_and_audited(client, db, world):  # type: ignore[no-untyped-def]
    event, beto, caio = world["event"], world["beto"], world["caio"]
    base = f"/eventos/{event.id}/taxas"
    r = client.post(f"{base}/{beto.id}/pagamento", data={"method": "cash", "amount": "R$ 70,00",
                                                         "paid_on": "2026-12-01", "note": "na sede"})
    assert r.status_code == 302 and f"#conta-{beto.id}" in r.headers["Location"]
    assert account_for(event, beto).state == FeeState.PAID
    r = client.post(f"{base}/{beto.id}/devolucao", data={"method": "transfer", "amount": "70",
                                                         "paid_on": "2026-12-02", "note": "desistiu no prazo"})
    assert r.status_code == 302
    assert account_for(event, beto).state == FeeState.REFUNDED
    client.post(f"{base}/{caio.id}/isencao", data={"reason": "Campeão estadual sub-14"})
    got = account_for(event, caio)
    assert got.state == FeeState.WAIVED and got.waiver_reason == "Campeão estadual sub-14"
    client.post(f"{base}/{caio.id}/isencao/retirar")
    assert account_for(event, caio).state == FeeState.DUE
    assert _actions(db, event.id)[-4:] == ["fee_payment", "fee_refund", "fee_waived", "fee_unwaived"]
    html = client.get(base).get_data(as_text=True)
    assert "na sede" in html and "desistiu no prazo" in html


@pytest.mark.parametrize("path, data, words", [
    ("pagamento", {"method": "cash", "amount": "12,345", "paid_on": "2026-12-01"}, "duas casas"),
    ("pagamento", {"method": "cash", "amount": "-5", "paid_on": "2026-12-01"}, "negativo"),
    ("pagamento", {"method": "cash", "amount": "0", "paid_on": "2026-12-01"}, "R$ 0,01"),
    ("pagamento", {"method": "cash", "amount": "10", "paid_on": ""}, "obrigatório"),
    ("devolucao", {"method": "cash", "amount": "10", "paid_on": "2026-12-01", "note": ""}, "obrigatório"),
    ("devolucao", {"method": "cash", "amount": "10", "paid_on": "2026-12-01", "note": "x"}, "não pode passar"),
    ("isencao", {"reason": ""}, "obrigatório"),
])
def test_bad_bookings_change_nothing(client, db, world, path, data, words):  # type: ignore[no-untyped-def]
    event, dora = world["event"], world["dora"]
    before = _actions(db, event.id)
    r = client.post(f"/eventos/{event.id}/taxas/{dora.id}/{path}", data=data, follow_redirects=True)
    assert r.status_code == 200 and words in r.get_data(as_text=True)
    assert _actions(db, event.id) == before
    assert account_for(event, dora).state == FeeState.DUE


def test_unknown_player_is_not_found(client, world, make_player):  # type: ignore[no-untyped-def]
    stranger = make_player()
    r = client.post(f"/eventos/{world['event'].id}/taxas/{stranger.id}/pagamento",
                    data={"method": "cash", "amount": "10", "paid_on": "2026-12-01"})
    assert r.status_code == 404


def test_event_without_fee(client, world, make_event):  # type: ignore[no-untyped-def]
    other = make_event()
    html = client.get(f"/eventos/{other.id}/taxas").get_data(as_text=True)
    assert "Este evento não cobra taxa de inscrição." in html
