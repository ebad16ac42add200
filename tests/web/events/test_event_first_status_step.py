"""Issue 27 point 6: a new (draft) event offers "Abrir inscrições" as one button that says what
it does, beside the full status drop-down; the button opens registration; dates never wrap."""
from __future__ import annotations

import re

from damas.models import EventStatus, Role


def test_draft_event_offers_open_registration_button_that_opens_it(client, db, make_user, make_event, login_as):  # type: ignore[no-untyped-def]
    staff = make_user(Role.STAFF)
    event = make_event(status=EventStatus.DRAFT)
    login_as(staff)
    page = client.get(f"/eventos/{event.id}").get_data(as_text=True)
    assert "Abrir inscrições" in page and '<input type="hidden" name="status" value="registration">' in page
    assert re.search(r'<span class="date">\d\d/\d\d/\d{4}</span>', page)
    token = re.search(r'name="csrf_token" type="hidden" value="([^"]+)"', page)
    data = {"status": "registration"} | ({"csrf_token": token.group(1)} if token else {})
    assert client.post(f"/eventos/{event.id}/situacao", data=data).status_code == 302
    db.session.refresh(event)
    assert event.status == EventStatus.REGISTRATION
    assert "Abrir inscrições" not in client.get(f"/eventos/{event.id}").get_data(as_text=True)
