"""The invitation's event data (FIDE-GR "Invitation"): planned round times and the organiser's
contacts on the event form, validated and audited, shown on the invitation page, the brochure
(page and PDF) and the JSON API; the registration deadline comes from the registration rules."""
from __future__ import annotations

from damas.models import AuditEntry, Event, Role
from tests.web.reports.test_reports_pdf import pdf_text

FORM = {
    "name": "Aberto do Convite", "discipline": "damas-64", "ruleset": "cbjd", "pairing_system": "berger",
    "planned_rounds": "3", "time_minutes": "60", "time_increment": "0",
    "start_date": "2026-12-05", "end_date": "2026-12-06", "venue": "Sede da Federação",
    "organiser": "Federação de Teste",
}
INVITATION = {
    "round_schedule": "05/12/2026 09:00\n\n05/12/2026  14:30\n06/12/2026 09:00",
    "contact_email": "contato@federacao.org.br", "contact_phone": "+55 (85) 3000-1234",
    "website": "https://federacao.org.br/aberto",
}


def _create(client, db, **extra):  # type: ignore[no-untyped-def]
    response = client.post("/eventos/novo", data={**FORM, **extra})
    return response, db.session.query(Event).one_or_none()


def test_event_form_stores_round_times_and_contacts_and_shows_them_everywhere(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    response, event = _create(client, db, **INVITATION)
    assert response.status_code == 302 and event is not None
    assert event.round_times == ["2026-12-05T09:00", "2026-12-05T14:30", "2026-12-06T09:00"]
    assert (event.contact_email, event.contact_phone, event.website) == (
        "contato@federacao.org.br", "+55 (85) 3000-1234", "https://federacao.org.br/aberto")
    created = db.session.query(AuditEntry).filter_by(action="create", object_type="event").one()
    assert created.after["round_times"] == event.round_times
    assert created.after["website"] == "https://federacao.org.br/aberto"

    edit = client.get(f"/eventos/{event.id}/editar").get_data(as_text=True)
    assert "05/12/2026 09:00\n05/12/2026 14:30\n06/12/2026 09:00" in edit
    assert 'type="email"' in edit and 'type="tel"' in edit and 'type="url"' in edit
    client.post(f"/eventos/{event.id}/editar", data={
        **FORM, **INVITATION, "round_schedule": "05/12/2026 09:00\n05/12/2026 15:00", "contact_phone": ""})
    db.session.expire_all()
    event = db.session.get(Event, event.id)
    assert event.round_times == ["2026-12-05T09:00", "2026-12-05T15:00"] and event.contact_phone == ""
    update = db.session.query(AuditEntry).filter_by(action="update", object_type="event").one()
    assert update.before["round_times"][1] == "2026-12-05T14:30" and update.after["round_times"][1] == "2026-12-05T15:00"
    assert update.before["contact_phone"] == "+55 (85) 3000-1234" and update.after["contact_phone"] == ""

    # The registration deadline is the registration rules' closing time, shown even when the
    # organisation takes the entries itself.
    client.post(f"/eventos/{event.id}/situacao", data={"status": "registration"})
    client.post(f"/eventos/{event.id}/inscricao/regras", data={
        "closes_at": "2026-12-04T18:00", "guest_policy": "open", "guest_places": "0",
        "schedule": "Congresso técnico às 8h30", "contacts": "Diretor: Fulano"})
    assert "Congresso técnico" in db.session.query(AuditEntry).filter_by(
        object_type="registration_settings").one().after["schedule"]

    page = client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)
    assert "Horários das rodadas" in page
    assert "Rodada 1: 05/12/2026 09:00" in page and "Rodada 2: 05/12/2026 15:00" in page
    assert 'href="mailto:contato@federacao.org.br"' in page and 'href="https://federacao.org.br/aberto"' in page
    assert "Diretor: Fulano" in page and "Prazo de inscrição" in page and "até 04/12/2026 18:00" in page

    brochure = client.get(f"/eventos/{event.id}/relatorios/folheto").get_data(as_text=True)
    assert "<td>05/12/2026</td><td>15:00</td>" in brochure
    assert "contato@federacao.org.br" in brochure and "Congresso técnico às 8h30" in brochure
    assert "até 04/12/2026 18:00" in brochure
    text = " ".join(pdf_text(client.get(f"/eventos/{event.id}/relatorios/folheto.pdf").data).split())
    assert "05/12/2026 15:00" in text and "https://federacao.org.br/aberto" in text and "04/12/2026 18:00" in text

    api = client.get(f"/api/v1/events/{event.id}").get_json()
    assert api["round_times"] == [{"round": 1, "starts_at": "2026-12-05T09:00"},
                                  {"round": 2, "starts_at": "2026-12-05T15:00"}]
    assert api["organiser_contacts"] == {"email": "contato@federacao.org.br", "phone": "",
                                         "website": "https://federacao.org.br/aberto"}
    assert api["registration"]["closes_at"].startswith("2026-12-04")
    assert "organiser_contacts" in client.get("/api/v1/").get_json()["documentation"]


BAD = [
    ({"round_schedule": "05/12/2026 9h"}, "Rodada 1: use dia/mês/ano hora:minuto"),
    ({"round_schedule": "05/12/2026 09:00\n31/02/2026 10:00"}, "Rodada 2: use dia/mês/ano hora:minuto"),
    ({"round_schedule": "05/12/2026 09:00\n05/12/2026 14:00\n06/12/2026 09:00\n06/12/2026 14:00"},
     "Há mais horários (4) do que rodadas previstas (3)."),
    ({"round_schedule": "04/12/2026 09:00"}, "Rodada 1: a data fica fora do período do evento."),
    ({"round_schedule": "05/12/2026 14:00\n05/12/2026 14:00"},
     "Rodada 2: o horário deve ser depois do da rodada anterior."),
    ({"contact_email": "contato-arroba-federacao"}, "E-mail de contato inválido."),
    ({"contact_phone": "ligue já"}, "Telefone inválido"),
    ({"contact_phone": "1234"}, "Telefone inválido"),
    ({"website": "federacao.org.br"}, "Informe o site completo, começando com https:// ou http://."),
    ({"website": "ftp://federacao.org.br"}, "Informe o site completo"),
]


def test_bad_invitation_data_is_refused_with_a_message_and_nothing_written(client, db, make_user, login_as):  # type: ignore[no-untyped-def]
    login_as(make_user(Role.STAFF))
    for extra, message in BAD:
        response, event = _create(client, db, **extra)
        assert response.status_code == 200, extra
        assert message in response.get_data(as_text=True), extra
        assert event is None and db.session.query(AuditEntry).count() == 0
    # On edit too: the stored values stay.
    _response, event = _create(client, db, **INVITATION)
    page = client.post(f"/eventos/{event.id}/editar", data={**FORM, **INVITATION, "planned_rounds": "2"})
    assert "Há mais horários (3) do que rodadas previstas (2)." in page.get_data(as_text=True)
    db.session.expire_all()
    assert db.session.get(Event, event.id).planned_rounds == 3
    assert db.session.query(AuditEntry).filter_by(action="update").count() == 0


def test_the_demo_championship_invitation_is_filled_in(app, client, db):  # type: ignore[no-untyped-def]
    from damas.cli import damas_cli

    app.test_cli_runner().invoke(damas_cli, ["demo"])
    event = db.session.query(Event).filter(Event.name.like("Campeonato Cearense%")).one()
    assert len(event.round_times) == event.planned_rounds == 7
    page = client.get(f"/eventos/{event.id}/inscricao").get_data(as_text=True)
    assert "Rodada 7:" in page and "federacao@demo.damas.br" in page and "https://demo.damas.br/cearense" in page
    brochure = client.get(f"/eventos/{event.id}/relatorios/folheto").get_data(as_text=True)
    assert "Prazo de inscrição" in brochure and "Sábado 9h, 14h, 18h" in brochure
