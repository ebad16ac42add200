"""The federation settings page (issue 17 point 4): name, short name, logo, address, contacts and
the default rule set, in every page header and every PDF header; audited; a change is on the
very next page even where pages are cached by the event's revision."""
from __future__ import annotations

import io
import subprocess

import pytest
from PIL import Image
from sqlalchemy import func, select

from damas.models import AuditEntry, Event, EventStatus, FederationSettings, Role
from damas.services.federation import settings as federation_service

DEFAULT = "Federação de Damas do Estado (demo)"


def png(size: tuple[int, int] = (40, 20), color: str = "#0b6e4f", kind: str = "PNG") -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, color).save(out, kind)
    return out.getvalue()


def _save(client, logo: bytes | None = None, filename: str = "logo.png", **fields):  # type: ignore[no-untyped-def]
    data = {"name": "Federação Cearense de Damas", "short_name": "FCD", "address": "Rua das Flores, 10\nFortaleza - CE",
            "email": "contato@fcd.org.br", "phone": "+55 85 3333-4444", "website": "https://fcd.org.br",
            "default_ruleset": "cbjd"}
    data.update(fields)
    if logo is not None:
        data["logo"] = (io.BytesIO(logo), filename)
    return client.post("/federacao/", data=data, content_type="multipart/form-data")


@pytest.fixture
def staff(make_user, login_as):  # type: ignore[no-untyped-def]
    user = make_user(Role.STAFF)
    login_as(user)
    return user


def test_without_settings_the_environment_name_is_used(client, db):  # type: ignore[no-untyped-def]
    page = client.get("/").get_data(as_text=True)
    assert DEFAULT in page and db.session.scalar(select(func.count(FederationSettings.id))) == 0


def test_staff_save_the_settings_and_every_page_shows_name_and_logo(client, db, staff):  # type: ignore[no-untyped-def]
    response = _save(client, png())
    assert response.status_code == 302
    row = db.session.scalars(select(FederationSettings)).one()
    assert row.logo_mime == "image/png" and row.short_name == "FCD" and row.address == "Rua das Flores, 10\nFortaleza - CE"
    page = client.get("/eventos/").get_data(as_text=True)
    assert "Federação Cearense de Damas" in page and 'class="brand-logo"' in page and "/federacao/logo?v=" in page
    logo = client.get("/federacao/logo")
    assert logo.status_code == 200 and logo.mimetype == "image/png" and logo.data == row.logo
    assert client.get("/federacao/logo", headers={"If-None-Match": logo.headers["ETag"]}).status_code == 304
    entry = db.session.scalars(select(AuditEntry).where(AuditEntry.object_type == "federation_settings")).one()
    assert entry.action == "create" and entry.after["name"] == "Federação Cearense de Damas"
    assert entry.after["logo"].startswith("image/png")
    _save(client, None, name="FCD Nova")  # no new file: the logo stays
    db.session.expire_all()
    assert db.session.scalars(select(FederationSettings)).one().logo_mime == "image/png"
    update = db.session.scalars(select(AuditEntry).where(AuditEntry.action == "update")).one()
    assert update.before["name"] == "Federação Cearense de Damas" and update.after["name"] == "FCD Nova"
    _save(client, None, remove_logo="y")
    assert client.get("/federacao/logo").status_code == 302  # to the application's mark
    assert 'class="brand-logo"' not in client.get("/eventos/").get_data(as_text=True)


def test_pdf_header_has_the_name_and_the_logo(client, db, staff, make_event, make_player):  # type: ignore[no-untyped-def]
    _save(client, png((120, 60)))
    event = make_event(status=EventStatus.REGISTRATION, players=(make_player(), make_player()))
    response = client.get(f"/eventos/{event.id}/lista-inicial.pdf")
    assert response.status_code == 200
    text = subprocess.run(["pdftotext", "-", "-"], input=response.data, capture_output=True, check=True).stdout.decode()
    assert "Federação Cearense de Damas" in text
    images = subprocess.run(["pdfimages", "-list", "-", ], input=response.data, capture_output=True)
    if images.returncode != 0:  # older poppler reads no stdin: write the file
        import tempfile

        with tempfile.NamedTemporaryFile(suffix=".pdf") as f:
            f.write(response.data)
            f.flush()
            images = subprocess.run(["pdfimages", "-list", f.name], capture_output=True, check=True)
    listed = [line for line in images.stdout.decode().splitlines()[2:] if line.strip()]
    assert any(" 120 " in line and " 60 " in line for line in listed), images.stdout.decode()


def test_a_settings_change_is_on_the_next_cached_page(client, db, make_user, login_as, make_event):  # type: ignore[no-untyped-def]
    event = make_event(status=EventStatus.RUNNING, pairing_system="dutch")
    url = f"/eventos/{event.id}"
    first = client.get(url)
    assert first.status_code == 200 and DEFAULT in first.get_data(as_text=True)
    etag = first.headers["ETag"]
    assert client.get(url, headers={"If-None-Match": etag}).status_code == 304
    login_as(make_user(Role.STAFF))
    assert _save(client, None, name="Federação Renomeada").status_code == 302
    client.post("/conta/sair")
    client.get("/")  # the logout's flash message is shown (pages with one are not cached)
    again = client.get(url, headers={"If-None-Match": etag})
    assert again.status_code == 200 and "Federação Renomeada" in again.get_data(as_text=True)
    assert again.headers["ETag"] != etag


BAD_LOGOS = [
    (b"<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>", "logo.svg", "PNG ou JPEG"),
    (b"GIF89a" + b"\x00" * 20, "logo.png", "PNG ou JPEG"),
    (png()[:30], "logo.png", "não é uma imagem PNG ou JPEG válida"),
    (png((2100, 10)), "logo.png", "2100×10 pixels"),
    (b"\x89PNG\r\n\x1a\n" + b"\x00" * (federation_service.LOGO_MAX_BYTES + 1), "logo.png", "o máximo é 256 KB"),
]


@pytest.mark.parametrize("data,filename,message", BAD_LOGOS)
def test_a_bad_logo_is_refused_and_changes_nothing(client, db, staff, data, filename, message):  # type: ignore[no-untyped-def]
    response = _save(client, data, filename)
    assert response.status_code == 200 and message in response.get_data(as_text=True)
    assert db.session.scalar(select(func.count(FederationSettings.id))) == 0
    assert db.session.scalar(select(func.count(AuditEntry.id))) == 0


def test_a_jpeg_logo_is_accepted(client, db, staff):  # type: ignore[no-untyped-def]
    assert _save(client, png(kind="JPEG"), "logo.jpg").status_code == 302
    assert db.session.scalars(select(FederationSettings)).one().logo_mime == "image/jpeg"


@pytest.mark.parametrize("field,value", [("email", "sem-arroba"), ("phone", "abc"), ("website", "fcd.org.br"),
                                         ("name", " "), ("default_ruleset", "xyz")])
def test_bad_contacts_are_refused(client, db, staff, field, value):  # type: ignore[no-untyped-def]
    response = _save(client, None, **{field: value})
    assert response.status_code == 200
    assert db.session.scalar(select(func.count(FederationSettings.id))) == 0


def test_the_default_rule_set_starts_the_new_event_form(client, db, staff):  # type: ignore[no-untyped-def]
    _save(client, None, default_ruleset="club")
    page = client.get("/eventos/novo").get_data(as_text=True)
    assert 'selected value="club"' in page or 'value="club" selected' in page
    response = client.post("/eventos/novo", data={
        "name": "Aberto", "discipline": "damas-64", "ruleset": "fide", "pairing_system": "dutch", "planned_rounds": "5",
        "time_minutes": "45", "time_increment": "0", "start_date": "2026-12-10", "end_date": "2026-12-11"})
    assert response.status_code == 302  # what the staff picks is kept
    assert db.session.scalars(select(Event)).one().ruleset == "fide"


def test_only_staff_edit_the_settings(client, make_user, login_as):  # type: ignore[no-untyped-def]
    assert client.get("/federacao/").status_code == 302  # to the login page
    login_as(make_user(Role.ARBITER))
    assert client.get("/federacao/").status_code == 403
    assert _save(client, None).status_code == 403
