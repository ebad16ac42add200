"""Issue 14 point 12: /eventos/ lists a draft only to who may open it (staff; the arbiters
assigned to that event), as the event page itself does (access.visible_event)."""
from __future__ import annotations

from damas.models import EventStatus, Role


def _listed(client, event) -> bool:  # type: ignore[no-untyped-def]
    page = client.get("/eventos/").get_data(as_text=True)
    return f"/eventos/{event.id}\"" in page


def test_drafts_are_listed_only_to_who_may_open_them(client, make_user, make_player, make_event, login_as):  # type: ignore[no-untyped-def]
    assigned, unassigned, staff = make_user(Role.ARBITER), make_user(Role.ARBITER), make_user(Role.STAFF)
    player_user = make_user(Role.PLAYER, player_id=make_player().id)
    draft = make_event(name="Rascunho Secreto", status=EventStatus.DRAFT, arbiters=(assigned,))
    public = make_event(name="Aberto a Todos", status=EventStatus.REGISTRATION)
    assert not _listed(client, draft) and _listed(client, public)
    for user, sees in ((unassigned, False), (player_user, False), (assigned, True), (staff, True)):
        login_as(user)
        assert _listed(client, draft) is sees, user.role
        assert _listed(client, public)
        assert ("Rascunho Secreto" in client.get("/eventos/").get_data(as_text=True)) is sees
        assert client.get(f"/eventos/{draft.id}").status_code == (200 if sees else 404)
