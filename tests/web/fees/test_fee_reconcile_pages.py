"""The reconciliation pages: upload -> preview (matched, ambiguous with a choice, unknown,
already booked, totals) -> confirm (the file travels in the page, nothing kept on the server),
the summary with links to each event; malformed statements refused on the form with a message
and nothing written, a 10 MB file included; staff only."""
import base64
import io
import re
from datetime import date

import pytest
from sqlalchemy import func, select
from werkzeug.datastructures import FileStorage
from werkzeug.test import encode_multipart

from damas.engine.fees import pix_txid
from damas.models import AuditEntry, Role
from damas.models.fees import FeePayment
from damas.services.fees import schedule
from damas.services.fees.sample_statement import SampleLine, sample_ofx

ON = date(2026, 12, 1)
URL = "/federacao/taxas/extrato"


@pytest.fixture
def world(make_user, make_player, make_event):
    staff = make_user(Role.STAFF)
    joao = make_player(full_name="João César Araújo")
    ana1 = make_player(full_name="Ana Souza")
    ana2 = make_player(full_name="Ana Souza")
    event = make_event(name="Aberto de Fortaleza", players=(joao, ana1))
    other = make_event(name="Estadual Feminino", players=(ana2,))
    for ev in (event, other):
        schedule.save_schedule(staff, ev, {"member_cents": 4500}, {})
    raw = sample_ofx([SampleLine("T1", ON, 4500, memo=f"PIX RECEBIDO {pix_txid(event.id, joao.id)}"),
                      SampleLine("T2", ON, 4500, name="ANA SOUZA"),
                      SampleLine("T3", ON, 1234, name="FULANO DESCONHECIDO")])
    return staff, event, other, joao, ana1, ana2, raw


def _upload(client, data, name="extrato.ofx"):
    return client.post(URL, data={"file": (io.BytesIO(data), name)}, content_type="multipart/form-data")


def _hidden(html, name):
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', html).group(1)


def _count(db, model):
    db.session.expire_all()
    return db.session.scalar(select(func.count()).select_from(model))


def test_upload_preview_confirm_and_replay(client, db, login_as, world):
    staff, event, other, joao, ana1, ana2, raw = world
    login_as(staff)
    assert f'href="{URL}"' in client.get("/federacao/").get_data(as_text=True)
    assert client.get(URL).status_code == 200
    page = _upload(client, raw).get_data(as_text=True)
    assert "Identificados" in page and "Ambíguos" in page and "Desconhecidos" in page and "Já lançados" in page
    matched = page[page.index('id="statement-matched"'):page.index('id="ambiguos"')]
    assert "João César Araújo" in matched and "identificador Pix" in matched
    assert f'<option value="{event.id}:{ana1.id}">' in page and f'<option value="{other.id}:{ana2.id}">' in page
    assert "FULANO DESCONHECIDO" in page and "R$ 12,34" in page
    assert base64.b64decode(_hidden(page, "statement")) == raw
    assert _count(db, FeePayment) == 0

    done = client.post(f"{URL}/confirmar", data={"statement": _hidden(page, "statement"), "filename": "extrato.ofx",
                                                 "choice-1": f"{other.id}:{ana2.id}"})
    text = done.get_data(as_text=True)
    assert done.status_code == 200 and "Pagamentos lançados: 2, total R$ 90,00." in text
    assert f'href="/eventos/{event.id}/taxas"' in text and f'href="/eventos/{other.id}/taxas"' in text
    assert _count(db, FeePayment) == 2
    assert db.session.scalar(select(AuditEntry).where(AuditEntry.action == "fee_reconciliation")).after[
        "filename"] == "extrato.ofx"

    again = _upload(client, raw).get_data(as_text=True)
    booked = again[again.index('id="statement-booked"'):]
    assert "João César Araújo" in booked and "Estadual Feminino" in booked
    replay = client.post(f"{URL}/confirmar", data={"statement": _hidden(again, "statement"), "filename": "x.ofx"})
    assert "Nenhum crédito a lançar" in replay.get_data(as_text=True)
    assert _count(db, FeePayment) == 2


def test_confirm_with_a_lost_file_goes_back_to_the_upload(client, db, login_as, world):
    login_as(world[0])
    response = client.post(f"{URL}/confirmar", data={"statement": "%%%", "filename": "x"}, follow_redirects=True)
    assert "se perdeu" in response.get_data(as_text=True)
    assert _count(db, FeePayment) == 0


@pytest.mark.parametrize("data, words", [
    (b"\x81\x8d\x8f\x90 lixo", "não é texto UTF-8 nem Windows-1252"),
    ("Nome;Idade\nAna;12\n".encode(), "Formato desconhecido"),
    ("OFXHEADER:100\r\n<OFX><BANKTRANLIST><STMTTRN><TRNAMT>45,00<FITID>1".encode(), "está incompleto"),
    (sample_ofx([SampleLine("D", ON, 100), SampleLine("D", ON, 200)]), "D aparece duas vezes"),
    (sample_ofx([SampleLine("D", ON, -100, memo="Tarifa")]), "não tem nenhum crédito"),
], ids=["bad-encoding", "not-a-statement", "truncated", "duplicate-ids", "no-credit"])
def test_malformed_statements_are_refused_on_the_form(client, db, login_as, world, data, words):
    login_as(world[0])
    audits = _count(db, AuditEntry)
    response = _upload(client, data)
    assert response.status_code == 200 and words in response.get_data(as_text=True)
    assert 'name="statement"' not in response.get_data(as_text=True)
    assert _count(db, FeePayment) == 0 and _count(db, AuditEntry) == audits


def _big_post(client, url, data):
    """A multipart POST built in memory (the test client would spool it to a temporary file it
    never closes)."""
    boundary, body = encode_multipart(data)
    return client.post(url, data=body, content_type=f"multipart/form-data; boundary={boundary}")


@pytest.mark.csrf
def test_a_10_mb_statement_gets_the_message_not_the_413_page(client, db, make_user):
    # CSRF on: its check reads the body before the view, so this also shows the route's own
    # body limit is in force by then
    staff = make_user(Role.STAFF)
    login_token = _hidden(client.get("/conta/entrar").get_data(as_text=True), "csrf_token")
    assert client.post("/conta/entrar", data={"email": staff.email, "password": "secret123",
                                              "csrf_token": login_token}).status_code == 302
    token = _hidden(client.get(URL).get_data(as_text=True), "csrf_token")
    response = _big_post(client, URL, {"csrf_token": token, "file": FileStorage(io.BytesIO(b"0" * (10 * 1024 * 1024)), "big.ofx")})
    text = response.get_data(as_text=True)
    assert response.status_code == 200 and "O extrato tem 10,0 MB; o limite é 2,0 MB" in text
    assert _count(db, FeePayment) == 0


def test_other_routes_keep_the_app_limit(client, make_user, login_as):
    login_as(make_user(Role.STAFF))
    response = _big_post(client, "/aberturas/carregar", {"file": FileStorage(io.BytesIO(b"0" * (2 * 1024 * 1024)), "a.csv")})
    assert response.status_code == 413 and "1,0 MB" in response.get_data(as_text=True)


@pytest.mark.parametrize("role", [Role.PLAYER, Role.ARBITER])
def test_staff_only(client, db, make_user, login_as, world, role):
    login_as(make_user(role))
    assert client.get(URL).status_code == 403
    assert _upload(client, world[-1]).status_code == 403
    assert client.post(f"{URL}/confirmar", data={"statement": base64.b64encode(world[-1]).decode()}).status_code == 403
    assert _count(db, FeePayment) == 0
