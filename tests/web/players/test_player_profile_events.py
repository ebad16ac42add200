"""A player's federation profile lists his events; drafts only for their editors."""
from __future__ import annotations

from damas.models import EventStatus, Role


def test_profile_hides_draft_events_from_visitors(client, db, make_user, make_event, make_player, login_as):  # type: ignore[no-untyped-def]
    player = make_player(full_name="Perfil Público")
    make_event(name="Aberto Visível", players=(player,), status=EventStatus.RUNNING)
    make_event(name="Rascunho Secreto", players=(player,), status=EventStatus.DRAFT)
    page = client.get(f"/jogadores/{player.id}").get_data(as_text=True)
    assert "Aberto Visível" in page and "Rascunho Secreto" not in page
    login_as(make_user(Role.STAFF))
    page = client.get(f"/jogadores/{player.id}").get_data(as_text=True)
    assert "Aberto Visível" in page and "Rascunho Secreto" in page
