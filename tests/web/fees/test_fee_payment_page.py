"""The player's payment page (/conta/inscricoes/<event>/pagamento): his own entry only; how the
fee is made, the amount due, the Pix QR code (inline SVG) and the "copia e cola" text of exactly
that amount and his entry's txid; paid: no QR; no Pix key: contact the federation; linked from
Minha área with the fee's state."""
from __future__ import annotations

import html
import re
from datetime import date

import pytest

from damas.models import Role
from damas.models.fees import PaymentKind, PaymentMethod
from damas.services.fees import bookings
from damas.services.fees.brcode import read_brcode
from tests.web.fees.pix_fixtures import fee_event, player_account, set_pix


@pytest.fixture
def world(db, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    user, player = player_account(make_user, make_player)
    other_user, other = player_account(make_user, make_player, full_name="Beto Lima")
    event = fee_event(staff, make_event, (player, other))
    return staff, user, player, other_user, other, event


def _code(page: str) -> str:
    found = re.search(r'<textarea id="pix-code"[^>]*>([^<]*)</textarea>', page)
    assert found, "no copia e cola field"
    return html.unescape(found.group(1)).strip()


def test_own_entry_shows_qr_and_copia_e_cola_of_the_amount_due(client, db, login_as, world):  # type: ignore[no-untyped-def]
    staff, user, player, _o, _op, event = world
    set_pix(staff)
    login_as(user)
    response = client.get(f"/conta/inscricoes/{event.id}/pagamento")
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Estadual Absoluto" in page and "devido" in page
    assert "R$ 50,00" in page and "R$ 5,00" in page and "R$ 45,00" in page  # base, early reduction, total
    assert "01/01/2099" in page  # the early price's date
    assert '<svg viewBox=' in page and 'class="qr"' in page and "style=" not in page.split('<div class="pix-qr">')[1][:200]
    assert 'data-copy="pix-code"' in page and "copy.js" in page and "<script>" not in page
    charge = read_brcode(_code(page))
    assert charge.amount_cents == 4500 and charge.txid == f"INSC{event.id}J{player.id}"
    assert charge.key == "tesouraria@fcd.org.br" and charge.name == "Federacao Cearense" and charge.city == "Fortaleza"
    assert "Nenhum pagamento registrado" in page


def test_minha_area_shows_the_fee_state_and_the_link(client, db, login_as, world):  # type: ignore[no-untyped-def]
    staff, user, player, _o, _op, event = world
    login_as(user)
    page = client.get("/conta/minha-area").get_data(as_text=True)
    assert "Taxa de inscrição:" in page and "devido" in page and "R$ 45,00" in page
    assert f'href="/conta/inscricoes/{event.id}/pagamento"' in page and "Pagar com Pix" in page


def test_an_event_without_fee_is_not_linked_and_the_page_says_so(client, db, login_as, world, make_event):  # type: ignore[no-untyped-def]
    staff, user, player, *_ = world
    free = make_event(players=(player,), name="Torneio Livre")
    login_as(user)
    page = client.get("/conta/minha-area").get_data(as_text=True)
    assert f"/conta/inscricoes/{free.id}/pagamento" not in page
    response = client.get(f"/conta/inscricoes/{free.id}/pagamento", follow_redirects=True)
    assert "O evento Torneio Livre não cobra taxa de inscrição." in response.get_data(as_text=True)


def test_partial_payment_asks_for_the_rest_and_lists_what_was_paid(client, db, login_as, world):  # type: ignore[no-untyped-def]
    staff, user, player, _o, _op, event = world
    set_pix(staff)
    bookings.book(staff, event, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.CASH, amount_cents=2000,
                  paid_on=date(2026, 11, 20), note="na sede")
    login_as(user)
    page = client.get(f"/conta/inscricoes/{event.id}/pagamento").get_data(as_text=True)
    assert "pago em parte" in page and "20/11/2026" in page and "dinheiro" in page and "R$ 20,00" in page
    assert read_brcode(_code(page)).amount_cents == 2500


def test_paid_entry_has_no_qr_and_says_it_is_paid(client, db, login_as, world):  # type: ignore[no-untyped-def]
    staff, user, player, _o, _op, event = world
    set_pix(staff)
    bookings.book(staff, event, player.id, kind=PaymentKind.PAYMENT, method=PaymentMethod.PIX, amount_cents=4500,
                  paid_on=date(2026, 11, 20), bank_account="0001", bank_ref="E1")
    login_as(user)
    page = client.get(f"/conta/inscricoes/{event.id}/pagamento").get_data(as_text=True)
    assert "Inscrição paga." in page and "pago" in page and "<svg" not in page and "pix-code" not in page
    assert "Ver pagamento" in client.get("/conta/minha-area").get_data(as_text=True)


def test_waived_entry_says_so(client, db, login_as, world):  # type: ignore[no-untyped-def]
    staff, user, player, _o, _op, event = world
    set_pix(staff)
    bookings.waive(staff, event, player.id, "Campeão estadual")
    login_as(user)
    page = client.get(f"/conta/inscricoes/{event.id}/pagamento").get_data(as_text=True)
    assert "isento" in page and "<svg" not in page


def test_without_a_pix_key_the_player_is_told_to_contact_the_federation(client, db, login_as, world):  # type: ignore[no-untyped-def]
    staff, user, player, _o, _op, event = world
    set_pix(staff, pix_key="", email="contato@fcd.org.br")
    login_as(user)
    page = client.get(f"/conta/inscricoes/{event.id}/pagamento").get_data(as_text=True)
    assert "ainda não cadastrou uma chave Pix" in page and "contato@fcd.org.br" in page
    assert "R$ 45,00" in page and "<svg" not in page and "pix-code" not in page


def test_only_the_players_own_entry(client, db, login_as, world, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    staff, user, player, other_user, other, event = world
    set_pix(staff)
    stranger, _ = player_account(make_user, make_player, full_name="Caio Fora")
    login_as(stranger)
    response = client.get(f"/conta/inscricoes/{event.id}/pagamento")
    assert response.status_code == 302 and response.headers["Location"].endswith("/conta/minha-area")
    assert "Você não está inscrito no evento Estadual Absoluto." in client.get("/conta/minha-area").get_data(as_text=True)
    login_as(other_user)  # another entrant sees his own txid, never Ana's
    page = client.get(f"/conta/inscricoes/{event.id}/pagamento").get_data(as_text=True)
    assert read_brcode(_code(page)).txid == f"INSC{event.id}J{other.id}"
    assert client.get("/conta/inscricoes/999999/pagamento").status_code == 404
    assert client.get("/conta/inscricoes/abc/pagamento").status_code == 404


def test_anonymous_is_sent_to_login(client, db, world):  # type: ignore[no-untyped-def]
    *_, event = world
    response = client.get(f"/conta/inscricoes/{event.id}/pagamento")
    assert response.status_code == 302 and "/conta/entrar" in response.headers["Location"]


def test_paid_to_confirm_says_the_deadline(client, db, login_as, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    user, player = player_account(make_user, make_player)
    event = fee_event(staff, make_event, (player,), paid_to_confirm=True)
    set_pix(staff)
    login_as(user)
    page = client.get(f"/conta/inscricoes/{event.id}/pagamento").get_data(as_text=True)
    assert "só fica confirmada depois do pagamento" in page and "10/03/2099 18:00" in page  # São Paulo time
