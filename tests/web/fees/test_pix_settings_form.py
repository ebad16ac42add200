"""The federation's Pix receiving account on the federation settings page: the key checked and
stored as the Pix directory writes it, name and city required with a key, audited with the
rest of the page; a bad key changes nothing."""
from __future__ import annotations

import pytest
from sqlalchemy import select

from damas.models import AuditEntry, FederationSettings, Role

BASE = {"name": "Federação Cearense de Damas", "short_name": "FCD", "default_ruleset": "cbjd"}


@pytest.fixture
def staff(make_user, login_as):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


def _save(client, **fields):  # type: ignore[no-untyped-def]
    return client.post("/federacao/", data={**BASE, **fields}, content_type="multipart/form-data")


def test_staff_set_the_pix_account_and_it_is_audited(client, db, staff):  # type: ignore[no-untyped-def]
    page = client.get("/federacao/").get_data(as_text=True)
    assert "Chave Pix" in page and 'name="pix_city"' in page
    assert _save(client, pix_key="11.222.333/0001-81", pix_name="Federação Cearense", pix_city="Fortaleza").status_code == 302
    row = db.session.scalars(select(FederationSettings)).one()
    assert (row.pix_key, row.pix_name, row.pix_city) == ("11222333000181", "Federação Cearense", "Fortaleza")
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "federation_settings")).one()
    assert entry.after["pix_key"] == "11222333000181" and entry.after["pix_city"] == "Fortaleza"
    assert 'value="11222333000181"' in client.get("/federacao/").get_data(as_text=True)
    _save(client, pix_key="+55 (85) 99999-8888", pix_name="Federação Cearense", pix_city="Fortaleza")
    db.session.expire_all()
    assert db.session.scalars(select(FederationSettings)).one().pix_key == "+5585999998888"
    update = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "update")).one()
    assert update.before["pix_key"] == "11222333000181" and update.after["pix_key"] == "+5585999998888"


@pytest.mark.parametrize("fields, message", [
    ({"pix_key": "529.982.247-24", "pix_name": "FCD", "pix_city": "Fortaleza"}, "CPF inválido"),
    ({"pix_key": "minha chave", "pix_name": "FCD", "pix_city": "Fortaleza"}, "Chave Pix não reconhecida"),
    ({"pix_key": "tesouraria@fcd.org.br", "pix_name": "", "pix_city": "Fortaleza"}, "Informe o nome do recebedor"),
    ({"pix_key": "tesouraria@fcd.org.br", "pix_name": "FCD", "pix_city": ""}, "Informe a cidade do recebedor"),
    ({"pix_key": "tesouraria@fcd.org.br", "pix_name": "FCD", "pix_city": "São João do Jaguaribe"}, "15"),
])
def test_a_bad_pix_account_is_refused_and_nothing_changes(client, db, staff, fields, message):  # type: ignore[no-untyped-def]
    _save(client, pix_key="tesouraria@fcd.org.br", pix_name="FCD", pix_city="Fortaleza")
    response = _save(client, **fields)
    assert response.status_code == 200 and message in response.get_data(as_text=True)
    db.session.expire_all()
    row = db.session.scalars(select(FederationSettings)).one()
    assert (row.pix_key, row.pix_name, row.pix_city) == ("tesouraria@fcd.org.br", "FCD", "Fortaleza")


def test_no_key_means_no_pix(client, db, staff):  # type: ignore[no-untyped-def]
    assert _save(client, pix_key="", pix_name="", pix_city="").status_code == 302
    assert db.session.scalars(select(FederationSettings)).one().pix_key == ""
