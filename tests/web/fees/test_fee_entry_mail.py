"""The entry mails of an event with a fee: the amount still to pay, the Pix "copia e cola" text
and its QR code as an inline PNG (multipart/related, shown by cid:), the link to the payment
page; "confirmed once paid, by the deadline" where the event confirms paid entries only; no Pix
key: contact the federation; escaped; the same mail after a trip through the mail queue."""
from __future__ import annotations

import io
import re
from email import message_from_bytes, policy

import pytest
import zxingcpp
from PIL import Image

from damas.models import Role
from damas.models.registration import GuestPolicy, RegistrationSettings
from damas.services.fees.brcode import read_brcode
from damas.services.mail.message import InlineImage, OutgoingMail
from tests.web.fees.pix_fixtures import fee_event, player_account, set_pix
from tests.web.mail.mail_helpers import outbox


def _open(db, event):  # type: ignore[no-untyped-def]
    db.session.add(RegistrationSettings(event_id=event.id, self_registration=True, guest_policy=GuestPolicy.OPEN,
                                        guest_places=0))
    db.session.commit()
    return event


def _mails(app, user):  # type: ignore[no-untyped-def]
    return [m for m in outbox(app) if m.to == [user.email]]


def _code(body: str) -> str:
    (code,) = re.findall(r"^(000201.*)$", body, re.M)
    return code


def _mime(mail):  # type: ignore[no-untyped-def]
    return message_from_bytes(mail.message().as_bytes(), policy=policy.default)


@pytest.fixture
def staff(make_user):  # type: ignore[no-untyped-def]
    return make_user(Role.STAFF)


def test_self_registration_mail_carries_amount_code_qr_and_link(app, client, db, login_as, staff, make_user,
                                                                make_player, make_event):  # type: ignore[no-untyped-def]
    set_pix(staff)
    event = _open(db, fee_event(staff, make_event))
    user, player = player_account(make_user, make_player)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    (mail,) = _mails(app, user)
    assert mail.subject == "Inscrição confirmada: Estadual Absoluto"
    assert "Taxa de inscrição a pagar: R$ 45,00." in mail.body
    assert f"http://localhost/conta/inscricoes/{event.id}/pagamento" in mail.body
    charge = read_brcode(_code(mail.body))
    assert charge.amount_cents == 4500 and charge.txid == f"INSC{event.id}J{player.id}"
    assert charge.key == "tesouraria@fcd.org.br"
    (html, _mime_type), = mail.alternatives
    cid = f"pix-insc{event.id}j{player.id}@damas"
    assert f'src="cid:{cid}"' in html and _code(mail.body) in html
    message = _mime(mail)
    assert message.get_content_type() == "multipart/related"
    (image,) = [p for p in message.walk() if p.get_content_type() == "image/png"]
    assert image["Content-ID"] == f"<{cid}>" and image.get_content_disposition() == "inline"
    (found,) = zxingcpp.read_barcodes(Image.open(io.BytesIO(image.get_content())))
    assert found.text == _code(mail.body)
    assert message.get_body(("html",)) is not None and message.get_body(("plain",)) is not None


def test_paid_to_confirm_mail_says_confirmed_only_when_paid_by_the_deadline(app, client, db, login_as, staff, make_user,
                                                                           make_player, make_event):  # type: ignore[no-untyped-def]
    set_pix(staff)
    event = _open(db, fee_event(staff, make_event, paid_to_confirm=True))
    user, _player = player_account(make_user, make_player)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    (mail,) = _mails(app, user)
    assert mail.subject == "Inscrição recebida: Estadual Absoluto"
    assert "e ela está confirmada" not in mail.body
    assert "A inscrição só fica confirmada depois do pagamento da taxa, que deve ser feito até 10/03/2099 18:00." \
        in mail.body  # 21:00 UTC on the federation's clock (São Paulo)


def test_entered_by_the_organisers_mail_carries_the_fee_in_english(app, client, db, login_as, staff, make_user,
                                                                   make_player, make_event):  # type: ignore[no-untyped-def]
    set_pix(staff)
    event = fee_event(staff, make_event)
    user, player = player_account(make_user, make_player, locale="en")
    login_as(staff)
    client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": player.id})
    (mail,) = _mails(app, user)
    assert mail.subject == "Entry confirmed: Estadual Absoluto"
    assert "Entry fee to pay: R$ 45.00." in mail.body and "Pay with Pix" in mail.body
    assert read_brcode(_code(mail.body)).amount_cents == 4500


def test_without_pix_key_the_mail_says_to_contact_the_federation(app, client, db, login_as, staff, make_user,
                                                                 make_player, make_event):  # type: ignore[no-untyped-def]
    set_pix(staff, pix_key="")
    event = _open(db, fee_event(staff, make_event))
    user, _player = player_account(make_user, make_player)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    (mail,) = _mails(app, user)
    assert "Taxa de inscrição a pagar: R$ 45,00." in mail.body and "fale com ela para saber como pagar" in mail.body
    assert "000201" not in mail.body and not mail.attachments and "cid:" not in mail.alternatives[0][0]


def test_an_event_without_fee_mails_as_before(app, client, db, login_as, staff, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    set_pix(staff)
    event = _open(db, make_event(name="Torneio Livre"))
    user, _player = player_account(make_user, make_player)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    (mail,) = _mails(app, user)
    assert "Taxa de inscrição" not in mail.body and not mail.attachments
    assert f"http://localhost/eventos/{event.id}" in mail.body
    assert _mime(mail).get_content_type() == "multipart/alternative"


def test_mail_is_escaped_and_survives_the_queue(app, client, db, login_as, staff, make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    set_pix(staff, pix_name="Damas <b>&</b> Cia")
    event = _open(db, fee_event(staff, make_event, name="Aberto <script>x</script>"))
    user, _player = player_account(make_user, make_player)
    login_as(user)
    client.post(f"/eventos/{event.id}/inscricao/inscrever")
    (mail,) = _mails(app, user)
    html = mail.alternatives[0][0]
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<b>" not in html and "Damas &lt;b&gt;&amp;&lt;/b&gt; Cia" in html  # in the copia e cola text
    assert read_brcode(_code(mail.body)).name == "Damas <b>&</b> Cia"
    rendered = OutgoingMail(to="a@b.br", subject="s", text="t", html=html,
                            inline=tuple(_inline(mail)))
    assert OutgoingMail.from_payload(rendered.payload()) == rendered


def _inline(mail):  # type: ignore[no-untyped-def]
    for part in _mime(mail).walk():
        if part.get_content_type() == "image/png":
            yield InlineImage(cid=part["Content-ID"].strip("<>"), data=part.get_content(), filename=part.get_filename())
