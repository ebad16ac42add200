"""Issue 17, point 7: the status selector starts at the current status, going back to draft
from open registration asks for confirmation on the server, and a new user starts as player."""
from __future__ import annotations

import re

from damas.models import AuditEntry, EventStatus, Role


def _selected(html: str, name: str) -> str | None:
    select = html.split(f'name="{name}"', 1)[1].split("</select>", 1)[0]
    found = re.search(r'<option[^>]*selected[^>]*value="([^"]+)"|<option[^>]*value="([^"]+)"[^>]*selected', select)
    return next(g for g in found.groups() if g) if found else None


def test_status_selector_defaults_to_the_current_status(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(status=EventStatus.REGISTRATION)
    login_as(staff)
    html = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert _selected(html, "status") == "registration"
    # "Aplicar" without a choice keeps the status
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    db.session.expire_all()
    assert event.status == EventStatus.REGISTRATION


def test_back_to_draft_from_open_registration_asks_for_confirmation(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(status=EventStatus.REGISTRATION)
    login_as(staff)
    before = db.session.query(AuditEntry).count()
    response = client.post(f"/eventos/{event.id}/situacao", data={"status": "draft"})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert "Confirmar mudança de situação" in page and 'name="confirm" value="1"' in page
    db.session.expire_all()
    assert event.status == EventStatus.REGISTRATION and db.session.query(AuditEntry).count() == before
    response = client.post(f"/eventos/{event.id}/situacao", data={"status": "draft", "confirm": "1"})
    assert response.status_code == 302
    db.session.expire_all()
    assert event.status == EventStatus.DRAFT


def test_new_user_form_defaults_to_the_least_privileged_role(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    html = client.get("/usuarios/novo").get_data(as_text=True)
    assert _selected(html, "role") == "player"


def test_time_control_prints_once_on_pages_and_pdfs(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    """Issue 17, point 9: "60x60, normal", never "60x60 (Normal (clássica))"."""
    from tests.web.reports.test_reports_pdf import pdf_text

    players = tuple(make_player() for _ in range(4))
    event = make_event(time_minutes=60, players=players)
    login_as(make_user(Role.STAFF))
    for url in (f"/eventos/{event.id}", "/eventos/", "/", f"/eventos/{event.id}/editar"):
        text = " ".join(re.sub(r"<[^>]+>", " ", client.get(url).get_data(as_text=True)).split())
        assert "60x60, normal" in text, url
        assert "(Normal (clássica))" not in text and "— Normal (clássica)" not in text, url
    for path in ("lista-inicial", "folheto"):
        text = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/{path}.pdf").data).split())
        assert "60x60, normal" in text and "Normal (clássica)" not in text, path
