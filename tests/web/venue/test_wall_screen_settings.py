"""The wall screen settings form (`/eventos/<id>/telao/configuracoes`): staff and the event's
arbiters save seconds per page and the standings' top N, audited; bad input is refused with a
message in Portuguese and nothing changes; the check-in settings of the same row stay."""
from __future__ import annotations

import pytest

from damas.models import AuditEntry, Role
from damas.models.venue import VenueSettings
from damas.services.errors import ServiceError
from damas.services.venue.screen import save_screen_settings, screen_settings
from tests.conftest import login

URL = "/eventos/{}/telao/configuracoes"


@pytest.fixture
def event_and_arbiter(make_user, make_player, make_event):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    return make_event(arbiters=(arbiter,), players=(make_player(), make_player())), arbiter


def _audits(db, event_id: int) -> list[AuditEntry]:  # type: ignore[no-untyped-def]
    db.session.expire_all()
    return db.session.query(AuditEntry).filter_by(event_id=event_id, action="screen_settings").all()


def test_arbiter_saves_the_settings_audited(client, db, event_and_arbiter):  # type: ignore[no-untyped-def]
    event, arbiter = event_and_arbiter
    login(client, arbiter)
    page = client.get(URL.format(event.id)).get_data(as_text=True)
    assert 'name="screen_seconds"' in page and 'value="12"' in page and 'value="20"' in page  # the defaults
    assert f"/eventos/{event.id}/telao" in page  # the link that opens the screen
    response = client.post(URL.format(event.id), data={"screen_seconds": "8", "screen_top_n": "30"})
    assert response.status_code == 302
    assert "Configurações do telão gravadas." in client.get(response.headers["Location"]).get_data(as_text=True)
    assert screen_settings(event) == screen_settings(event).__class__(8, 30)
    (audit,) = _audits(db, event.id)
    assert audit.user_id == arbiter.id and audit.object_type == "venue_settings"
    assert audit.before is None and audit.after == {"screen_seconds": 8, "screen_top_n": 30}
    client.post(URL.format(event.id), data={"screen_seconds": "15", "screen_top_n": "30"})
    assert _audits(db, event.id)[-1].before == {"screen_seconds": 8, "screen_top_n": 30}
    log = client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True)
    assert "Configurações do telão" in log and "segundos por página do telão" in log


@pytest.mark.parametrize(("seconds", "top_n", "message"), [
    ("2", "20", "Segundos por página: um número inteiro de 3 a 600."),
    ("601", "20", "Segundos por página: um número inteiro de 3 a 600."),
    ("12", "0", "Classificação no telão: um número inteiro de 1 a 200 jogadores."),
    ("12", "201", "Classificação no telão: um número inteiro de 1 a 200 jogadores."),
    ("doze", "20", "Informe um número inteiro"),
    ("12", "", "Campo obrigatório."),
    ("99999999999999999999999", "20", "Informe um número inteiro"),
])
def test_bad_input_refused_nothing_changes(client, db, event_and_arbiter, seconds, top_n, message):  # type: ignore[no-untyped-def]
    event, arbiter = event_and_arbiter
    login(client, arbiter)
    response = client.post(URL.format(event.id), data={"screen_seconds": seconds, "screen_top_n": top_n})
    assert response.status_code == 200
    page = response.get_data(as_text=True)
    assert message in page and "Corrija os campos indicados." in page
    assert db.session.get(VenueSettings, event.id) is None
    assert _audits(db, event.id) == []


def test_service_refuses_bad_values_and_keeps_check_in(db, make_user, event_and_arbiter):  # type: ignore[no-untyped-def]
    event, arbiter = event_and_arbiter
    db.session.add(VenueSettings(event_id=event.id, checkin_round_one=True, checkin_every_round=True))
    db.session.commit()
    for data, field in (({"screen_seconds": None, "screen_top_n": 5}, "screen_seconds"),
                        ({"screen_seconds": 5, "screen_top_n": "-1"}, "screen_top_n"),
                        ({"screen_seconds": True, "screen_top_n": 5}, "screen_seconds")):
        with pytest.raises(ServiceError) as refused:
            save_screen_settings(arbiter, event, data)
        assert refused.value.field == field
    save_screen_settings(arbiter, event, {"screen_seconds": 3, "screen_top_n": 200})
    db.session.expire_all()
    row = db.session.get(VenueSettings, event.id)
    assert (row.screen_seconds, row.screen_top_n, row.checkin_round_one, row.checkin_every_round) == (3, 200, True, True)


def test_other_arbiters_and_players_are_refused(client, db, make_user, event_and_arbiter):  # type: ignore[no-untyped-def]
    event, _arbiter = event_and_arbiter
    for role in (Role.ARBITER, Role.PLAYER):
        login(client, make_user(role))
        assert client.post(URL.format(event.id), data={"screen_seconds": "5", "screen_top_n": "5"}).status_code == 403
    assert db.session.get(VenueSettings, event.id) is None
    login(client, make_user(Role.STAFF))
    assert client.post(URL.format(event.id), data={"screen_seconds": "5", "screen_top_n": "5"}).status_code == 302
