"""The fee schedule form: amounts typed in reais become exact centavos; bad money, negative,
three decimals and absurd values are refused with a message and nothing is saved; an unknown
category is refused by the service; "Sem taxa" removes the schedule; each change audited."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from damas.models import AuditEntry
from damas.models.fees import FeeReduction, FeeSchedule
from damas.services.errors import ServiceError
from damas.services.fees.schedule import save_schedule
from damas.web.fees.money import MoneyError, parse_reais


@pytest.mark.parametrize("text, cents", [
    ("50", 5000), ("50,00", 5000), ("50.00", 5000), ("R$ 50", 5000), ("R$50,5", 5050), ("0,01", 1),
    ("1.234,56", 123456), ("1.500", 150000), ("1,234.56", 123456), (" 12,30 ", 1230), ("0", 0),
    ("100.000,00", 10_000_000), ("19,99", 1999),
])
def test_reais_read_exactly(text, cents):  # type: ignore[no-untyped-def]
    assert parse_reais(text) == cents


@pytest.mark.parametrize("text, words", [
    ("50,005", "duas casas"), ("-5", "negativo"), ("−5,00", "negativo"), ("100.000,01", "máximo"),
    ("9999999999", "máximo"), ("abc", "inválido"), ("5e3", "inválido"), ("1.2345", "milhares"), ("1.23.4", "inválido"), ("50,", "duas casas"),
    ("١٢", "inválido"), ("12,3,4", "inválido"),
])
def test_bad_money_is_refused(text, words):  # type: ignore[no-untyped-def]
    with pytest.raises(MoneyError, match=words):
        parse_reais(text)


@pytest.fixture
def staff_event(make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user()
    login_as(staff)
    return make_event()


FORM = {"member": "R$ 50,00", "guest": "70", "early_reduction": "10,00", "early_until": "2026-11-30",
        "reduction__sub-14": "25", "reduction__feminino": "20,00", "unpaid_action": "reserve",
        "paid_to_confirm": "y", "payment_deadline": "2026-12-01T18:00", "refund_until": "2026-12-03T12:00"}


def test_schedule_saved_in_centavos_and_audited(client, db, staff_event):  # type: ignore[no-untyped-def]
    page = client.get(f"/eventos/{staff_event.id}/taxas/tabela")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'name="reduction__sub-14"' in html and 'name="reduction__feminino"' in html
    assert 'name="reduction__absoluto"' not in html  # the absolute category's fee is the base fee
    response = client.post(f"/eventos/{staff_event.id}/taxas/tabela", data=FORM)
    assert response.status_code == 302
    row = db.session.get(FeeSchedule, staff_event.id)
    assert (row.member_cents, row.guest_cents, row.early_reduction_cents) == (5000, 7000, 1000)
    assert row.paid_to_confirm and row.unpaid_action.value == "reserve"
    assert row.payment_deadline.replace(tzinfo=None).hour == 21  # 18:00 in São Paulo is 21:00 UTC
    reductions = {r.category_code: r.reduction_cents for r in db.session.scalars(select(FeeReduction))}
    assert reductions == {"sub-14": 2500, "feminino": 2000}
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "fee_schedule")) is not None
    again = client.get(f"/eventos/{staff_event.id}/taxas/tabela").get_data(as_text=True)
    assert 'value="50,00"' in again and 'value="25,00"' in again  # shown back as typed


@pytest.mark.parametrize("field, value, words", [
    ("member", "50,005", "duas casas"), ("guest", "-10", "negativo"), ("member", "1000000", "máximo"),
    ("reduction__sub-14", "dez", "inválido"), ("member", "", "obrigatório"),
])
def test_bad_amounts_change_nothing(client, db, staff_event, field, value, words):  # type: ignore[no-untyped-def]
    response = client.post(f"/eventos/{staff_event.id}/taxas/tabela", data={**FORM, field: value})
    assert response.status_code == 200
    assert words in response.get_data(as_text=True)
    assert db.session.get(FeeSchedule, staff_event.id) is None


def test_service_rule_message_on_the_form(client, db, staff_event):  # type: ignore[no-untyped-def]
    data = {**FORM, "early_until": ""}  # a reduction without its date
    response = client.post(f"/eventos/{staff_event.id}/taxas/tabela", data=data)
    assert response.status_code == 200
    assert "Informe até que dia vale o desconto antecipado." in response.get_data(as_text=True)
    assert db.session.get(FeeSchedule, staff_event.id) is None


def test_unknown_category_is_not_a_field_and_the_service_refuses_it(client, db, staff_event):  # type: ignore[no-untyped-def]
    client.post(f"/eventos/{staff_event.id}/taxas/tabela", data={**FORM, "reduction__nao-existe": "5"})
    assert {r.category_code for r in db.session.scalars(select(FeeReduction))} == {"sub-14", "feminino"}
    with pytest.raises(ServiceError, match="Categoria desconhecida"):
        save_schedule(None, staff_event, {"member_cents": 100}, {"nao-existe": 10})  # type: ignore[arg-type]


def test_no_fee_removes_the_schedule(client, db, staff_event):  # type: ignore[no-untyped-def]
    client.post(f"/eventos/{staff_event.id}/taxas/tabela", data=FORM)
    response = client.post(f"/eventos/{staff_event.id}/taxas/tabela/remover")
    assert response.status_code == 302
    db.session.expire_all()
    assert db.session.get(FeeSchedule, staff_event.id) is None
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "fee_schedule_removed")) is not None
