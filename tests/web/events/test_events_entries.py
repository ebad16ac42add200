"""Events: creation with rate-of-play class, status flow, arbiters, entries and the start list."""
from __future__ import annotations

import shutil
import subprocess

import pytest

from damas.models import AuditEntry, Entry, Event, EventStatus, Role


def _event_form(**overrides):  # type: ignore[no-untyped-def]
    data = {
        "name": "Aberto de Fortaleza", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
        "planned_rounds": "7", "time_minutes": "15", "time_increment": "0", "start_date": "2026-12-10",
        "end_date": "2026-12-11", "venue": "Clube", "organiser": "FCD", "chief_arbiter": "AR", "notes": "",
    }
    data.update(overrides)
    return data


def test_staff_creates_event_and_page_shows_rate_class(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data=_event_form())
    assert response.status_code == 302
    event = db.session.query(Event).one()
    assert event.status == EventStatus.DRAFT
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert ", rápida" in page and "lista rápida" in page


def test_event_end_before_start_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data=_event_form(end_date="2026-12-01"))
    assert "A data de término é anterior à de início." in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0


def test_unknown_pairing_system_is_refused(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response = client.post("/eventos/novo", data=_event_form(pairing_system="nonsense"))
    assert response.status_code == 200
    assert db.session.query(Event).count() == 0


def test_draft_events_are_hidden_from_the_public(client, make_event):  # type: ignore[no-untyped-def]
    event = make_event(status=EventStatus.DRAFT, name="Rascunho Secreto")
    assert client.get(f"/eventos/{event.id}").status_code == 404
    assert "Rascunho Secreto" not in client.get("/eventos/").get_data(as_text=True)


def test_entries_are_numbered_by_rating_then_name(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event = make_event(arbiters=(arbiter,), time_minutes=60)
    low = make_player(full_name="Carlos Baixo", rating_regular=1400)
    high_b = make_player(full_name="Bruno Alto", rating_regular=1900)
    high_a = make_player(full_name="Ana Alta", rating_regular=1900)
    login_as(arbiter)
    for p in (low, high_b, high_a):
        assert client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": p.id}).status_code == 302
    numbers = {e.player.full_name: e.pairing_number for e in db.session.query(Entry).all()}
    assert numbers == {"Ana Alta": 1, "Bruno Alto": 2, "Carlos Baixo": 3}
    again = client.post(f"/eventos/{event.id}/inscricoes", data={"player_id": low.id}, follow_redirects=True)
    assert "Este jogador já está inscrito." in again.get_data(as_text=True)
    entry = db.session.query(Entry).filter_by(player_id=high_a.id).one()
    client.post(f"/eventos/{event.id}/inscricoes/{entry.id}/remover")
    numbers = {e.player.full_name: e.pairing_number for e in db.session.query(Entry).all()}
    assert numbers == {"Bruno Alto": 1, "Carlos Baixo": 2}
    actions = [a.action for a in db.session.query(AuditEntry).order_by(AuditEntry.id)]
    assert actions == ["create", "create", "create", "delete"]


def test_rating_at_entry_follows_the_rating_list(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    blitz = make_event(time_minutes=5)
    player = make_player(rating_regular=1800, rating_rapid=1650)
    login_as(staff)
    client.post(f"/eventos/{blitz.id}/inscricoes", data={"player_id": player.id})
    assert db.session.query(Entry).one().rating_at_entry == 1650


def test_status_flow_and_refusals(client, db, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(status=EventStatus.DRAFT)
    login_as(staff)
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    assert db.session.get(Event, event.id).status == EventStatus.REGISTRATION
    response = client.post(f"/eventos/{event.id}/situacao", data={"status": "running"}, follow_redirects=True)
    assert "São necessários pelo menos 2 inscritos para iniciar." in response.get_data(as_text=True)
    assert db.session.get(Event, event.id).status == EventStatus.REGISTRATION
    response = client.post(f"/eventos/{event.id}/situacao", data={"status": "finished"}, follow_redirects=True)
    assert db.session.get(Event, event.id).status == EventStatus.REGISTRATION


def test_arbiter_assignment_gives_edit_rights(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff, arbiter = make_user(Role.STAFF), make_user(Role.ARBITER)
    event = make_event()
    login_as(arbiter)
    assert client.get(f"/eventos/{event.id}/editar").status_code == 403
    login_as(staff)
    client.post(f"/eventos/{event.id}/arbitros", data={"user_id": arbiter.id})
    login_as(arbiter)
    assert client.get(f"/eventos/{event.id}/editar").status_code == 200


@pytest.mark.skipif(shutil.which("pdftotext") is None, reason="poppler-utils not installed")
def test_start_list_pdf(client, make_player, make_event, tmp_path):  # type: ignore[no-untyped-def]
    players = [make_player(full_name=f"Pessoa {i}", rating_regular=2000 - i) for i in range(3)]
    event = make_event(name="Copa PDF", players=tuple(players))
    response = client.get(f"/eventos/{event.id}/lista-inicial.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    pdf = tmp_path / "start.pdf"
    pdf.write_bytes(response.data)
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    assert "Copa PDF" in text and "Lista inicial" in text and "Pessoa 2" in text
    assert "página 1 de 1" in text


def test_zero_rounds_or_minutes_get_the_range_message(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    """0 is a number out of range, not a missing field: "Entre 1 e 99 rodadas.", not "Campo obrigatório."."""
    login_as(make_user(Role.STAFF))
    page = client.post("/eventos/novo", data=_event_form(planned_rounds="0", time_minutes="0")).get_data(as_text=True)
    assert "Entre 1 e 99 rodadas." in page and "Entre 1 e 600 minutos." in page
    assert db.session.query(Event).count() == 0
