"""The change log shows the desk's own messages (an incident's consequence, a sanction) in the
reader's language: the audit records both wordings and the page picks one, so an English reader
does not get "1ª incidência: acrescentar 2 minutos ..."."""
from __future__ import annotations

from damas.models import Role
from tests.web.desk.test_desk import incident, running_event, sanction


def test_change_log_shows_desk_messages_in_the_readers_language(
        client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    arbiter = make_user(Role.ARBITER)
    event, (a, b, _c, _d) = running_event(db, make_event, make_player, (arbiter,), rounds=1)
    login_as(arbiter)
    incident(client, event, a, article="56")
    sanction(client, event, b, "verbal_warning")
    pt = client.get(f"/eventos/{event.id}/auditoria").get_data(as_text=True)
    assert "1ª incidência" in pt and "message_en" not in pt and "message en" not in pt
    en = client.get(f"/eventos/{event.id}/auditoria?lang=en").get_data(as_text=True)
    assert "1ª incidência" not in en and "Incidence no. 1: add 2 minutes" in en
    assert "message en" not in en
